// The pages of claiming a listing from the web: an e-mail address, the code sent to it, the methods with the values
// to publish, and each verification's outcome. Every step is a plain form; what a step needs of the last one (the
// address, the chosen method) travels in its hidden fields, and no credential does: each step that needs one asks
// for a fresh code from the e-mail.
import type { getClaimChallenge } from '@mcp-directory/claim-verifier/contracts'
import { DEFAULT_CLAIM_METHOD } from '@mcp-directory/claim-verifier/model'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../../html'
import { type ClaimOutcome, methodsBody, outcomeNotice, type VerifyFormOf } from '../claim/view'
import { errorNotice } from '../common'

/** The listing a claim is about. */
export interface Claimed {
  id: string
  name: string
  isOfficial: boolean
}

/** What a code is for: the challenge, or verifying one method (with the page that carries a website badge). */
export interface Purpose {
  next: 'challenge' | 'verify'
  method?: string
  websiteUrl?: string
}

const METHOD_NAMES: Record<string, string> = {
  dns: 'the DNS TXT record',
  website_badge: 'the badge on your website',
  github: 'the badge in your repository README',
}

const action = (id: string) => `/servers/${encodeURIComponent(id)}/claim`

const hidden = (name: string, value: string | undefined) =>
  value ? html`<input type="hidden" name="${name}" value="${value}">` : html``

const why = html`<p class="muted">Each step that reads or proves your claim asks for a new code from your e-mail: the
directory keeps no key of yours between steps, in your browser or anywhere else.</p>`

/** A form that e-mails a code for `purpose` to `email` (the visitor types the address on the first step). */
function codeForm(id: string, purpose: Purpose, label: string, email?: string): SafeHtml {
  return html`<form method="post" action="${action(id)}" class="claim-step">
<input type="hidden" name="step" value="code">
${hidden('next', purpose.next)}${hidden('method', purpose.method)}${hidden('websiteUrl', purpose.websiteUrl)}
${email ? hidden('email', email) : html`<div class="field"><label for="email">Your e-mail address <span class="hint" id="email-hint">A 6-digit code is sent to it; the listing is claimed for the agent of this address</span></label><input id="email" name="email" type="email" autocomplete="email" required maxlength="254" aria-describedby="email-hint"></div>`}
<button type="submit">${label}</button>
</form>`
}

/** The first step: who claims, by their e-mail address. */
export function startBody(l: Claimed, error: ErrorBody | null = null): SafeHtml {
  if (l.isOfficial)
    return html`<h1>Claim ${l.name}</h1>
<p>Its owner has claimed it already. <a href="/servers/${encodeURIComponent(l.id)}">Back to the listing</a></p>`
  return html`<h1>Claim ${l.name}</h1>
<p class="lead">Prove that you control this server's repository, domain or website, with the same proofs the API
takes; once verified, the listing is marked official and belongs to you.</p>
${error ? errorNotice(error, 'The code could not be sent') : ''}
<ol class="steps"><li>We e-mail you a code: it makes the proof yours, so nobody else can use what you publish.</li>
<li>You publish a DNS record, a badge on your website or one in your repository README.</li>
<li>You verify, with a new code.</li></ol>
${codeForm(l.id, { next: 'challenge' }, 'E-mail me a code')}`
}

/** The code step: the code from the e-mail, for the challenge or a verification. */
export function codeBody(l: Claimed, email: string, purpose: Purpose, error: ErrorBody | null = null): SafeHtml {
  const verifying = purpose.next === 'verify'
  const method = purpose.method ?? DEFAULT_CLAIM_METHOD
  return html`<h1>Claim ${l.name}</h1>
${error ? errorNotice(error, 'That code did not work') : html`<p class="notice ok" role="status">We sent a 6-digit code to <strong>${email}</strong>.</p>`}
<form method="post" action="${action(l.id)}" class="claim-step">
<input type="hidden" name="step" value="${purpose.next}">
${hidden('email', email)}${verifying ? html`${hidden('method', method)}${hidden('websiteUrl', purpose.websiteUrl)}` : ''}
<div class="field"><label for="code">Code from the e-mail <span class="hint" id="code-hint">6 digits</span></label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="20" aria-describedby="code-hint"></div>
<button type="submit">${verifying ? `Verify ${METHOD_NAMES[method] ?? method}` : 'Show what to publish'}</button>
</form>
${codeForm(l.id, purpose, 'Send another code', email)}`
}

/** The methods that can work for the listing, each with a button that asks a code to verify it. */
export function methodsPage(c: SuccessOf<typeof getClaimChallenge>, email: string, outcome: ClaimOutcome): SafeHtml {
  const form: VerifyFormOf = (method, label, extra) =>
    html`<form method="post" action="${action(c.id)}">
<input type="hidden" name="step" value="code"><input type="hidden" name="next" value="verify">
${hidden('email', email)}${hidden('method', method)}
${extra ?? ''}
<button type="submit">${label}</button>
</form>`
  return html`${methodsBody(c, form, outcomeNotice(c.id, outcome), 'Once verified, the listing is marked official and belongs to the agent of your e-mail address.')}
${why}`
}

/** A verification that succeeded: the outcome, and how to manage the listing from now on. */
export function verifiedBody(l: Claimed, outcome: ClaimOutcome, email: string): SafeHtml {
  return html`<h1>Claim ${l.name}</h1>
${outcomeNotice(l.id, outcome)}
<p>To edit the listing later, register <strong>${email}</strong> as an agent through the API (<code>POST /api/v1/agent/register</code>,
see the <a href="/docs">API reference</a>): its token manages the listings this address claimed.</p>`
}
