// Finding proofs and badges in what owners publish: HTML through Bun's HTMLRewriter (a real HTML parser, so
// markup in comments or attribute text is not mistaken for a tag), README Markdown by the URLs it contains.
import { badgeImageUrl, listingPageUrl } from '@mcp-directory/shared/badges'
import { META_NAME } from '../proof'

/** The URLs and claim meta tags of an HTML page. */
export interface PageMarks {
  urls: string[]
  metaProofs: string[]
}

/** Collects link and image URLs, and `<meta name="mcp-directory-claim">` values from the head. */
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
    .on('link[href]', take('href'))
    .on('head meta[name][content]', {
      element(el) {
        if ((el.getAttribute('name') ?? '').trim().toLowerCase() === META_NAME) marks.metaProofs.push((el.getAttribute('content') ?? '').trim())
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

/** Whether a URL carries the proof as its `claim` parameter. */
export function carriesProof(url: string, proof: string): boolean {
  try {
    return new URL(url, 'http://relative.invalid/').searchParams.getAll('claim').includes(proof)
  } catch {
    return false
  }
}

/** Whether a URL is the listing's public badge image or its page on this directory. */
export function isReciprocal(url: string, baseUrl: string, id: string): boolean {
  const strip = (u: string) => u.split(/[?#]/)[0]!.replace(/\/+$/, '')
  const u = strip(url)
  return u === strip(badgeImageUrl(baseUrl, id)) || u === strip(listingPageUrl(baseUrl, id))
}
