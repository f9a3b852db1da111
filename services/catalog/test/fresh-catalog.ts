// A catalog on a fresh migrated PostgreSQL database with an in-process bus: made before a file's tests, closed and
// dropped after them.
import { afterAll, beforeAll } from 'bun:test'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, testConfig, type FreshDatabase } from '@mcp-directory/shared/testing'
import { type CatalogDeps, createCatalogApp, type CatalogService } from '../src'

/** The file's catalog (with `extra` of its dependencies) and its database, set once its `beforeAll` ran. */
export function freshCatalog(
  operatorToken: string,
  extra: Partial<CatalogDeps> = {},
): { database: Database; catalog: CatalogService } {
  const log = createLogger('test', 'silent')
  const made = {} as { database: Database; catalog: CatalogService; fresh: FreshDatabase }
  beforeAll(async () => {
    made.fresh = await createFreshDatabase()
    made.database = await openDatabase({ url: made.fresh.url })
    await runMigrations(made.database)
    made.catalog = createCatalogApp({
      config: testConfig(),
      database: made.database,
      bus: createMemoryBus(),
      log,
      operatorToken,
      ...extra,
    })
  })
  afterAll(async () => {
    await made.catalog?.close()
    await made.database?.close()
    await made.fresh?.drop()
  })
  return made
}
