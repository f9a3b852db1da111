// The operator's moderation API: the queue and the three verbs. The contracts' operator guard (`mount`) checks the
// token before anything of the request is read.
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import type { Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { readJsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { withoutNulls } from '../http/body'
import { adminApproveListing, adminFlagListing, adminListListings, adminRejectListing } from './contract'
import type { ListingParams, ReasonBody } from './model'
import { moderate, type Verb } from './service'

const MAX_REASON_BODY = 16 * 1024

/** What the moderation routes need. */
export interface ModerationDeps {
  database: Database
  catalog: CatalogClient
  log: Logger
}

/** The reason body of a verb: a bare POST (no body, no content type) is the usual approve, and gives no reason. */
async function reasonBody({ request }: { request: Request }): Promise<unknown> {
  if (!request.headers.get('content-type')) {
    if (Number(request.headers.get('content-length') ?? 0) > MAX_REASON_BODY)
      throw new AppError(413, 'payload_too_large', `The body must be at most ${MAX_REASON_BODY} bytes`)
    if ((await request.text()).trim() === '') return {}
    throw new AppError(400, 'bad_request', 'Send the body as JSON with Content-Type: application/json')
  }
  const body = await readJsonBody(request, MAX_REASON_BODY)
  return body === null ? {} : withoutNulls(body)
}

/** The queue and the verbs. */
export function moderationRoutes(deps: ModerationDeps) {
  const { database, catalog, log } = deps
  const verb =
    (v: Verb) =>
    async ({ params, body }: { params: ListingParams; body: ReasonBody }) => {
      const change = await moderate(database, catalog, params.id, v, body.reason?.trim() || null, 'operator')
      log.info({ id: change.id, from: change.from, to: change.to }, `operator: ${v}`)
      return {
        success: true,
        message: `${change.name}: ${change.from} → ${change.to}`,
        id: change.id,
        name: change.name,
        from: change.from,
        status: change.to,
        reason: change.reason,
        at: change.at,
      }
    }
  const verbOptions = { parse: reasonBody }
  return new Elysia()
    .use(
      mount(adminListListings, async ({ query }) =>
        catalog.queue(query.status ?? 'pending', query.limit ?? 50, query.offset ?? 0),
      ),
    )
    .use(mount(adminApproveListing, verb('approve'), verbOptions))
    .use(mount(adminRejectListing, verb('reject'), verbOptions))
    .use(mount(adminFlagListing, verb('flag'), verbOptions))
}
