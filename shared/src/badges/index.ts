/** The one place that writes badge markup: the public badge and the personalized claim badge. */

const mdEscape = (s: string) => s.replace(/[[\]\\]/g, (c) => `\\${c}`)
const htmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Address of a listing's badge image. */
export function badgeImageUrl(baseUrl: string, id: string, params: Record<string, string> = {}): string {
  const qs = new URLSearchParams(params).toString()
  return `${baseUrl}/api/badge/${encodeURIComponent(id)}${qs ? `?${qs}` : ''}`
}

/** Address of a listing's page, where every badge links to. */
export function listingPageUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/servers/${encodeURIComponent(id)}`
}

/** The public README badge (Markdown) linking to the listing page; not an ownership proof. */
export function publicBadgeMarkdown(baseUrl: string, id: string, name: string): string {
  return `[![${mdEscape(`${name} on the MCP Directory`)}](${badgeImageUrl(baseUrl, id)})](${listingPageUrl(baseUrl, id)})`
}

/** The public badge as HTML, for websites. */
export function publicBadgeHtml(baseUrl: string, id: string, name: string): string {
  return `<a href="${htmlEscape(listingPageUrl(baseUrl, id))}"><img src="${htmlEscape(badgeImageUrl(baseUrl, id))}" alt="${htmlEscape(`${name} on the MCP Directory`)}"></a>`
}

/**
 * The personalized claim badge: the same badge whose link carries the claimant's proof value, so finding it on
 * a README or site proves who placed it. Markdown for READMEs, HTML for websites.
 */
export function claimBadgeMarkup(
  baseUrl: string,
  id: string,
  name: string,
  proof: string,
): { markdown: string; html: string } {
  const link = `${listingPageUrl(baseUrl, id)}?claim=${encodeURIComponent(proof)}`
  const alt = `${name} on the MCP Directory`
  return {
    markdown: `[![${mdEscape(alt)}](${badgeImageUrl(baseUrl, id)})](${link})`,
    html: `<a href="${htmlEscape(link)}"><img src="${htmlEscape(badgeImageUrl(baseUrl, id))}" alt="${htmlEscape(alt)}"></a>`,
  }
}

/** Badge styles of `GET /api/badge/{id}` (directory-api §4.12); the first is the default. */
export const BADGE_STYLES = ['shield', 'flat-square', 'featured', 'directory'] as const
/** What a badge shows; the first is the default. */
export const BADGE_METRICS = ['status', 'upvotes', 'views', 'installs'] as const
/** Colour themes of a badge; the first is the default. */
export const BADGE_THEMES = ['dark', 'light'] as const

/** One of the badge styles. */
export type BadgeStyle = (typeof BADGE_STYLES)[number]
/** One of the badge metrics. */
export type BadgeMetric = (typeof BADGE_METRICS)[number]
/** One of the badge themes. */
export type BadgeTheme = (typeof BADGE_THEMES)[number]
