// The listing page (detailUrl): description, marks, install configs per client with copy buttons, tools,
// badges with copyable Markdown, and the README rendered and sanitised.
import { badgeImageUrl, publicBadgeHtml, publicBadgeMarkdown } from '@mcp-directory/shared/badges'
import { healthLabel, type ServerDetail } from '@mcp-directory/shared/contracts'
import { html, trusted, type SafeHtml } from '../../html'
import { renderReadme } from '../../readme'
import { copyBlock, count, linkOrText } from '../common'

function healthMark(health: string | null): SafeHtml {
  if (!health) return html``
  const h = health.toLowerCase()
  const cls = /^(active|healthy|ok|up)$/.test(h) ? 'ok' : 'warn'
  // The same spelling as the Markdown marker: `[Health: Active]`.
  return html`<li class="mark ${cls}">Health: ${healthLabel(health)}</li>`
}

function configsSection(s: ServerDetail): SafeHtml {
  if (!s.configs || s.configs.length === 0) {
    const guess = s.install
    return html`<div class="notice"><p>No confirmed install config yet: the directory has only a guess for this server${guess ? html` (${guess.kind === 'local' ? 'a local runner' : 'a remote endpoint'}, confidence ${guess.confidence})` : ''}. Check the repository README before use.</p></div>`
  }
  // Low with configs: a declared package without evidence that it belongs to the listing (the note says what is missing).
  return html`${s.install && s.install.confidence === 'low' ? html`<p class="notice">Confidence is low: ${s.install.note ?? 'nothing shows that this package belongs to the listing'}. Verify it against the repository README before use.</p>` : ''}
${s.configs.map(
  (c, i) => html`<section class="config" aria-labelledby="cfg-h-${i}">
<div class="config-head"><h3 id="cfg-h-${i}">${c.label}</h3><span class="muted">${c.format}</span></div>
${installLinks(c)}
${c.locations.length ? html`<ul>${c.locations.map((l) => html`<li>${l.os}: <code>${l.path}</code></li>`)}</ul>` : ''}
${copyBlock(`cfg-${i}`, c.snippet, `${c.label} config`, { install: s.id })}
${c.command && c.command !== c.snippet ? html`<p class="muted">Or run this one command:</p>${copyBlock(`cmd-${i}`, c.command, `${c.label} command`, { install: s.id })}` : ''}
${c.note ? html`<p class="muted">${c.note}</p>` : ''}
</section>`,
)}`
}

// Only the clients' own install schemes (and https) become links; the configs build them, but a link is checked here too.
const INSTALL_LINK = /^(cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?|vscode:mcp\/install\?|https:\/\/)/

/** One-click install buttons of a config: the client's install link, and its https form for browsers without the app. */
function installLinks(c: NonNullable<ServerDetail['configs']>[number]): SafeHtml {
  const links = [
    ...(c.deepLink && INSTALL_LINK.test(c.deepLink)
      ? [html`<a class="button" href="${c.deepLink}">Install in ${c.label}</a>`]
      : []),
    ...(c.webLink?.startsWith('https://')
      ? [html`<a class="button secondary" href="${c.webLink}" rel="nofollow noopener">Install via vscode.dev</a>`]
      : []),
  ]
  return links.length ? html`<p class="install-links">${links}</p>` : html``
}

function toolsSection(s: ServerDetail): SafeHtml {
  if (!s.tools.length) return html``
  return html`<section aria-labelledby="tools-heading"><h2 id="tools-heading">Tools (${s.tools.length})</h2>
<ul class="tools">${s.tools.map((t) => html`<li><strong><code>${t.name}</code></strong>${t.description ? html` — ${t.description}` : ''}${t.parameters?.length ? html`<br><span class="muted">Parameters: ${t.parameters.join(', ')}</span>` : ''}</li>`)}</ul></section>`
}

