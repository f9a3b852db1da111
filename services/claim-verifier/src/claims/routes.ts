// POST /api/v1/agent/claim (an agent) and POST /api/v1/claim (the holder of a claim link).
import { jsonBody } from '@mcp-directory/shared/http'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { agentOf, linkHolderOf } from '../claimants/claimant'
import type { ClaimContext } from '../context'
import { claimListing, claimListingWithLink } from './contract'
import { claim } from './service'

const MAX_BODY = 8 * 1024
const requestIdOf = (request: Request) => request.headers.get('x-request-id')

/** The claim routes. */
export const claimRoutes = (ctx: ClaimContext) =>
  new Elysia({ name: 'claim-verifier:claims' })
    .use(
      mount(claimListing, ({ body, request }) => claim(ctx, body, agentOf(request), requestIdOf(request)), {
        // Without an agent the answer is 401, whatever the body (checked before the model).
        transform: ({ request }: { request: Request }) => void agentOf(request),
        parse: jsonBody(MAX_BODY),
      }),
    )
    .use(
      mount(
        claimListingWithLink,
        async ({ body, request }) =>
          claim(ctx, body, await linkHolderOf(ctx.deps.submission, body.id, body.token), requestIdOf(request)),
        { parse: jsonBody(MAX_BODY) },
      ),
    )
