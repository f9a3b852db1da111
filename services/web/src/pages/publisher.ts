// Who made a listing, as the catalog's answers carry it (`publisher`): the line under a card's title, the name a bare
// title is shown with, and the listing page's Publisher block with each piece of evidence and who checked it. Every
// value is the listing's data, so it goes through `html` as text.
import type { Publisher, PublisherEvidence } from '@mcp-directory/shared/contracts'
import { html, type SafeHtml } from '../html'

/** Who checked a piece of evidence, in words. */
const CHECKED_BY: Record<PublisherEvidence['source'], string> = {
  'official-registry': 'checked by the official MCP registry',
  directory: 'checked by this directory',
  npm: 'checked on npm',
  pypi: 'checked on PyPI',
  entry: 'from the entry itself, checked by nobody',
}

/** Who checked a piece of evidence (an unknown source named as it is). */
export const checkedBy = (e: Pick<PublisherEvidence, 'source' | 'proves'>) =>
  e.source === 'entry' && e.proves
    ? 'from the entry itself, matched to its namespace here'
    : (CHECKED_BY[e.source] ?? `checked by ${e.source}`)

/** Whether a piece of evidence proves control of the publisher, or is only a link the entry makes. */
export const provesWords = (e: Pick<PublisherEvidence, 'proves'>) => (e.proves ? 'proves control' : 'only a link')

// Words every server's name may be made of: a name of only these says nothing of what, or whose, it is.
const GENERIC = new Set([
  'mcp',
  'mcps',
  'server',
  'servers',
  'remote',
  'hosted',
  'official',
  'local',
  'api',
  'http',
  'sse',
  'stdio',
  'streamable',
])

/** True when a shown name is made only of generic words (`mcp`, `mcp-server`, `Remote MCP`). */
export function isBareName(shown: string): boolean {
  const words = shown
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
  return words.length > 0 && words.every((w) => GENERIC.has(w))
}

/** A known publisher's name, or null when the answer carries none (or it is unknown). */
const knownName = (p: Publisher | undefined | null) => (p && p.kind !== 'unknown' && p.name.trim() ? p.name : null)

/**
 * The name a card or page shows: the listing's own, with its publisher's name before it when the name alone is bare
 * (`com.notion/mcp` reads "Notion — mcp"; the registry name stays beside it).
 */
export function withPublisher(shown: string, p: Publisher | undefined | null): string {
  const name = knownName(p)
  return name && isBareName(shown) ? `${name} — ${shown}` : shown
}

/** The line under a card's title: the publisher's label ("by Notion · notion.com (verified by …)"). */
export function publisherLine(p: Publisher | undefined | null): SafeHtml {
  if (!p?.label) return html``
  return html`<p class="byline${p.verified ? ' verified' : ''}"><span class="visually-hidden">Publisher: </span>${p.label}</p>`
}

/** What the relation of a listing to its publisher means, in a sentence. */
function relationSentence(p: Publisher): string {
  if (p.kind === 'unknown') return 'Nothing the directory can name ties this listing to a publisher.'
  if (p.relation === 'community')
    return `A community server: it is about another brand or topic, not ${p.name}'s own. ${p.verified ? `${p.name} is proven to publish it; that says nothing of the brand it serves.` : `Nothing proves that ${p.name} publishes it.`}`
  return p.verified
    ? `${p.name}'s own server, proven by the evidence below.`
    : `It reads as ${p.name}'s own, but nothing below proves control: each piece is only a link.`
}

/**
 * The listing page's Publisher block, under its title: the label always in view, and when opened what the relation
 * means and each piece of evidence with who checked it and whether it proves control (collapsed like the marks'
 * meanings, so the summary keeps the install and the tools near the top).
 */
export function publisherBlock(p: Publisher | undefined | null): SafeHtml {
  if (!p) return html``
  return html`<details class="more publisher" id="publisher">
<summary>Publisher: <span class="byline${p.verified ? ' verified' : ''}" id="publisher-label">${p.label}</span></summary>
<p class="small">${relationSentence(p)}</p>
${
  p.evidence?.length
    ? html`<ul class="evidence" aria-label="Evidence of its publisher">${p.evidence.map(
        (e) =>
          html`<li data-evidence="${e.kind}" data-proves="${e.proves ? 'yes' : 'no'}">${e.detail} <span class="muted small">(${checkedBy(e)}; <span class="${e.proves ? 'proof' : 'link'}">${provesWords(e)}</span>)</span></li>`,
      )}</ul>`
    : ''
}
</details>`
}

/** The Verified publisher mark's tooltip: the label and the evidence that proves it. */
export function publisherMeans(p: Publisher): string {
  const proofs = (p.evidence ?? []).filter((e) => e.proves).map((e) => `${e.detail} (${checkedBy(e)})`)
  const community =
    p.relation === 'community' ? ` A community server: about another brand or topic, not ${p.name}'s own.` : ''
  return `Who published it is proven: ${p.label}.${proofs.length ? ` Evidence: ${proofs.join('; ')}.` : ''}${community}`
}
