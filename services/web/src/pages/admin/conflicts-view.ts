// The operator's import conflicts: entries an import or a sync did not apply because another origin's listing holds
// their name, look-alike name or repository (or its owner claimed it), each with accept (as a replacement) and
// dismiss; then the followed upstream registries, how far they synced, why they last stopped and whom they may
// replace. Every entry and upstream text is data: escaped like any listing text.
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../../html'
import { errorNotice } from '../common'
import { originWords } from '../origin'
import type { adminListImportConflicts, adminListRegistryUpstreams } from '@mcp-directory/catalog/contracts'
import { adminNav } from './view'

/** One open conflict as the operator API gives it (`GET /api/v1/admin/import-conflicts`). */
export type ImportConflict = SuccessOf<typeof adminListImportConflicts>['conflicts'][number]

/** One followed upstream (`GET /api/v1/admin/registry-upstreams`). */
export type RegistryUpstream = SuccessOf<typeof adminListRegistryUpstreams>['upstreams'][number]

const REASONS: Record<string, string> = {
  name: 'holds the same name',
  skeleton: 'holds a name that looks the same',
  repository: 'lists the same repository',
  claimed: 'is claimed by its owner',
  new_listing_cap: 'none: past the cap of new listings of one sync',
}

// The entry as the upstream gave it, shown for review only: a few kilobytes are enough to judge it.
const ENTRY_CHARS = 4000

/** A date-time as the operator reads it (UTC, to the minute). */
const minuteOf = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—')

const text = (v: unknown) => (typeof v === 'string' ? v : null)

function entryCell(c: ImportConflict): SafeHtml {
  const description = text(c.entry.description)
  const repository = c.entry.repository as { url?: unknown } | undefined
  const repo = text(repository?.url)
  const json = JSON.stringify(c.entry, null, 2)
  return html`<strong>${c.name}</strong><br><span class="muted">${originWords(c.origin)}</span>
${description ? html`<br>${description.slice(0, 300)}` : ''}${repo ? html`<br><code>${repo.slice(0, 300)}</code>` : ''}
<details class="more"><summary>The entry</summary><pre tabindex="0" aria-label="Entry of conflict ${c.id}">${json.length > ENTRY_CHARS ? `${json.slice(0, ENTRY_CHARS)}\n…` : json}</pre></details>`
}

function meetsCell(c: ImportConflict): SafeHtml {
  const why = REASONS[c.reason] ?? c.reason
  if (!c.listingId) return html`<span class="muted">${why}</span>`
  return html`<a href="/servers/${encodeURIComponent(c.listingId)}"><code>${c.listingId}</code></a> ${why}<br><span class="muted">${c.detail}</span>`
}

function decide(c: ImportConflict, csrf: string): SafeHtml {
  const accept = c.listingId ? 'Accept as replacement' : 'Accept as a new listing'
  return html`<form method="post" action="/admin/conflicts/resolve" class="actions">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="id" value="${String(c.id)}">
<button type="submit" name="action" value="accept" class="small" aria-label="${accept}: ${c.name}">${accept}</button>
<button type="submit" name="action" value="dismiss" class="small secondary" aria-label="Dismiss: ${c.name}">Dismiss</button>
</form>`
}

function conflictsTable(conflicts: ImportConflict[], csrf: string): SafeHtml {
  if (!conflicts.length) return html`<p>No open conflicts.</p>`
  return html`<table class="queue conflicts"><colgroup><col class="c-entry"><col class="c-meets"><col class="c-when"><col class="c-decide"></colgroup>
<thead><tr><th scope="col">Entry</th><th scope="col">The listing it meets</th><th scope="col">When</th><th scope="col">Decide</th></tr></thead><tbody>
${conflicts.map(
  (c) => html`<tr data-conflict="${String(c.id)}">
<td>${entryCell(c)}</td>
<td>${meetsCell(c)}</td>
<td>${minuteOf(c.createdAt)}${c.updatedAt !== c.createdAt ? html`<br><span class="muted">raised again ${minuteOf(c.updatedAt)}</span>` : ''}</td>
<td>${decide(c, csrf)}</td>
</tr>`,
)}</tbody></table>`
}

function trustForm(u: RegistryUpstream, i: number, csrf: string): SafeHtml {
  return html`<form method="post" action="/admin/upstreams/trust" class="actions">
<input type="hidden" name="csrf" value="${csrf}">
<input type="hidden" name="upstream" value="${u.upstream}">
<label for="trusts-${String(i)}">Origins it may replace</label>
<input type="text" id="trusts-${String(i)}" name="trusts" maxlength="4000" value="${u.trustedOrigins.join(', ')}" placeholder="import, registry:https://…">
<button type="submit" class="small secondary">Save trust</button>
</form>`
}

function upstreamsTable(upstreams: RegistryUpstream[], csrf: string): SafeHtml {
  if (!upstreams.length) return html`<p>No upstream registry has been synced.</p>`
  return html`<table class="queue upstreams"><thead><tr><th scope="col">Upstream</th><th scope="col">Last sync</th><th scope="col">Last stop</th><th scope="col">Trust</th></tr></thead><tbody>
${upstreams.map(
  (u, i) => html`<tr data-upstream="${u.upstream}">
<td><code>${u.upstream}</code><br><span class="muted">${originWords(u.origin)}</span></td>
<td>${minuteOf(u.lastSyncAt)}${u.syncedUpTo ? html`<br><span class="muted">up to ${minuteOf(u.syncedUpTo)}</span>` : ''}${u.lastError ? html`<br>Last error: ${u.lastError}` : ''}</td>
<td>${u.lastStop ? html`${u.lastStop}<br><span class="muted">${minuteOf(u.lastStopAt)}</span>` : html`<span class="muted">Ran to its end</span>`}</td>
<td><p class="trusts">${u.trustedOrigins.length ? u.trustedOrigins.map((o, j) => html`${j ? ', ' : ''}<code>${o}</code>`) : html`<span class="muted">Trusts nobody</span>`}</p>${trustForm(u, i, csrf)}</td>
</tr>`,
)}</tbody></table>`
}

/** The conflicts page. */
export function conflictsBody(o: {
  total: number
  conflicts: ImportConflict[]
  upstreams: RegistryUpstream[]
  csrf: string
  done: string | null
  error: ErrorBody | null
}): SafeHtml {
  return html`<h1>Import conflicts</h1>
${adminNav('conflicts')}
<p class="lead">Entries an import or a sync did not apply: another origin's listing holds their identity. Accept one to let it replace that listing (as its own origin's), or dismiss it: the same entry is not raised again.</p>
${o.done ? html`<div class="notice ok" role="status"><p>${o.done}</p></div>` : ''}
${o.error ? errorNotice(o.error) : ''}
<h2 id="conflicts-heading">${String(o.total)} open</h2>
${o.total > o.conflicts.length ? html`<p class="muted">The newest ${String(o.conflicts.length)} are shown; decide them to see the rest (or use <code>bun run admin conflicts</code>).</p>` : ''}
${conflictsTable(o.conflicts, o.csrf)}
<h2 id="upstreams-heading">Upstream registries</h2>
<p>An upstream may replace unclaimed listings only of the origins it is trusted with (<code>import</code>, <code>registry:&lt;URL&gt;</code>); by default it trusts nobody, and never submitted or demo listings.</p>
${upstreamsTable(o.upstreams, o.csrf)}
<form method="post" action="/admin/logout"><input type="hidden" name="csrf" value="${o.csrf}"><button type="submit" class="secondary">Sign out</button></form>`
}
