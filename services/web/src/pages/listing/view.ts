// The listing page (detailUrl), in the order a visitor needs it: a summary block (name, publisher, marks,
// description, facts with when they were checked, and the install for the client the visitor picked), then the tools
// with their parameters and risk findings, whether it is ready for an agent's host, then the README, then the other
// clients' configs (collapsed), badges and claiming.
import { badgeImageUrl, publicBadgeHtml, publicBadgeMarkdown } from '@mcp-directory/shared/badges'
import { getServerById } from '@mcp-directory/catalog/contracts'
import { claimListing } from '@mcp-directory/claim-verifier/contracts'
import { type SuccessOf, sandboxStartOf, sandboxStartWords } from '@mcp-directory/shared/contracts'
import { OTHER_CATEGORY, resolveCategory } from '@mcp-directory/shared/categories'
import { pathOf } from '@mcp-directory/shared/public-api'
import { html, type SafeHtml, trusted } from '../../html'
import { renderReadme } from '../../readme'
import { copyBlock, count, linkOrText } from '../common'
import { displayName } from '../home/view'
import { dayOf, type MarkFacts, marksList, marksOf } from '../marks'
import { isDemo, originMeans, originWords } from '../origin'
import { publisherBlock, withPublisher } from '../publisher'
import { otherClients, pickedInstall } from './install'
import { readinessSection } from './readiness'

/** The listing's detail, as the detail endpoint answers it. */
type Detail = SuccessOf<typeof getServerById>['server']

/** The latest time a live fact (tools, endpoint, sandbox) was checked. */
function lastChecked(s: Detail): string | null {
  const times = [s.checks.toolsCheckedAt, s.checks.healthCheckedAt, s.checks.sandbox?.checkedAt ?? null]
    .filter((t): t is string => Boolean(t))
    .sort()
  return times.at(-1) ?? null
}

export const detailMarks = (s: Detail) =>
  marksOf({
    ...(s as MarkFacts),
    risk: s.risk ?? null,
    stars: s.popularity.githubStars,
    installs: s.popularity.installs,
    checkedAt: lastChecked(s),
  })

/** When each fact was checked, in one line (the sandbox's start with what it found of the settings). */
function checkedLine(s: Detail): SafeHtml {
  const c = s.checks
  const parts: (SafeHtml | string | null)[] = [
    c.toolsCheckedAt
      ? `tools listed live ${dayOf(c.toolsCheckedAt)}${c.toolsSource ? ` (${c.toolsSource})` : ''}`
      : null,
    c.healthCheckedAt ? `endpoint probed ${dayOf(c.healthCheckedAt)}` : null,
    c.sandbox
      ? (sandboxStartLine(s) ??
        `started in the sandbox ${dayOf(c.sandbox.checkedAt)}: ${c.sandbox.verdict.replaceAll('_', ' ')}`)
      : null,
    c.githubPushedAt ? `last push to the repository ${dayOf(c.githubPushedAt)}` : null,
    s.risk ? `tool descriptions scanned ${dayOf(s.risk.checkedAt)}` : null,
  ]
  const shown = parts.filter((p) => p !== null)
  // The entry's own last change is not a check: it stands apart, saying what it is.
  const changed = html`<span id="entry-changed">This entry last changed ${dayOf(s.updatedAt)}.</span>`
  return html`<p class="checked" id="checked">${shown.length ? html`What the directory checked: ${shown.map((p, i) => html`${i ? ' · ' : ''}${p}`)}. ` : html`Nothing checked yet. `}${changed}</p>`
}

/**
 * What the sandbox's last start says of its settings ("started in the sandbox with placeholder settings: 12 tools
 * listed", "stops in the sandbox without DATABASE_URI"), with its day; null when it says nothing of them.
 */
function sandboxStartLine(s: Detail): SafeHtml | null {
  const start = sandboxStartOf({ sandbox: s.checks.sandbox, packages: s.packages })
  if (!start) return null
  const w = sandboxStartWords(start)
  return html`<span id="sandbox-start">${w.before}${w.setting ? html`<code>${w.setting}</code>` : ''}${w.after} (${dayOf(s.checks.sandbox?.checkedAt)})</span>`
}

