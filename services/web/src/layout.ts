// The page shell and the headers every page is sent with.
import type { PageAnswer } from './answer'
import type { Assets } from './assets'
import { html, type SafeHtml } from './html'

/**
 * Only our own scripts and styles run (no inline script or style, no eval); README images may come from any
 * https host (images cannot run code); forms post only to us; no framing; no <base> tricks.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** What one page says about itself. */
export interface PageOptions {
  title: string
  description?: string
  body: SafeHtml
  status?: number
  /** `no-referrer` on pages whose address carries a secret (the claim page). */
  referrerPolicy?: string
  /** Pages that show secrets or per-operator data are never stored by caches. */
  noStore?: boolean
  /** Which navigation entry is the current page. */
  current?: 'home' | 'submit' | 'admin'
  headers?: Record<string, string>
  /** Further scripts of this page (our own assets, deferred), e.g. the listing page's settings form. */
  scripts?: readonly string[]
  /** The page's own absolute address: with it (and a description) the page carries its Open Graph card. */
  url?: string
}

/** The title, description and address a shared link shows (Open Graph and Twitter's card; no image). */
function shareCard(o: PageOptions): SafeHtml {
  if (!o.url || !o.description) return html``
  return html`<meta property="og:type" content="website">
<meta property="og:site_name" content="MCP Server Directory">
<meta property="og:title" content="${o.title}">
<meta property="og:description" content="${o.description}">
<meta property="og:url" content="${o.url}">
<meta name="twitter:card" content="summary">
<link rel="canonical" href="${o.url}">`
}

/** Headers of every HTML answer. */
export function pageHeaders(o: { referrerPolicy?: string; noStore?: boolean } = {}): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'referrer-policy': o.referrerPolicy ?? 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cache-control': o.noStore ? 'no-store' : 'no-cache',
    vary: 'Cookie',
  }
}

/** Renders a whole page. */
export function renderPage(assets: Assets, o: PageOptions): PageAnswer {
  const nav = (href: string, label: string, key: PageOptions['current']) =>
    html`<li><a href="${href}"${o.current === key ? html` aria-current="page"` : ''}>${label}</a></li>`
  const doc = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
${o.description ? html`<meta name="description" content="${o.description}">` : ''}
${shareCard(o)}
<link rel="stylesheet" href="${assets.url('app.css')}">
<link rel="icon" href="${assets.url('icon.svg')}" type="image/svg+xml">
<script src="${assets.url('app.js')}"></script>
${(o.scripts ?? []).map((f) => html`<script src="${assets.url(f)}" defer></script>`)}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="wrap">
<a class="brand" href="/">MCP Server Directory</a>
<nav class="site" aria-label="Main"><ul>
${nav('/', 'Search', 'home')}
${nav('/submit', 'Submit a server', 'submit')}
<li><a href="/docs">API</a></li>
<li><a href="/llms.txt">llms.txt</a></li>
</ul></nav>
<button type="button" class="secondary small theme" id="theme-toggle" aria-pressed="false" hidden>Dark mode</button>
</div></header>
<main id="main" tabindex="-1"><div class="wrap">
${o.body}
</div></main>
<footer class="site"><div class="wrap">
<p>A public catalog of Model Context Protocol servers. <a href="/docs">API reference</a> · <a href="/docs/json">OpenAPI</a> · <a href="/status">Is my server listed?</a> · MCP endpoint <code>/api/mcp</code> · <a href="/admin">Operators</a></p>
</div></footer>
</body>
</html>
`
  return { html: doc.value, status: o.status ?? 200, headers: { ...pageHeaders(o), ...o.headers } }
}
