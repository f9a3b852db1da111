// For the claim-verifier only (never routed by the gateway): does this secret open this listing's claim_url?
import type { Database } from '@mcp-directory/shared/db'
import { json, jsonBody } from '@mcp-directory/shared/http'
import { Elysia } from 'elysia'
import { claimTokenMatches } from '../submissions/service'
import { ClaimTokenCheck } from './model'

/** The internal claim-token check. */
export const claimTokenRoutes = (database: Database) =>
  new Elysia().post(
    '/internal/claim-tokens/verify',
    async ({ body }) => json({ valid: await claimTokenMatches(database, body.id, body.token) }),
    { parse: jsonBody(4096), body: ClaimTokenCheck },
  )