/** What the page-views number counts. */
const VIEWS_MEAN = 'visitors who opened this listing, each counted once a day'

/** What the completeness score adds up (the catalog's qualityScore). */
const COMPLETENESS_MEANS =
  'how complete the entry is: a description, an address, a confirmed install, a README, a tool list, seen running, claimed and a title'

/** An address without its scheme and trailing slash, as people read it. */
const shortUrl = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '')

function facts(s: Detail): SafeHtml {
  const fact = (label: string, value: SafeHtml | string, id?: string, wide = false) =>
    html`<div${wide ? html` class="wide"` : ''}><dt>${label}</dt><dd${id ? html` id="${id}"` : ''}>${value}</dd></div>`
  return html`<dl class="facts">
${s.origin ? fact('Origin', html`<span title="${originMeans(s.origin)}">${originWords(s.origin)}</span>`, 'origin', s.origin.startsWith('registry:')) : ''}
${s.repositoryUrl ? fact('Repository', linkOrText(s.repositoryUrl, shortUrl(s.repositoryUrl)), undefined, true) : ''}
${s.websiteUrl ? fact('Website', linkOrText(s.websiteUrl, shortUrl(s.websiteUrl)), undefined, true) : ''}
${s.version ? fact('Version', s.version) : ''}
${s.license ? fact('License', s.license) : ''}
${fact('Category', html`<a href="/?category=${encodeURIComponent(s.category)}">${s.category}</a>${s.categorySource === 'guessed' && resolveCategory(s.category) !== OTHER_CATEGORY ? html` <span class="muted" title="guessed from its name, description, tools and README">(guessed)</span><span class="visually-hidden"> from its name, description, tools and README</span>` : ''}`)}
${fact('Installs', count(s.popularity.installs), 'installs-count')}
${fact('Page views', html`<span title="${VIEWS_MEAN}">${count(s.popularity.views)}</span><span class="visually-hidden"> (${VIEWS_MEAN})</span>`, 'views-count')}
${fact('Completeness', html`<span title="${COMPLETENESS_MEANS}">${s.qualityScore} / 100</span><span class="visually-hidden"> (${COMPLETENESS_MEANS})</span>`, 'completeness')}
${fact('For agents', html`<a href="${s.markdownUrl}">Markdown</a> · <a href="${pathOf(getServerById, { params: { id: s.id } })}">JSON</a>`)}
</dl>`
}

function summary(s: Detail, client: string): SafeHtml {
  const shown = withPublisher(displayName(s), s.publisher)
  const marks = detailMarks(s)
  return html`<section class="summary" aria-labelledby="listing-title">
<h1 id="listing-title">${shown}${shown !== s.name ? html` <span class="regname">${s.name}</span>` : ''}</h1>
${publisherBlock(s.publisher)}
<div class="marks-row">${marksList(marks)}
${marks.length ? html`<details class="more"><summary>What these marks mean</summary><ul class="explained">${marks.map((m) => html`<li><span class="mark ${m.tone}">${m.label}</span>${m.means}</li>`)}</ul></details>` : ''}</div>
${isDemo(s.origin) ? html`<p class="notice warn" id="demo-banner"><strong>Demo data — not a real listing.</strong> The directory shows sample listings until it imports real ones; do not install this one from here.</p>` : ''}
${s.archived ? html`<p class="notice bad">Archived: ${s.archived}. Prefer a maintained server for new installs.</p>` : ''}
<p class="lead">${s.description}</p>
<h2 id="install-heading">Install</h2>
${pickedInstall(s, client)}
${facts(s)}
${checkedLine(s)}
</section>`
}

