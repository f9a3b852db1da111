// A token's own routes: revocation and /me (the token itself is the credential), and the gateway's introspection.
import {
  type AgentScope,
  bearerChallenge,
  bearerFailure,
  type BearerFailure,
  readBearer,
} from '@mcp-directory/shared/agent-tokens'
import type { Database } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import { jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { getAgentToken, introspectToken, revokeAgentToken } from './contract'
import { introspect, revoke, revokeAll } from './service'

/** What the token routes need. */
export interface TokenRouteDeps {
  database: Database
  baseUrl: string
  log: Logger
  /** Called after a revocation (the outbox relay is nudged). */
  revoked: () => void
  now?: () => Date
  maxBodyBytes: number
}

/** The 401 of a missing or bad token, with its WWW-Authenticate challenge. */
export function unauthorized(baseUrl: string, failure: BearerFailure) {
  const f = bearerFailure(failure)
  return new AppError(f.status, f.code, f.message, undefined, {
    'www-authenticate': bearerChallenge(baseUrl, failure),
    'cache-control': 'no-store',
  })
}

/** Revoke, /me, and the internal introspection (never in the gateway's public route table). */
export function tokenRoutes(deps: TokenRouteDeps) {
  const { database } = deps
  const refuse = (failure: BearerFailure) => unauthorized(deps.baseUrl, failure)
  // The token itself is checked here (not only the gateway's headers): this service is the authority.
  const tokenOf = (request: Request) => {
    const cred = readBearer(request)
    if (cred.kind === 'none') throw refuse({ kind: 'missing' })
    if (cred.kind === 'malformed') throw refuse({ kind: 'invalid_token' })
    return cred.token
  }
  return new Elysia()
    .use(
      mount(
        revokeAgentToken,
        async ({ request, query, set }) => {
          set.headers['cache-control'] = 'no-store'
          if (query.all === '1') {
            const tokenIds = await revokeAll(database, tokenOf(request), deps.now?.())
            if (!tokenIds) throw refuse({ kind: 'invalid_token' })
            deps.revoked()
            deps.log.info({ tokenIds }, 'every token of an agent revoked')
            const n = tokenIds.length
            return {
              success: true,
              message: `${n} token${n === 1 ? '' : 's'} of this agent revoked, this one included`,
            }
          }
          const tokenId = await revoke(database, tokenOf(request), deps.now?.())
          if (!tokenId) throw refuse({ kind: 'invalid_token' })
          deps.revoked()
          deps.log.info({ tokenId }, 'agent token revoked')
          return { success: true, message: 'Token revoked' }
        },
        { parse: 'none' },
      ),
    )
    .use(
      mount(getAgentToken, async ({ request, set }) => {
        const found = await introspect(database, tokenOf(request), deps.now?.())
        if (!found.active) throw refuse({ kind: 'invalid_token' })
        set.headers['cache-control'] = 'no-store'
        // A stored token's scopes were checked against the supported list when it was registered.
        const scopes = found.scopes as AgentScope[]
        return { agentId: found.agentId, tokenId: found.tokenId, scopes, expiresAt: found.expiresAt }
      }),
    )
    .use(
      mount(
        introspectToken,
        async ({ body, set }) => {
          set.headers['cache-control'] = 'no-store'
          return introspect(database, body.token, deps.now?.())
        },
        { parse: jsonBody(deps.maxBodyBytes) },
      ),
    )
}
