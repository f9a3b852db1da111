// Claiming any listing from the web with the agent claim API's own operations. That API takes a Bearer token of
// scope listings:claim, which also lets its holder edit every listing it owns: too much for a page to keep. So each
// step that needs one gets its own from the visitor's e-mail code (register, then confirm, as an agent does), uses it
// once and revokes it before answering; the token is never in a page, a cookie, the store or a log line.
import { confirmAgentRegistration, registerAgent, revokeAgentToken } from '@mcp-directory/agent-auth/contracts'
import { getServerById } from '@mcp-directory/catalog/contracts'
import { claimListing, getClaimChallenge } from '@mcp-directory/claim-verifier/contracts'
import { DEFAULT_CLAIM_METHOD } from '@mcp-directory/claim-verifier/model'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { answer, type PageAnswer } from '../../answer'
import { type ApiResult, tryCall } from '../../api'
import type { PageContext } from '../../context'
import { MAX_ID_LENGTH, readForm } from '../../forms'
import type { html } from '../../html'
import { readFields } from '../../models'
import { ownerClaimForm, ownerClaimPage } from './contract'
import { ChallengeStep, CodeStep, VerifyStep } from './model'
import { type Claimed, codeBody, methodsPage, type Purpose, startBody, verifiedBody } from './view'

// The pages carry an e-mail address and a code: never sent on as a Referer, never cached.
const NO_LEAK = { referrerPolicy: 'no-referrer', noStore: true } as const

type Step = { ctx: PageContext; request: Request; l: Claimed }

const show = (s: Step, body: ReturnType<typeof html>, status = 200) =>
  s.ctx.page(`Claim ${s.l.name}`, body, { ...NO_LEAK, status })

/** A refusal the page cannot turn into advice (rate limited, the API down): the error page with its headers. */
const fatal = (s: Step, r: Extract<ApiResult<unknown>, { ok: false }>) =>
  r.status === 429 || r.status >= 500 ? s.ctx.errorPage(r.status, r.error, r.headers) : null

/** The listing, or the page that says why there is none to claim. */
async function claimedOf(ctx: PageContext, id: unknown, request: Request): Promise<Claimed | PageAnswer> {
  if (typeof id !== 'string' || !id || id.length > MAX_ID_LENGTH)
    return ctx.errorPage(404, { error: 'not_found', message: 'No such listing' })
  const r = await tryCall(ctx.api, getServerById, { params: { id } }, ctx.callerOf(request))
  if (!r.ok) return ctx.errorPage(r.status, r.error, r.headers)
  const { server } = r.data
  return { id: server.id, name: server.title || server.name, isOfficial: server.isOfficial }
}

/**
 * A token for one step, from the e-mail code: `use` runs with it, and it is revoked whatever `use` did. The API's
 * refusal of the code instead, when the code is wrong or used.
 */
async function withToken<T>(
  s: Step,
  email: string,
  code: string,
  use: (bearer: string) => Promise<T>,
): Promise<{ ok: true; value: T } | Extract<ApiResult<unknown>, { ok: false }>> {
  const caller = s.ctx.callerOf(s.request)
  const c = await tryCall(s.ctx.api, confirmAgentRegistration, { body: { email, code } }, caller)
  if (!c.ok) return c
  const bearer = c.data.token
  try {
    return { ok: true, value: await use(bearer) }
  } finally {
    const r = await tryCall(s.ctx.api, revokeAgentToken, {}, caller, { bearer }).catch((err) => ({
      ok: false as const,
      status: 0,
      error: { error: 'unreachable', message: String(err) },
    }))
    // It expires on its own; the warning names the listing, never the token.
    if (!r.ok) s.ctx.log.warn({ id: s.l.id, status: r.status }, 'claim page: a one-step token was not revoked')
  }
}

/** Sends a code to the address (registering it as an agent, as the API does), then asks for it. */
async function sendCode(s: Step, email: string, purpose: Purpose): Promise<PageAnswer> {
  const body = { email, scopes: ['listings:claim'] } as BodyOf<typeof registerAgent>
  const r = await tryCall(s.ctx.api, registerAgent, { body }, s.ctx.callerOf(s.request))
  if (!r.ok) return fatal(s, r) ?? show(s, startBody(s.l, r.error), r.status)
  return show(s, codeBody(s.l, r.data.email, purpose))
}

