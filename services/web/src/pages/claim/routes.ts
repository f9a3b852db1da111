import { claimListingWithLink, getClaimLinkChallenge } from '@mcp-directory/claim-verifier/contracts'
import { DEFAULT_CLAIM_METHOD } from '@mcp-directory/claim-verifier/model'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { answer, type PageAnswer } from '../../answer'
import { tryCall } from '../../api'
import type { PageContext } from '../../context'
import { readForm } from '../../forms'
import { html } from '../../html'
import { readFields } from '../../models'
import { claimForm, claimPage } from './contract'
import { ClaimForm, ClaimQuery } from './model'
import { type ClaimOutcome, claimBody, claimErrorBody } from './view'

// The claim secret is in the address and the form: never sent on as a Referer, never cached.
const NO_LEAK = { referrerPolicy: 'no-referrer', noStore: true } as const

/** The page with the listing's challenge, and the outcome of the last verification if there was one. */
async function challengePage(
  ctx: PageContext,
  request: Request,
  claim: { id: string; token: string },
  outcome: ClaimOutcome,
  status = 200,
): Promise<PageAnswer> {
  const { id, token } = claim
  const c = await tryCall(ctx.api, getClaimLinkChallenge, { body: { id, token } }, ctx.callerOf(request))
  if (!c.ok) {
    // After a successful claim the page still says so, even if the challenge is no longer offered.
    if (outcome?.ok)
      return ctx.page(
        'Verified',
        html`<h1>Verified</h1><p>${outcome.answer.message}</p><p><a href="/servers/${encodeURIComponent(id)}">Open the listing page</a></p>`,
        NO_LEAK,
      )
    if (c.status === 429 || c.status >= 500) return ctx.errorPage(c.status, c.error, c.headers)
    return ctx.page('Claim', claimErrorBody(c.error), { ...NO_LEAK, status: c.status })
  }
  return ctx.page(`Verify ${c.data.name}`, claimBody(token, c.data, outcome), { ...NO_LEAK, status })
}

const noToken = (ctx: PageContext, message: string) =>
  ctx.page('Claim', claimErrorBody({ error: 'invalid_claim_token', message }), { ...NO_LEAK, status: 400 })

/** A verify button's post: the verification, then the page again with its outcome. */
async function verify(ctx: PageContext, id: string, request: Request): Promise<PageAnswer> {
  // The claim secret in the form is its token; a post from another site is refused before it is read.
  const refused = ctx.refuseCrossSite(request)
  if (refused) return refused
  const raw = await readForm(request)
  const form = raw && readFields(ClaimForm, raw)
  if (!form) return noToken(ctx, 'The form carried no claim secret; open the claim link again.')
  const { token } = form
  const method = form.method || DEFAULT_CLAIM_METHOD
  const websiteUrl = (form.websiteUrl ?? '').trim()
  // The method is the visitor's, as sent: the claim endpoint checks it against its model.
  const body = { id, token, method, ...(websiteUrl ? { websiteUrl } : {}) } as BodyOf<typeof claimListingWithLink>
  const r = await tryCall(ctx.api, claimListingWithLink, { body }, ctx.callerOf(request))
  if (!r.ok && (r.status === 429 || r.status >= 500)) return ctx.errorPage(r.status, r.error, r.headers)
  if (!r.ok && (r.status === 403 || r.status === 404))
    return ctx.page('Claim', claimErrorBody(r.error), { ...NO_LEAK, status: r.status })
  const outcome: ClaimOutcome = r.ok ? { ok: true, answer: r.data } : { ok: false, error: r.error }
  return challengePage(ctx, request, { id, token }, outcome, r.ok ? 200 : r.status)
}

/** `/claim/:id`: the ownership-verification page (claim_url) and its verify forms. */
export function claimRoutes(ctx: PageContext) {
  return new Elysia()
    .use(
      mount(claimPage, async ({ params, request, set }) => {
        const query = readFields(ClaimQuery, new URL(request.url).searchParams)
        if (!query)
          return answer(set, noToken(ctx, 'This address has no claim secret (the token parameter of the claim link).'))
        return answer(set, await challengePage(ctx, request, { id: params.id, token: query.token }, null))
      }),
    )
    .use(
      mount(claimForm, async ({ params, request, set }) => answer(set, await verify(ctx, params.id, request)), {
        parse: 'none',
      }),
    )
}
