// For the claim-verifier only (never routed by the gateway): does this secret open this listing's claim_url?
import type { Database } from '@mcp-directory/shared/db'
import { jsonBody } from '@mcp-directory/shared/http'
import { mount } from '@mcp-directory/shared/service'
import { claimTokenMatches } from '../submissions/service'
import { verifyClaimToken } from './contract'

/** The internal claim-token check. */
export const claimTokenRoutes = (database: Database) =>
  mount(verifyClaimToken, async ({ body }) => ({ valid: await claimTokenMatches(database, body.id, body.token) }), {
    parse: jsonBody(4096),
  })