function toolsSection(s: Detail): SafeHtml {
  const findings = s.risk && !s.risk.cleared ? s.risk.findings : []
  const body = s.tools.length
    ? html`<ul class="tools">${s.tools.map((t) => {
        const mine = findings.filter((f) => f.tool === t.name)
        return html`<li><strong><code>${t.name}</code></strong>${t.description ? html` — ${t.description}` : ''}
${t.parameters?.length ? html`<p class="params">Parameters: ${t.parameters.map((p, i) => html`${i ? ', ' : ''}<code>${p}</code>`)}</p>` : ''}
${mine.map((f) => html`<p class="finding"><span class="mark ${f.severity === 'high' ? 'bad' : 'warn'}">Risk: ${f.severity}</span> ${f.message}</p>`)}</li>`
      })}</ul>`
    : html`<p>No tool list yet: the directory has not seen this server list its tools.</p>`
  return html`<section aria-labelledby="tools-heading"><h2 id="tools-heading">Tools (${s.tools.length})</h2>
${s.checks.toolsCheckedAt ? html`<p class="checked">Listed live ${dayOf(s.checks.toolsCheckedAt)}.</p>` : ''}
${s.toolsDefect ? html`<p class="finding"><span class="mark warn">Broken tool list</span> ${s.toolsDefect.message}</p>` : ''}
${body}${skillsList(s)}${readinessSection(s)}</section>`
}

/** The skills the server offers (MCP Skills extension): names and descriptions; the digests are in the JSON. */
function skillsList(s: Detail): SafeHtml | string {
  const skills = s.skills ?? []
  if (!skills.length) return ''
  return html`<h3 id="skills-heading">Skills (${skills.length})</h3>
<ul class="tools">${skills.map((k) => html`<li><strong><code>${k.name}</code></strong>${k.description ? html` — ${k.description}` : ''}</li>`)}</ul>`
}

function badgesSection(s: Detail, base: string): SafeHtml {
  const featured = `[![${s.name.replace(/[[\]\\]/g, (c) => `\\${c}`)} on the MCP Directory](${badgeImageUrl(base, s.id, { style: 'featured' })})](${base}/servers/${encodeURIComponent(s.id)})`
  return html`<section aria-labelledby="badges-heading"><h2 id="badges-heading">Badges</h2>
<p><img src="${badgeImageUrl('', s.id)}" alt="Badge of ${s.name}" height="20"> Show this listing in your README or on your site; the badge links here and updates itself.</p>
${copyBlock('badge-md', publicBadgeMarkdown(base, s.id, s.name), 'badge Markdown')}
<details class="more"><summary>HTML and the featured card</summary>
${copyBlock('badge-html', publicBadgeHtml(base, s.id, s.name), 'badge HTML')}
<p><img src="${badgeImageUrl('', s.id, { style: 'featured' })}" alt="Featured card of ${s.name}"></p>
${copyBlock('badge-featured', featured, 'featured card Markdown')}
</details>
</section>`
}

function claimSection(s: Detail): SafeHtml {
  return html`<section aria-labelledby="claim-heading"><h2 id="claim-heading">Is this your server?</h2>
${
  s.isOfficial
    ? html`<p>Its owner has claimed it: the Official mark shows that.</p>`
    : html`<p><a class="button" href="/servers/${encodeURIComponent(s.id)}/claim">Claim this server</a> to mark it official <span class="muted">(agents: <code>${claimListing.method} ${claimListing.path}</code>)</span></p>`
}
</section>`
}

/** The listing page body; `client` is the MCP client whose install the summary shows. */
export function listingBody(s: Detail, base: string, client: string): SafeHtml {
  const readme =
    typeof s.readme === 'string' && s.readme.trim() ? trusted(renderReadme(s.readme, s.repositoryUrl)) : null
  return html`<article data-listing="${s.id}">
${summary(s, client)}
${toolsSection(s)}
<section aria-labelledby="readme-heading"><h2 id="readme-heading">README</h2>
${readme ? html`<div class="readme">${readme}</div>` : html`<p>No README is stored for this listing yet; see the repository.</p>`}
</section>
${otherClients(s, client)}
${badgesSection(s, base)}
${claimSection(s)}
</article>`
}
