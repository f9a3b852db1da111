import type { Contract } from '@mcp-directory/shared/contracts'

// The web service's pages for people. Each path is listed on its own, so every other path keeps the JSON 404 of
// the API; none of them is in the OpenAPI document (they are pages, not API operations).
const page = (method: 'GET' | 'POST', path: string, operationId: string, summary: string): Contract => ({
  method,
  path,
  service: 'web',
  operationId,
  summary,
  tag: 'web',
  hidden: true,
  auth: null,
  // Pages are read-limited like the API; a form post calls a public API operation that carries its own limit
  // for the same client, so counting it as a write here too would halve that client's quota.
  limit: 'read',
  responses: { 200: { description: 'An HTML page', type: 'text/html' } },
})

/** The web service's public routes (pages, the llms.txt description and the static assets). */
export const WEB_CONTRACTS: Contract[] = [
  page('GET', '/', 'homePage', 'Search and browse the directory'),
  page('GET', '/servers/:id', 'listingPage', 'The page of one listing (detailUrl)'),
  page('GET', '/submit', 'submitPage', 'The submission form'),
  page('POST', '/submit', 'submitForm', 'Submits the form'),
  page('GET', '/claim/:id', 'claimPage', 'The ownership-verification page (claim_url)'),
  page('POST', '/claim/:id', 'claimForm', 'Runs a verification from the claim page'),
  page('GET', '/status', 'statusPage', 'Why a server is (not) listed: the status lookup as a page'),
  page('GET', '/admin', 'adminPage', 'The operator moderation page'),
  page('POST', '/admin/login', 'adminLogin', 'Operator sign-in'),
  page('POST', '/admin/logout', 'adminLogout', 'Operator sign-out'),
  page('POST', '/admin/moderate', 'adminModerate', 'Approve, reject or flag a listing'),
  page('GET', '/admin/conflicts', 'adminConflictsPage', 'The operator page of import conflicts and upstreams'),
  page('POST', '/admin/conflicts/resolve', 'adminResolveConflict', 'Accept or dismiss an import conflict'),
  page('POST', '/admin/upstreams/trust', 'adminUpstreamTrust', 'Set the origins an upstream may replace'),
  page('GET', '/llms.txt', 'llmsTxt', 'The directory described for language models'),
  // Hashed, immutable file names: a browser fetches each once, so a limit costs a client nothing.
  { ...page('GET', '/assets/:file', 'asset', 'A static asset (CSS, script, icon)'), limit: null },
  // Asked for by browsers and crawlers on their own: never limited, so they cannot spend a visitor's reads.
  { ...page('GET', '/favicon.ico', 'favicon', 'The directory icon'), limit: null },
  { ...page('GET', '/robots.txt', 'robotsTxt', 'What crawlers may read'), limit: null },
]

/** Where the gateway sends a browser that asks for a page no route knows: the web service answers its 404 page. */
export const NOT_FOUND_PAGE_CONTRACT: Contract = page('GET', '/*', 'notFoundPage', 'A page nobody has')