/** The challenge: what to publish for each method, personal to the agent of this address. */
async function challenge(s: Step, email: string, code: string): Promise<PageAnswer> {
  const r = await withToken(s, email, code, (bearer) =>
    tryCall(s.ctx.api, getClaimChallenge, { params: { id: s.l.id } }, s.ctx.callerOf(s.request), { bearer }),
  )
  if (!r.ok) return fatal(s, r) ?? show(s, codeBody(s.l, email, { next: 'challenge' }, r.error), r.status)
  const c = r.value
  if (!c.ok) return fatal(s, c) ?? s.ctx.errorPage(c.status, c.error, c.headers)
  return show(s, methodsPage(c.data, email, null))
}

/** The verification of one method; on a failure, the methods again with what was looked for and where. */
async function verify(s: Step, email: string, code: string, purpose: Purpose): Promise<PageAnswer> {
  const method = purpose.method ?? DEFAULT_CLAIM_METHOD
  const caller = s.ctx.callerOf(s.request)
  const body = { id: s.l.id, method, ...(purpose.websiteUrl ? { websiteUrl: purpose.websiteUrl } : {}) }
  const r = await withToken(s, email, code, async (bearer) => {
    const claimed = await tryCall(s.ctx.api, claimListing, { body: body as BodyOf<typeof claimListing> }, caller, {
      bearer,
    })
    // A failed proof shows the methods again, read with the same token before it is revoked.
    const again = claimed.ok
      ? null
      : await tryCall(s.ctx.api, getClaimChallenge, { params: { id: s.l.id } }, caller, { bearer })
    return { claimed, again }
  })
  if (!r.ok) return fatal(s, r) ?? show(s, codeBody(s.l, email, purpose, r.error), r.status)
  const { claimed, again } = r.value
  if (claimed.ok) return show(s, verifiedBody(s.l, { ok: true, answer: claimed.data }, email))
  const refusal = fatal(s, claimed)
  if (refusal) return refusal
  if (!again?.ok) return s.ctx.errorPage(claimed.status, claimed.error, claimed.headers)
  return show(s, methodsPage(again.data, email, { ok: false, error: claimed.error }), claimed.status)
}

const incomplete: ErrorBody = { error: 'invalid_body', message: 'The form was incomplete: start again from here.' }

/** One step's post, refused when another site made the browser send it. */
async function step(ctx: PageContext, id: unknown, request: Request): Promise<PageAnswer> {
  const refused = ctx.refuseCrossSite(request)
  if (refused) return refused
  const l = await claimedOf(ctx, id, request)
  if ('html' in l) return l
  const s: Step = { ctx, request, l }
  if (l.isOfficial) return show(s, startBody(l))
  const raw = (await readForm(request)) ?? new URLSearchParams()
  const send = readFields(CodeStep, raw)
  if (send) return sendCode(s, send.email, { next: send.next, method: send.method, websiteUrl: send.websiteUrl })
  const read = readFields(ChallengeStep, raw)
  if (read) return challenge(s, read.email, read.code)
  const check = readFields(VerifyStep, raw)
  if (check) return verify(s, check.email, check.code, { next: 'verify', ...check })
  return show(s, startBody(l, incomplete), 400)
}

/** `/servers/:id/claim`: claiming a listing from its page, step by step, with plain forms. */
export function ownerClaimRoutes(ctx: PageContext) {
  return new Elysia()
    .use(
      mount(ownerClaimPage, async ({ params, request, set }) => {
        const l = await claimedOf(ctx, params.id, request)
        if ('html' in l) return answer(set, l)
        return answer(set, ctx.page(`Claim ${l.name}`, startBody(l), NO_LEAK))
      }),
    )
    .use(
      mount(ownerClaimForm, async ({ params, request, set }) => answer(set, await step(ctx, params.id, request)), {
        parse: 'none',
      }),
    )
}
