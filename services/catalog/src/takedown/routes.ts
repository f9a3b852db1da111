// The operator's takedown, on its public path (the gateway routes it here: the catalog owns listings).
import type { Database } from '@mcp-directory/shared/db'
import { jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { adminTakedownListing } from './contract'
import { takeDownListing } from './service'

/** What the takedown route needs. */
export interface TakedownDeps {
  database: Database
  log: Logger
  /** After a commit that wrote listing events, naming the listings. */
  nudge: (ids?: string[]) => void
}

/** The takedown route, mounted on the catalog app. */
export function takedownRoutes(deps: TakedownDeps) {
  return new Elysia({ name: 'catalog:takedown' }).use(
    mount(
      adminTakedownListing,
      async ({ params, body }) => {
        const result = await takeDownListing(deps.database, params.id, body.reason.trim())
        if (result.changed) {
          deps.nudge([result.id])
          deps.log.warn({ id: result.id, name: result.name, from: result.from }, 'operator: listing taken down')
        }
        return {
          success: true,
          message: `${result.name} ${result.changed ? 'is taken down' : 'was already taken down'}`,
          ...result,
        }
      },
      // The contract's operator guard runs before this reader: without the token a 401, never a hint from the body.
      { parse: jsonBody(16 * 1024) },
    ),
  )
}
