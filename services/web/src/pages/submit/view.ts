// The submission form (the fields of directory-api §2.4), the API's own validation messages per field, and the
// result with the claim link.
import type { submitServer } from '@mcp-directory/submission/contracts'
import { SubmissionBody } from '@mcp-directory/submission/model'
import type { BodyOf, SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../../html'
import { copyBlock, detailText, safeHref } from '../common'
import type { Category } from '../../context'

/** The form's fields: the submission body's, in its order. */
export const FIELDS = Object.keys(SubmissionBody.properties) as (keyof SubmissionBody)[]

/** The form's values as typed (strings; lists comma-separated). */
export type SubmitValues = Record<keyof SubmissionBody, string>

/** The values the submission model allows for one of its enumerated fields. */
const allowed = (field: 'authType' | 'pricingModel' | 'maintenanceStatus') =>
  (SubmissionBody.properties[field].anyOf as { const: string }[]).map((v) => v.const)

const CHOICES = {
  authType: allowed('authType'),
  pricingModel: allowed('pricingModel'),
  maintenanceStatus: allowed('maintenanceStatus'),
}

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)

/**
 * The API body of a form: empty optional fields left out, lists split on commas. The values are the visitor's, as
 * typed: the submit endpoint checks them against its model and the page shows its messages.
 */
export function submissionBody(v: SubmitValues): BodyOf<typeof submitServer> {
  const body: Record<string, unknown> = {
    name: v.name,
    url: v.url,
    description: v.description,
    category: v.category,
    email: v.email,
  }
  if (v.tags.trim()) body.tags = list(v.tags)
  if (v.compatibleClients.trim()) body.compatibleClients = list(v.compatibleClients)
  for (const k of ['license', 'authType', 'pricingModel', 'maintenanceStatus', 'supportUrl'] as const)
    if (v[k].trim()) body[k] = v[k].trim()
  return body as BodyOf<typeof submitServer>
}

/** The submission's answer (directory-api §4.7). */
type SubmitAnswer = SuccessOf<typeof submitServer>

const CHOICE = { missing: 'Choose an option.', wrong: 'Choose one of the options in the list.' }

/** What to tell people about a field the API refused: when it is missing, and when it is not right. */
const IN_WORDS: Record<string, { missing: string; wrong: string }> = {
  name: { missing: 'Give the server a name.', wrong: 'Use a shorter name, in plain letters, digits and dashes.' },
  url: {
    missing: 'Enter the address of its repository or website.',
    wrong: 'Enter the full address, starting with https:// (for example https://github.com/you/your-server).',
  },
  description: { missing: 'Say in a sentence what the server does.', wrong: 'Shorten the description.' },
  category: { missing: 'Choose a category.', wrong: 'Choose one of the categories in the list.' },
  email: {
    missing: 'Enter your e-mail address: the claim link is sent there.',
    wrong: 'Enter an e-mail address like name@example.com.',
  },
  tags: { missing: 'Enter tags, or leave the field empty.', wrong: 'Use a few short tags, separated by commas.' },
  license: {
    missing: 'Enter a license, or leave the field empty.',
    wrong: 'Give the license as a short name, such as MIT.',
  },
  authType: CHOICE,
  pricingModel: CHOICE,
  maintenanceStatus: CHOICE,
  compatibleClients: {
    missing: 'Enter clients, or leave the field empty.',
    wrong: 'Name the clients by their short names, separated by commas (for example claude-desktop, cursor).',
  },
  supportUrl: {
    missing: 'Enter a support address, or leave the field empty.',
    wrong: 'Enter the full address, starting with https://.',
  },
}

/** The API's message about a field, in people's words. */
export function inWords(field: string, apiMessage: string): string {
  const words = IN_WORDS[field]
  if (!words) return apiMessage
  return /required|must not be empty|is empty|missing/i.test(apiMessage) ? words.missing : words.wrong
}

/** Field problems of an Error object, keyed by field (`details[].field`), and those not tied to a field. */
function problemsOf(error: ErrorBody | null): { byField: Map<string, string[]>; other: string[] } {
  const byField = new Map<string, string[]>()
  const other: string[] = []
  for (const d of error?.details ?? []) {
    const o = d as { field?: unknown; message?: unknown }
    const field = typeof o?.field === 'string' ? o.field : null
    if (field && (FIELDS as readonly string[]).includes(field))
      byField.set(field, [
        ...(byField.get(field) ?? []),
        inWords(field, typeof o.message === 'string' ? o.message : ''),
      ])
    else other.push(detailText(d))
  }
  return { byField, other }
}

