// Pages are for browsers: a browser past the read limit on a page, or on an address no route knows, gets an HTML
// answer it can show, while the API (and every client that does not ask for HTML) keeps its JSON Error object.
import type { RouteSpec } from './routes'

/** The first path segments that belong to the API and documents (every route not served by web, and /docs). */
export function apiSegments(routes: RouteSpec[]): Set<string> {
  return new Set(['docs', ...routes.filter((r) => r.service !== 'web').map((r) => r.path.split('/')[1] ?? '')])
}

/**
 * Whether the request is a browser's for a page: GET or HEAD asking for HTML, on a web route, or (no route) on a
 * path outside the API's segments (`api`, `docs`, `mcp`, `.well-known`, …).
 */
export function wantsPage(request: Request, route: RouteSpec | null, api: Set<string>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  if (route ? route.service !== 'web' : api.has(new URL(request.url).pathname.split('/')[1] ?? '')) return false
  return /\btext\/html\b/i.test(request.headers.get('accept') ?? '')
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** A small self-contained error page (no script, no outside resource) with the Error object's message. */
export function pageError(status: number, title: string, message: string, headers: Record<string, string>): Response {
  const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · MCP Server Directory</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Back to the directory</a></p></main></body></html>
`
  return new Response(body, {
    status,
    headers: {
      ...headers,
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    },
  })
}