function badgesSection(s: ServerDetail, base: string): SafeHtml {
  const featured = `[![${s.name.replace(/[[\]\\]/g, (c) => `\\${c}`)} on the MCP Directory](${badgeImageUrl(base, s.id, { style: 'featured' })})](${base}/servers/${encodeURIComponent(s.id)})`
  return html`<section aria-labelledby="badges-heading"><h2 id="badges-heading">Badges</h2>
<p>Show this listing in your README or on your site. The badge links here and updates itself.</p>
<p><img src="/api/badge/${encodeURIComponent(s.id)}" alt="Badge of ${s.name}" height="20"></p>
<h3>Markdown</h3>
${copyBlock('badge-md', publicBadgeMarkdown(base, s.id, s.name), 'badge Markdown')}
<h3>HTML</h3>
${copyBlock('badge-html', publicBadgeHtml(base, s.id, s.name), 'badge HTML')}
<h3>Featured card (Markdown)</h3>
<p><img src="/api/badge/${encodeURIComponent(s.id)}?style=featured" alt="Featured card of ${s.name}"></p>
${copyBlock('badge-featured', featured, 'featured card Markdown')}
</section>`
}

/** The listing page body. */
export function listingBody(s: ServerDetail, base: string): SafeHtml {
  const readme =
    typeof s.readme === 'string' && s.readme.trim() ? trusted(renderReadme(s.readme, s.repositoryUrl)) : null
  return html`<article data-listing="${s.id}">
<h1>${s.title && s.title !== s.name ? html`${s.title} <span class="muted">(${s.name})</span>` : s.name}</h1>
<ul class="marks" aria-label="Marks">
${s.isOfficial ? html`<li class="mark official">Official</li>` : ''}
${s.isVerifiedActive ? html`<li class="mark ok">Seen running</li>` : ''}
${healthMark(s.health)}
<li class="mark"><a href="/?category=${encodeURIComponent(s.category)}">${s.category}</a></li>
</ul>
${s.archived ? html`<p class="notice">Archived: ${s.archived}. Prefer a maintained server for new installs.</p>` : ''}
<p class="lead">${s.description}</p>
<dl class="facts">
${s.repositoryUrl ? html`<dt>Repository</dt><dd>${linkOrText(s.repositoryUrl)}</dd>` : ''}
${s.websiteUrl ? html`<dt>Website</dt><dd>${linkOrText(s.websiteUrl)}</dd>` : ''}
${s.version ? html`<dt>Version</dt><dd>${s.version}</dd>` : ''}
${s.license ? html`<dt>License</dt><dd>${s.license}</dd>` : ''}
<dt>Transports</dt><dd>${s.transports.length ? s.transports.join(', ') : 'unknown'}</dd>
<dt>Install name</dt><dd><code>${s.installName}</code></dd>
<dt>Installs</dt><dd id="installs-count">${count(s.popularity.installs)}</dd>
<dt>Views</dt><dd>${count(s.popularity.views)}</dd>
<dt>Upvotes</dt><dd>${count(s.popularity.upvotes)}</dd>
${s.popularity.githubStars !== null ? html`<dt>GitHub stars</dt><dd>${count(s.popularity.githubStars)}</dd>` : ''}
<dt>Quality score</dt><dd>${s.qualityScore} / 100</dd>
${s.tags.length ? html`<dt>Tags</dt><dd>${s.tags.join(', ')}</dd>` : ''}
${s.supportUrl ? html`<dt>Support</dt><dd>${linkOrText(s.supportUrl)}</dd>` : ''}
<dt>For agents</dt><dd><a href="${s.markdownUrl}">Markdown document</a> · <a href="/api/v1/servers/${encodeURIComponent(s.id)}">JSON</a></dd>
</dl>
<section aria-labelledby="install-heading"><h2 id="install-heading">Install</h2>
${configsSection(s)}
</section>
${toolsSection(s)}
${badgesSection(s, base)}
<section aria-labelledby="readme-heading"><h2 id="readme-heading">README</h2>
${readme ? html`<div class="readme">${readme}</div>` : html`<p>No README is stored for this listing yet; see the repository.</p>`}
</section>
</article>`
}
