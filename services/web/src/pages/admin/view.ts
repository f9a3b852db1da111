// The operator's moderation page: the queue of one status, and approve / reject / flag with an optional reason.
import type { QueueListing } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../../html'
import { errorNotice, linkOrText } from '../common'

export const QUEUE_STATUSES = ['pending', 'flagged', 'rejected', 'active'] as const
export const ACTIONS = {
  approve: 'approved',
  reject: 'rejected',
  flag: 'flagged',
  'clear-risk': 'cleared of its risk finding for its current tool list',
} as const

/** The operator's pages: the moderation queue and the import conflicts. */
export function adminNav(current: 'queue' | 'conflicts'): SafeHtml {
  const link = (href: string, label: string, key: typeof current) =>
    html`<li><a class="mark" href="${href}"${key === current ? html` aria-current="page"` : ''}>${label}</a></li>`
  return html`<nav aria-label="Operator pages"><ul class="marks">${link('/admin', 'Moderation queue', 'queue')}${link('/admin/conflicts', 'Import conflicts', 'conflicts')}</ul></nav>`
}

/** The sign-in form. */
export function loginBody(error: string | null): SafeHtml {
  return html`<h1>Moderation</h1>
<p class="lead">For the directory's operators: sign in with the operator token.</p>
${error ? html`<div class="notice bad" role="alert"><p>${error}</p></div>` : ''}
<form method="post" action="/admin/login">
<div class="field"><label for="token">Operator token</label><input id="token" name="token" type="password" autocomplete="current-password" required></div>
<button type="submit">Sign in</button>
</form>`
}

/** A listing's risk finding not cleared yet: what the queue shows, and what a clearance names. */
const openRisk = (l: QueueListing) => (l.risk && !l.risk.cleared ? l.risk : null)

const riskLine = (risk: ReturnType<typeof openRisk>) =>
  risk
    ? html`<br><span class="muted">Risk: ${risk.level}, tool list <code>${risk.toolsHash.slice(0, 12)}</code></span>`
    : ''

function actions(l: QueueListing, status: string, csrf: string): SafeHtml {
  // Clearing a risk finding is for listings the public sees (the detail page shows the finding first), with a
  // finding not cleared yet; it names the tool list shown here, so a list changed since is not cleared unseen.
  const risk = openRisk(l)
  const verbs = (Object.keys(ACTIONS) as (keyof typeof ACTIONS)[]).filter(
    (v) =>
      ACTIONS[v] !== l.status &&
      !(v === 'approve' && l.status === 'active') &&
      (v !== 'clear-risk' || (l.status === 'active' && risk !== null)),
  )
  return html`<form method="post" action="/admin/moderate" class="actions">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="id" value="${l.id}">
<input type="hidden" name="status" value="${status}">
${risk ? html`<input type="hidden" name="toolsHash" value="${risk.toolsHash}">` : ''}
<label class="visually-hidden" for="reason-${l.id}">Reason for ${l.name}</label>
<input type="text" id="reason-${l.id}" name="reason" maxlength="1000" placeholder="Reason (optional)">
${verbs.map((v) => html`<button type="submit" name="action" value="${v}" class="small${v === 'approve' ? '' : ' secondary'}" aria-label="${v.replace('-', ' ')} ${l.name}">${v[0].toUpperCase()}${v.slice(1).replace('-', ' ')}</button>`)}
</form>`
}

/** The queue page. */
export function queueBody(o: {
  status: string
  total: number
  listings: QueueListing[]
  csrf: string
  done: string | null
  error: ErrorBody | null
}): SafeHtml {
  return html`<h1>Moderation</h1>
${adminNav('queue')}
<nav aria-label="Queues"><ul class="marks">${QUEUE_STATUSES.map((s) => html`<li><a class="mark" href="/admin?status=${s}"${s === o.status ? html` aria-current="page"` : ''}>${s}</a></li>`)}</ul></nav>
${o.done ? html`<div class="notice ok" role="status"><p>${o.done}</p></div>` : ''}
${o.error ? errorNotice(o.error) : ''}
<h2>${o.total} ${o.status}</h2>
${
  o.listings.length
    ? html`<table class="queue"><colgroup><col class="c-listing"><col class="c-category"><col class="c-submitted"><col class="c-actions"></colgroup><thead><tr><th scope="col">Listing</th><th scope="col">Category</th><th scope="col">Submitted</th><th scope="col">Actions</th></tr></thead><tbody>
${o.listings.map(
  (l) => html`<tr>
<td><strong>${l.status === 'active' ? html`<a href="/servers/${encodeURIComponent(l.id)}">${l.name}</a>` : l.name}</strong> <code>${l.id}</code><br>${l.description}<br>${linkOrText(l.url)}${l.reason ? html`<br><span class="muted">Reason: ${l.reason}</span>` : ''}${riskLine(openRisk(l))}</td>
<td>${l.category}</td>
<td>${l.createdAt.slice(0, 10)} <span class="muted">(${l.source})</span></td>
<td>${actions(l, o.status, o.csrf)}</td>
</tr>`,
)}</tbody></table>`
    : html`<p>Nothing here.</p>`
}
<form method="post" action="/admin/logout"><input type="hidden" name="csrf" value="${o.csrf}"><button type="submit" class="secondary">Sign out</button></form>`
}
