// Finding proofs and badges in what owners publish: HTML through Bun's HTMLRewriter (a real HTML parser, so
// markup in comments, scripts, other raw text or attribute values is not mistaken for a tag), README Markdown by
// the URLs it contains. A proof counts only in a link or image addressed to this directory's page or badge of the
// listing itself: a page that echoes its own request address into a link or a <link rel=canonical> carries none.
import { badgeImageUrl, listingPageUrl } from '@mcp-directory/shared/badges'
import { META_NAME } from '../proof'

/** The URLs and claim meta tags of an HTML page. */
export interface PageMarks {
  urls: string[]
  metaProofs: string[]
}

/** Collects `<a href>` and `<img src>` URLs, and `<meta name="mcp-directory-claim">` values from the head. */
export async function scanHtml(html: string): Promise<PageMarks> {
  const marks: PageMarks = { urls: [], metaProofs: [] }
  const take = (attr: string) => ({
    element(el: HTMLRewriterTypes.Element) {
      const v = el.getAttribute(attr)
      if (v && marks.urls.length < 5000) marks.urls.push(v.trim())
    },
  })
  await new HTMLRewriter()
    .on('a[href]', take('href'))
    .on('img[src]', take('src'))
    .on('head meta[name][content]', {
      element(el) {
        if ((el.getAttribute('name') ?? '').trim().toLowerCase() === META_NAME)
          marks.metaProofs.push((el.getAttribute('content') ?? '').trim())
      },
    })
    .transform(new Response(html))
    .text()
  return marks
}

/** The URLs a README (Markdown with optional HTML) links or embeds. */
export function markdownUrls(markdown: string): string[] {
  const urls: string[] = []
  for (const m of markdown.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) urls.push(m[1]!)
  for (const m of markdown.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) urls.push(m[1]!)
  for (const m of markdown.matchAll(/\b(?:href|src)\s*=\s*["']([^"']+)["']/gi)) urls.push(m[1]!)
  return urls.map((u) => u.replace(/&amp;/g, '&'))
}

const hostPath = (u: URL) =>
  `${u.hostname.toLowerCase().replace(/\.+$/, '')}:${u.port}${u.pathname.replace(/\/+$/, '')}`

/**
 * The URL parsed when it is this directory's page or badge image of the listing (absolute; http or https; host
 * without case or trailing dot), else null.
 */
function directoryUrlOf(url: string, baseUrl: string, id: string): URL | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  const key = hostPath(u)
  const own = [badgeImageUrl(baseUrl, id), listingPageUrl(baseUrl, id)].map((x) => hostPath(new URL(x)))
  return own.includes(key) ? u : null
}

/** Whether a URL is the personalized badge: this listing's page or badge on this directory, with `claim=<proof>`. */
export function isClaimBadge(url: string, baseUrl: string, id: string, proof: string): boolean {
  return directoryUrlOf(url, baseUrl, id)?.searchParams.getAll('claim').includes(proof) ?? false
}

/** Whether a URL carries the proof as its `claim` parameter, wherever it points (told apart in failure messages). */
export function carriesProof(url: string, proof: string): boolean {
  try {
    return new URL(url, 'http://relative.invalid/').searchParams.getAll('claim').includes(proof)
  } catch {
    return false
  }
}

/** Whether a URL is the listing's public badge image or its page on this directory. */
export function isReciprocal(url: string, baseUrl: string, id: string): boolean {
  return directoryUrlOf(url, baseUrl, id) !== null
}
