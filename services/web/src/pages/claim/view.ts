// The ownership-verification page (claim_url): the three proof methods with the values to copy, a verify
// button per method, and a clear result or the reasons of a failure. The secret travels only in the address the
// owner was given and in the form's hidden field (never in a link, a log line or a Referer).
import type { ApiError } from '../../api'
import { html, type SafeHtml } from '../../html'
import { copyBlock, detailText, errorNotice, linkOrText } from '../common'

/** The challenge of `POST /api/v1/claim/challenge`. */
export interface Challenge {
  id: string
  name: string
  proof: string
  methods: {
    dns?: { type: string; names: string[]; value: string; note?: string }
    website_badge?: { sites: string[]; html: string; meta: string; note?: string }
    github?: { repository: string | null; markdown: string; note?: string }
  }
}

/** The answer of a successful `POST /api/v1/claim`. */
export interface ClaimAnswer {
  success: boolean
  pending: boolean
  isOfficial: boolean
  reciprocalBadgeOk?: boolean
  message: string
}

/** What the last verification gave, shown above the methods. */
export type ClaimOutcome = { ok: true; answer: ClaimAnswer } | { ok: false; error: ApiError } | null

function verifyForm(id: string, token: string, method: string, label: string, extra: SafeHtml = html``): SafeHtml {
  return html`<form method="post" action="/claim/${encodeURIComponent(id)}">
<input type="hidden" name="token" value="${token}">
<input type="hidden" name="method" value="${method}">
${extra}
<button type="submit">${label}</button>
</form>`
}

/** A failure's `details`: one line per place checked (method, what was looked for, where, what was found). */
function failureDetails(e: ApiError): SafeHtml {
  const details = Array.isArray(e.details) ? e.details : []
  if (!details.length) return html``
  return html`<ul>${details.map((d) => {
    const o = (d ?? {}) as Record<string, unknown>
    if (typeof o.where === 'string' || typeof o.lookedFor === 'string') {
      const found =
        o.found === undefined || o.found === null || (Array.isArray(o.found) && o.found.length === 0)
          ? 'nothing'
          : typeof o.found === 'string'
            ? o.found
            : JSON.stringify(o.found)
      return html`<li>${typeof o.method === 'string' ? html`<strong>${o.method}</strong>: ` : ''}looked for <code>${String(o.lookedFor ?? '')}</code> at <code>${String(o.where ?? '')}</code>; found ${found}${typeof o.message === 'string' ? html` — ${o.message}` : ''}</li>`
    }
    return html`<li>${detailText(d)}</li>`
  })}</ul>`
}

function outcomeNotice(id: string, outcome: ClaimOutcome): SafeHtml {
  if (!outcome) return html``
  if (outcome.ok) {
    return html`<div class="notice ok" role="status" id="claim-result" tabindex="-1" data-focus><h2>Verified</h2>
<p>${outcome.answer.message}</p>
<p>The listing is ${outcome.answer.isOfficial ? 'marked official' : 'verified'} and published. <a href="/servers/${encodeURIComponent(id)}">Open the listing page</a>.</p>
${outcome.answer.reciprocalBadgeOk ? html`<p>Your directory badge was found too: thank you.</p>` : ''}</div>`
  }
  const e = outcome.error
  const title = e.error === 'verification_failed' ? 'Not verified yet' : 'The verification could not run'
  return html`<div class="notice bad" role="alert" id="claim-result" tabindex="-1" data-focus><h2>${title}</h2>
<p>${e.message}</p>
${failureDetails(e)}
<p class="muted">DNS changes can take a few minutes to be visible. Fix what is listed, then verify again.</p></div>`
}

/** The claim page body with its challenge. */
export function claimBody(token: string, c: Challenge, outcome: ClaimOutcome): SafeHtml {
  const { dns, website_badge: site, github } = c.methods
  return html`<h1>Verify ownership of ${c.name}</h1>
<p class="lead">Prove that you control this server's domain, website or repository. Once verified, the listing is published and marked official.</p>
${outcomeNotice(c.id, outcome)}
<div class="methods">
${
  dns
    ? html`<section class="method" aria-labelledby="m-dns"><h2 id="m-dns">1. DNS TXT record</h2>
<p>Add a <code>${dns.type}</code> record at ${dns.names.length > 1 ? 'one of these names' : 'this name'}:</p>
${dns.names.map((n, i) => copyBlock(`dns-name-${i}`, n, `record name ${i + 1}`))}
<p>with this value:</p>
${copyBlock('dns-value', dns.value, 'record value')}
${dns.note ? html`<p class="muted">${dns.note}</p>` : ''}
${verifyForm(c.id, token, 'dns', 'Verify with DNS')}
</section>`
    : ''
}
${
  site
    ? html`<section class="method" aria-labelledby="m-site"><h2 id="m-site">2. Badge or meta tag on your website</h2>
<p>Put this badge on ${site.sites.length ? html`one of the pages the listing points to: ${site.sites.map((s, i) => html`${i ? ', ' : ''}${linkOrText(s)}`)}` : 'the website the listing points to'}:</p>
${copyBlock('site-html', site.html, 'badge HTML')}
<p>or this tag in the page's <code>&lt;head&gt;</code>:</p>
${copyBlock('site-meta', site.meta, 'meta tag')}
${site.note ? html`<p class="muted">${site.note}</p>` : ''}
${verifyForm(c.id, token, 'website_badge', 'Verify my website', html`<div class="field"><label for="websiteUrl">Page address <span class="hint">Optional: the page that carries the badge, exactly one of the addresses above</span></label><input id="websiteUrl" name="websiteUrl" type="url" value=""></div>`)}
</section>`
    : ''
}
${
  github
    ? html`<section class="method" aria-labelledby="m-github"><h2 id="m-github">3. Badge in the repository README</h2>
<p>Add this badge to the README of ${github.repository ? html`<code>${github.repository}</code>` : 'the repository'}:</p>
${copyBlock('github-md', github.markdown, 'README badge Markdown')}
${github.note ? html`<p class="muted">${github.note}</p>` : ''}
${github.repository ? verifyForm(c.id, token, 'github', 'Verify my repository') : html`<p class="muted">The listing names no GitHub repository, so this method is not available.</p>`}
</section>`
    : ''
}
</div>`
}

/** The page when the link cannot be used (missing or wrong secret, unknown listing). */
export function claimErrorBody(error: ApiError): SafeHtml {
  const title =
    error.error === 'invalid_claim_token'
      ? 'This claim link is not valid'
      : error.error === 'not_found'
        ? 'No such listing'
        : 'The claim page could not be shown'
  return html`<h1>${title}</h1>
${errorNotice(error, 'What went wrong')}
<p>Use the exact link from the submission answer or from the e-mail sent to the contact address.</p>`
}
