// The ownership-verification page (claim_url): the three proof methods with the values to copy, a verify
// button per method, and a clear result or the reasons of a failure. The secret travels only in the address the
// owner was given and in the form's hidden field (never in a link, a log line or a Referer).
import type { claimListingWithLink, getClaimLinkChallenge } from '@mcp-directory/claim-verifier/contracts'
import type { ClaimMethod } from '@mcp-directory/claim-verifier/model'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../../html'
import { copyBlock, detailText, errorNotice, linkOrText } from '../common'

/** The challenge of the claim link. */
type Challenge = SuccessOf<typeof getClaimLinkChallenge>

/** The answer of a successful verification. */
type ClaimAnswer = SuccessOf<typeof claimListingWithLink>

/** What the last verification gave, shown above the methods. */
export type ClaimOutcome = { ok: true; answer: ClaimAnswer } | { ok: false; error: ErrorBody } | null

/** A verify button's form for one method (with `extra` fields): how the page that shows the methods verifies. */
export type VerifyFormOf = (method: string, label: string, extra?: SafeHtml) => SafeHtml

function verifyForm(id: string, token: string, method: string, label: string, extra: SafeHtml = html``): SafeHtml {
  return html`<form method="post" action="/claim/${encodeURIComponent(id)}">
<input type="hidden" name="token" value="${token}">
<input type="hidden" name="method" value="${method}">
${extra}
<button type="submit">${label}</button>
</form>`
}

/** A failure's `details`: one line per place checked (method, what was looked for, where, what was found). */
function failureDetails(e: ErrorBody): SafeHtml {
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

/** The last verification's outcome: verified, or why not with each place checked. */
export function outcomeNotice(id: string, outcome: ClaimOutcome): SafeHtml {
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

type Methods = Challenge['methods']

/** A proof method this listing can use: its section, in the order most likely to work. */
interface Offer {
  key: ClaimMethod
  title: string
  body: (n: number) => SafeHtml
}

/** The API's note as the end of a sentence: without its closing advice, starting in lower case. */
const because = (note: string | undefined, fallback: string) => {
  const text = (note ?? '').replace(/\.?\s*Use another method\.?$/i, '').trim() || fallback
  return text.charAt(0).toLowerCase() + text.slice(1)
}

function githubOffer(form: VerifyFormOf, github: NonNullable<Methods['github']>): Offer {
  return {
    key: 'github',
    title: 'Badge in the repository README',
    body: (
      n,
    ) => html`<section class="method" aria-labelledby="m-github"><h2 id="m-github">${n}. Badge in the repository README</h2>
<p>Add this badge to the README of <code>${github.repository}</code> (its default branch):</p>
${copyBlock('github-md', github.markdown, 'README badge Markdown')}
${form('github', 'Verify my repository')}
</section>`,
  }
}

function dnsOffer(form: VerifyFormOf, dns: NonNullable<Methods['dns']>): Offer {
  const many = dns.names.length > 1
  return {
    key: 'dns',
    title: 'DNS TXT record',
    body: (n) => html`<section class="method" aria-labelledby="m-dns"><h2 id="m-dns">${n}. DNS TXT record</h2>
<p>Add a <code>${dns.type}</code> record at ${many ? 'one of these names' : 'this name'}:</p>
${dns.names.map((name, i) => copyBlock(`dns-name-${i}`, name, `record name ${i + 1}`))}
<p>with this value:</p>
${copyBlock('dns-value', dns.value, 'record value')}
${form('dns', 'Verify with DNS')}
</section>`,
  }
}

function siteOffer(form: VerifyFormOf, site: NonNullable<Methods['website_badge']>): Offer {
  return {
    key: 'website_badge',
    title: 'Badge or meta tag on your website',
    body: (
      n,
    ) => html`<section class="method" aria-labelledby="m-site"><h2 id="m-site">${n}. Badge or meta tag on your website</h2>
<p>Put this badge on one of the pages the listing points to: ${site.sites.map((u, i) => html`${i ? ', ' : ''}${linkOrText(u)}`)}</p>
${copyBlock('site-html', site.html, 'badge HTML')}
<p>or this tag in the page's <code>&lt;head&gt;</code>:</p>
${copyBlock('site-meta', site.meta, 'meta tag')}
${form('website_badge', 'Verify my website', html`<div class="field"><label for="websiteUrl">Page address <span class="hint">Optional: the page that carries the badge, exactly one of the addresses above</span></label><input id="websiteUrl" name="websiteUrl" type="url" value=""></div>`)}
</section>`,
  }
}

/**
 * The methods that can work for this listing, most likely first (a repository's README is the owner's to edit; a
 * DNS record proves a domain; a page must carry the badge at an exact address), and a sentence for each other one.
 */
export function offersOf(c: Challenge, form: VerifyFormOf): { offers: Offer[]; notOffered: string[] } {
  const { dns, website_badge: site, github } = c.methods
  const offers: Offer[] = []
  const notOffered: string[] = []
  if (github?.repository) offers.push(githubOffer(form, github))
  else notOffered.push('A badge in a repository README cannot prove it: the listing names no GitHub repository.')
  if (dns?.names.length) offers.push(dnsOffer(form, dns))
  else
    notOffered.push(
      `A DNS TXT record cannot prove it: ${because(dns?.note, 'the listing points to no DNS name of its own')}.`,
    )
  if (site?.sites.length) offers.push(siteOffer(form, site))
  else
    notOffered.push(
      `A badge on a website cannot prove it: ${because(site?.note, 'the listing points to no website of its own')}.`,
    )
  return { offers, notOffered }
}

/** The claim page body with its challenge: only the methods that can work, and why the others cannot. */
export function claimBody(token: string, c: Challenge, outcome: ClaimOutcome): SafeHtml {
  const form: VerifyFormOf = (method, label, extra) => verifyForm(c.id, token, method, label, extra)
  return methodsBody(
    c,
    form,
    outcomeNotice(c.id, outcome),
    'Once verified, the listing is published and marked official.',
  )
}

/** The methods that can work for the listing (each with its verify form), why the others cannot, and `notice` above. */
export function methodsBody(c: Challenge, form: VerifyFormOf, notice: SafeHtml, after: string | SafeHtml): SafeHtml {
  const { offers, notOffered } = offersOf(c, form)
  return html`<h1>Verify ownership of ${c.name}</h1>
<p class="lead">Prove that you control this server's ${offers.map((o, i) => html`${i ? (i === offers.length - 1 ? ' or ' : ', ') : ''}${o.key === 'github' ? 'repository' : o.key === 'dns' ? 'domain' : 'website'}`)}. ${after}</p>
${notice}
${offers.length ? html`<div class="methods">${offers.map((o, i) => o.body(i + 1))}</div>` : html`<div class="notice bad"><p>No method can prove ownership of this listing as it stands: it names no repository and no site of its own. Ask an operator, or submit it again with your own address.</p></div>`}
${notOffered.length ? html`<section aria-labelledby="not-offered"><h2 id="not-offered">Not offered for this listing</h2><ul class="not-offered">${notOffered.map((n) => html`<li>${n}</li>`)}</ul></section>` : ''}`
}

/** The page when the link cannot be used (missing or wrong secret, unknown listing). */
export function claimErrorBody(error: ErrorBody): SafeHtml {
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
