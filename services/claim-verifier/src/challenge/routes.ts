// GET /api/v1/agent/claim/:id/challenge (an agent) and POST /api/v1/claim/challenge (the holder of a claim link).
import { Elysia } from 'elysia'
import { jsonBody } from '@mcp-directory/shared/http'
import { agentOf, linkHolderOf } from '../claimants/claimant'
import type { ClaimContext } from '../context'
import { Challenge, ChallengeParams, LinkChallengeBody } from './model'
import { challenge } from './service'

const MAX_BODY = 8 * 1024

/** The challenge routes. */
export const challengeRoutes = (ctx: ClaimContext) =>
  new Elysia({ name: 'claim-verifier:challenge' })
    .get('/api/v1/agent/claim/:id/challenge', ({ params, request }) => challenge(ctx, params.id, agentOf(request)), {
      params: ChallengeParams,
      response: { 200: Challenge },
    })
    .post(
      '/api/v1/claim/challenge',
      async ({ body }) => challenge(ctx, body.id, await linkHolderOf(ctx.deps.submission, body.id, body.token)),
      { parse: jsonBody(MAX_BODY), body: LinkChallengeBody, response: { 200: Challenge } },
    )
