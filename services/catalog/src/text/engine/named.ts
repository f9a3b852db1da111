/**
 * Listings a query names: by their name, id or install name typed as the query, or as the own servers of the
 * publisher a query names (its domain's label, GitHub account, npm scope). They come first (TUNING.named), then the
 * rest by relevance: "the first hit is the server the person meant". A cursor carries the boosts of its first page,
 * so every page of a walk ranks alike.
 *
 * Each listing keeps the 52-bit hashes of what names it (`NamedFacts`), not the names: at 50k listings, maps from
 * each name to its listings took 40 MiB, the hashes about 3. A query's boost looks its hash up among the listings
 * it matched; counts of the hashes of live listings say at once whether a plain query names anything at all.
 */
import { nameKey, writtenAsName } from './analyze'
import { keysOf, type NamedFacts, nameHash, wordsOf, writtenOf } from './named-facts'
import type { Matches } from './match'
import type { Factor } from './priors'
import type { TermStore } from './store'
import { TUNING } from './tuning'

export { type NamedFacts, nameHash, namedFactsOf } from './named-facts'

/** How a query names listings, and the hash a listing must hold for it. */
export type BoostKind = 'written' | 'publisher' | 'word'

/** One way a query names listings and the multiplier they get. */
export interface Boost {
  kind: BoostKind
  hash: number
}

const KINDS: readonly BoostKind[] = ['written', 'publisher', 'word']

/** How many live listings hold each hash of a plain query (words and publisher keys): a query naming none pays nothing. */
export class NamedCounts {
  private readonly counts = new Map<number, number>()

  add(f: NamedFacts | undefined, by: 1 | -1): void {
    if (!f) return
    for (const h of wordsOf(f) ? [wordsOf(f), ...keysOf(f)] : keysOf(f)) {
      const c = (this.counts.get(h) ?? 0) + by
      if (c > 0) this.counts.set(h, c)
      else this.counts.delete(h)
    }
  }

  /**
   * What a query names: a name, id or install name typed as written (separators inside it) above everything; a
   * plain query's publisher (its words, stop words aside, joined: `home assistant` → homeassistant) above a listing
   * whose name is the plain query's words.
   */
  boostsOf(q: string, words: readonly string[]): Boost[] {
    const out: Boost[] = []
    const written = writtenAsName(q)
    if (written) out.push({ kind: 'written', hash: nameHash(nameKey(q)) })
    const publisher = nameHash(words.join(''))
    if (this.counts.has(publisher)) out.push({ kind: 'publisher', hash: publisher })
    const plain = written ? 0 : nameHash(words.join(' '))
    if (plain && this.counts.has(plain)) out.push({ kind: 'word', hash: plain })
    return out
  }
}

/** The multiplier a listing's named facts earn from the boosts (1 when none names it). */
function factorOf(f: NamedFacts | undefined, boosts: readonly Boost[]): number {
  if (!f) return 1
  let out = 1
  for (const b of boosts) {
    const held =
      b.kind === 'word' ? wordsOf(f) === b.hash : (b.kind === 'written' ? writtenOf(f) : keysOf(f)).includes(b.hash)
    if (held) out *= TUNING.named[b.kind]
  }
  return out
}

/**
 * Multiplies the relevance of the matched listings a query names by their boost: the live versions for a first
 * page, the versions of its moment for a walk's later page. Only a query that names something pays for the look.
 */
export function boost(store: TermStore, m: Matches, boosts: readonly Boost[]): void {
  for (let i = 0; i < m.docs.length; i++) {
    const d = m.docs[i]!
    const f = factorOf(store.factsOf(d).named, boosts)
    if (f !== 1) m.relevance[d]! *= f
  }
}

/** Boosts as a cursor carries them, read back only when they are what this index could have made. */
export function readBoosts(v: unknown): Boost[] | null {
  if (v === undefined) return []
  if (!Array.isArray(v) || v.length > KINDS.length) return null
  const out: Boost[] = []
  for (const g of v) {
    if (!Array.isArray(g) || g.length !== 2) return null
    const [kind, hash] = g
    if (!KINDS.includes(kind) || !Number.isSafeInteger(hash) || hash < 0) return null
    out.push({ kind, hash })
  }
  return out
}

/** Boosts as a cursor carries them. */
export const packBoosts = (boosts: Boost[]) => boosts.map((b) => [b.kind, b.hash])

const REASONS: Record<BoostKind, string> = {
  written: 'the query is its name, id or install name, as written',
  publisher: "the query names its publisher, and it is that publisher's own server",
  word: 'the query is its name',
}

/** Why a hit was named, for its `why`: each boost naming it. */
export function namedFactors(f: NamedFacts | undefined, boosts: readonly Boost[]): Factor[] {
  return boosts.flatMap((b) =>
    factorOf(f, [b]) !== 1
      ? [{ factor: 'named' as const, multiplier: TUNING.named[b.kind], reason: REASONS[b.kind] }]
      : [],
  )
}
