import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { healthCheck, mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { getHealth } from './contract'

/** The health probe every service serves (shared: 200 `{status, timestamp}`, 500 without the database). */
export const healthRoutes = (database: Database, log: Logger) =>
  new Elysia({ name: 'catalog:health' }).use(mount(getHealth, healthCheck({ database, log })))
