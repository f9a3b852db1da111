// GET /api/v1/agent/claim/:id/challenge (an agent) and POST /api/v1/claim/challenge (the holder of a claim link).
import { jsonBody } from '@mcp-directory/shared/http'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { agentOf, linkHolderOf } from '../claimants/claimant'
import type { ClaimContext } from '../context'
import { getClaimChallenge, getClaimLinkChallenge } from './contract'
import { challenge } from './service'

const MAX_BODY = 8 * 1024
// A challenge is never cached: its proof is personal. Set once it is made, so an error keeps an error's headers.
const NO_STORE = { 'cache-control': 'no-store' }

/** The challenge routes. */
export const challengeRoutes = (ctx: ClaimContext) =>
  new Elysia({ name: 'claim-verifier:challenge' })
    .use(
      mount(getClaimChallenge, async ({ params, request, set }) => {
        const answer = await challenge(ctx, params.id, agentOf(request))
        Object.assign(set.headers, NO_STORE)
        return answer
      }),
    )
    .use(
      mount(
        getClaimLinkChallenge,
        async ({ body, set }) => {
          const answer = await challenge(ctx, body.id, await linkHolderOf(ctx.deps.submission, body.id, body.token))
          Object.assign(set.headers, NO_STORE)
          return answer
        },
        { parse: jsonBody(MAX_BODY) },
      ),
    )
