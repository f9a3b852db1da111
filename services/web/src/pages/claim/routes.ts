import { Elysia } from 'elysia'
import { callApi } from '../../api'
import type { PageContext } from '../../context'
import { readForm } from '../../forms'
import { html } from '../../html'
import { readFields } from '../../models'
import { ClaimForm, ClaimQuery } from './model'
import { type Challenge, type ClaimAnswer, type ClaimOutcome, claimBody, claimErrorBody } from './view'

// The claim secret is in the address and the form: never sent on as a Referer, never cached.
const NO_LEAK = { referrerPolicy: 'no-referrer', noStore: true } as const

/** `/claim/:id`: the ownership-verification page (claim_url) and its verify forms. */
export function claimRoutes(ctx: PageContext) {
  /** The page with the listing's challenge, and the outcome of the last verification if there was one. */
  async function claimPage(request: Request, id: string, token: string, outcome: ClaimOutcome, status = 200) {
    const c = await callApi<Challenge>(ctx.api, '/api/v1/claim/challenge', ctx.callerOf(request), {
      method: 'POST',
      body: { id, token },
    })
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

  const noToken = (message: string) =>
    ctx.page('Claim', claimErrorBody({ error: 'invalid_claim_token', message }), { ...NO_LEAK, status: 400 })

  return new Elysia()
    .get('/claim/:id', async ({ params, request }) => {
      const query = readFields(ClaimQuery, new URL(request.url).searchParams)
      if (!query) return noToken('This address has no claim secret (the token parameter of the claim link).')
      return claimPage(request, params.id, query.token, null)
    })
    .post(
      '/claim/:id',
      async ({ params, request }) => {
        // The claim secret in the form is its token; a post from another site is refused before it is read.
        const refused = ctx.refuseCrossSite(request)
        if (refused) return refused
        const raw = await readForm(request)
        const form = raw && readFields(ClaimForm, raw)
        if (!form) return noToken('The form carried no claim secret; open the claim link again.')
        const { token } = form
        const method = form.method || 'dns'
        const websiteUrl = (form.websiteUrl ?? '').trim()
        const r = await callApi<ClaimAnswer>(ctx.api, '/api/v1/claim', ctx.callerOf(request), {
          method: 'POST',
          body: { id: params.id, token, method, ...(websiteUrl ? { websiteUrl } : {}) },
        })
        if (!r.ok && (r.status === 429 || r.status >= 500)) return ctx.errorPage(r.status, r.error, r.headers)
        if (!r.ok && (r.status === 403 || r.status === 404))
          return ctx.page('Claim', claimErrorBody(r.error), { ...NO_LEAK, status: r.status })
        const outcome: ClaimOutcome = r.ok ? { ok: true, answer: r.data } : { ok: false, error: r.error }
        return claimPage(request, params.id, token, outcome, r.ok ? 200 : r.status)
      },
      { parse: 'none' },
    )
}