/** The form, filled with `values`, showing the problems of `error`. */
export function submitBody(values: SubmitValues, categories: Category[], error: ErrorBody | null): SafeHtml {
  const { byField, other } = problemsOf(error)
  const describedBy = (f: string, hint: boolean) =>
    [hint ? `${f}-hint` : '', byField.has(f) ? `${f}-error` : ''].filter(Boolean).join(' ')
  const field = (f: string, label: string, input: (attrs: SafeHtml) => SafeHtml, hint?: string) => {
    const ids = describedBy(f, Boolean(hint))
    const attrs = html`id="${f}" name="${f}"${ids ? html` aria-describedby="${ids}"` : ''}${byField.has(f) ? html` aria-invalid="true"` : ''}`
    return html`<div class="field${byField.has(f) ? ' invalid' : ''}">
<label for="${f}">${label}${hint ? html` <span class="hint" id="${f}-hint">${hint}</span>` : ''}</label>
${input(attrs)}
${byField.has(f) ? html`<p class="field-error" id="${f}-error">${[...new Set(byField.get(f))].join(' ')}</p>` : ''}
</div>`
  }
  const text = (
    f: keyof SubmitValues,
    label: string,
    type: string,
    opts: { required?: boolean; hint?: string; max?: number } = {},
  ) =>
    field(
      f,
      label + (opts.required ? '' : ' (optional)'),
      (a) =>
        html`<input ${a} type="${type}" value="${values[f]}"${opts.required ? html` required` : ''}${opts.max ? html` maxlength="${opts.max}"` : ''}>`,
      opts.hint,
    )
  const select = (f: keyof typeof CHOICES, label: string) =>
    field(
      f,
      `${label} (optional)`,
      (a) =>
        html`<select ${a}><option value="">Not given</option>${CHOICES[f].map((c) => html`<option value="${c}"${values[f] === c ? html` selected` : ''}>${c}</option>`)}</select>`,
    )
  const currentCategory = values.category
  return html`<h1>Submit an MCP server</h1>
<p class="lead">Your listing waits as pending until you verify that you own it (from the claim link you get next) or an operator approves it.</p>
${
  error
    ? html`<div class="notice bad" role="alert" tabindex="-1" id="form-errors" data-focus><h2>The submission was not accepted</h2>
${byField.size ? html`<p>Please correct ${byField.size === 1 ? 'this field' : 'these fields'}:</p><ul>${[...byField].map(([f, msgs]) => html`<li><a href="#${f}">${LABELS[f as keyof typeof LABELS] ?? f}</a>: ${[...new Set(msgs)].join(' ')}</li>`)}</ul>` : html`<p>${error.message}</p>`}
${other.length ? html`<ul>${other.map((o) => html`<li>${o}</li>`)}</ul>` : ''}
${error.error === 'conflict' ? conflictLink(error) : ''}
${apiDetail(error)}</div>`
    : ''
}
<form method="post" action="/submit" novalidate>
${text('name', LABELS.name, 'text', { required: true, max: 200 })}
${text('url', LABELS.url, 'url', { required: true, hint: 'The repository or website, an absolute https:// address' })}
${field('description', LABELS.description, (a) => html`<textarea ${a} required maxlength="5000">${values.description}</textarea>`, 'What the server does, in a sentence or two')}
${field('category', LABELS.category, (a) => html`<select ${a} required><option value="">Choose a category</option>${categories.map((c) => html`<option value="${c.slug}"${[c.slug, c.label, `${c.emoji} ${c.label}`].includes(currentCategory) ? html` selected` : ''}>${c.emoji} ${c.label}</option>`)}</select>`)}
${text('email', LABELS.email, 'email', { required: true, hint: 'Receives the claim link; never shown publicly' })}
${text('tags', LABELS.tags, 'text', { hint: 'Comma-separated, e.g. postgres, sql' })}
${text('license', LABELS.license, 'text', { hint: 'e.g. MIT' })}
${select('authType', LABELS.authType)}
${select('pricingModel', LABELS.pricingModel)}
${select('maintenanceStatus', LABELS.maintenanceStatus)}
${text('compatibleClients', LABELS.compatibleClients, 'text', { hint: 'Comma-separated, e.g. claude-desktop, cursor' })}
${text('supportUrl', LABELS.supportUrl, 'url')}
<button type="submit">Submit for review</button>
</form>`
}

/** The labels of the fields, as the form shows them. */
const LABELS: Record<keyof SubmissionBody, string> = {
  name: 'Name',
  url: 'Address',
  description: 'Description',
  category: 'Category',
  email: 'Contact e-mail',
  tags: 'Tags',
  license: 'License',
  authType: 'Authentication',
  pricingModel: 'Pricing',
  maintenanceStatus: 'Maintenance',
  compatibleClients: 'Compatible clients',
  supportUrl: 'Support address',
}

/** The API's Error object as it came, for agents and for people who want the exact rule. */
function apiDetail(error: ErrorBody): SafeHtml {
  const details = Array.isArray(error.details) ? error.details : []
  return html`<details class="agent-detail" id="api-detail"><summary>The API's answer in detail</summary>
<p><code>${error.error}</code>: ${error.message}</p>
${details.length ? html`<ul>${details.map((d) => html`<li>${detailText(d)}</li>`)}</ul>` : ''}
</details>`
}

function conflictLink(error: ErrorBody): SafeHtml {
  const d = (error.details ?? [])[0] as { existingId?: unknown } | undefined
  return typeof d?.existingId === 'string'
    ? html`<p>See the existing listing: <a href="/servers/${encodeURIComponent(d.existingId)}">${d.existingId}</a> (it may still be pending).</p>`
    : html``
}

/** The result after a successful submission. */
export function submittedBody(a: SubmitAnswer): SafeHtml {
  const claim = safeHref(a.claim_url)
  return html`<h1>Submitted: ${a.name}</h1>
<div class="notice ok" role="status"><p>${a.message}</p><p>Status: <strong>${a.status}</strong> · id <code>${a.id}</code></p></div>
<h2>Verify that you own it</h2>
<p>Open your private claim link to publish the listing at once by proving ownership (a DNS record, a badge on your site, or a badge in your repository README). The same link was sent to your contact address. Keep it private: anyone holding it can verify the listing.</p>
${claim ? html`<p><a class="button" href="${claim}" rel="noreferrer">Open the claim page</a></p>` : ''}
${copyBlock('claim-url', a.claim_url, 'claim link')}
<h2>Badge for your README</h2>
${copyBlock('badge-md', a.badge_markdown, 'badge Markdown')}`
}
