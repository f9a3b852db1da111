/**
 * Listings a query names: by their name, id or install name typed as the query, or as the own servers of the
 * publisher a query names (its domain's label, GitHub account, npm scope). They come first (TUNING.named), then the
 * rest by relevance: "the first hit is the server the person meant". A cursor carries the boosts of its first page,
 * so every page of a walk ranks alike.
 */
import { nameKey, queryWords, writtenAsName } from './analyze'
import type { Matches } from './match'
import type { Factor } from './priors'
import type { TermStore } from './store'
import { TUNING } from './tuning'

/** One group of named listings and the multiplier they get. */
export interface Boost {
  ids: string[]
  factor: number
}

// Bounds of what one query names (and of what a cursor may carry back).
const MAX_IDS = 32
const MAX_GROUPS = 3
const FACTORS: number[] = Object.values(TUNING.named)

/** Per name and per publisher key, the listings it names; per listing, the keys it is held under. */
export class NameTable {
  private readonly byName = new Map<string, string[]>()
  // A name by its meaningful words (the words every server shares aside), as a plain query is read.
  private readonly byWords = new Map<string, string[]>()
  private readonly byInstallName = new Map<string, string[]>()
  private readonly byPublisher = new Map<string, string[]>()
  private readonly held = new Map<string, { names: string[]; words: string[]; install: string[]; keys: string[] }>()

  /**
   * Records a listing's names, its id and install names and its publisher keys, replacing what was held for its id.
   * An id and an install name are made from the name (`zulip` for `io.github.anyone/zulip`, `kanban` for whichever
   * listing came first): they name a listing only when typed as written.
   */
  set(id: string, names: readonly string[], installNames: readonly string[], keys: readonly string[]): void {
    this.delete(id)
    const forms = {
      names: [...new Set(names.map(nameKey).filter(Boolean))],
      words: [...new Set(names.map((n) => queryWords(n).join(' ')).filter(Boolean))],
      install: [...new Set(installNames.map(nameKey).filter(Boolean))],
      keys: [...new Set(keys)],
    }
    if (!forms.names.length && !forms.install.length && !forms.keys.length) return
    this.held.set(id, forms)
    for (const n of forms.names) add(this.byName, n, id)
    for (const w of forms.words) add(this.byWords, w, id)
    for (const n of forms.install) add(this.byInstallName, n, id)
    for (const k of forms.keys) add(this.byPublisher, k, id)
  }

  delete(id: string): void {
    const forms = this.held.get(id)
    if (!forms) return
    this.held.delete(id)
    for (const n of forms.names) drop(this.byName, n, id)
    for (const w of forms.words) drop(this.byWords, w, id)
    for (const n of forms.install) drop(this.byInstallName, n, id)
    for (const k of forms.keys) drop(this.byPublisher, k, id)
  }

  /**
   * What a query names: a name or install name typed as written (separators inside it) above everything; a plain
   * query's publisher (its words, stop words aside, joined: `home assistant` → homeassistant) above a listing whose
   * name is that plain word.
   */
  boostsOf(q: string, words: readonly string[]): Boost[] {
    const out: Boost[] = []
    const key = nameKey(q)
    const named = this.byName.get(key)
    const written = writtenAsName(q)
    const typed = written ? [...new Set([...(named ?? []), ...(this.byInstallName.get(key) ?? [])])].sort() : []
    if (typed.length) out.push({ ids: typed.slice(0, MAX_IDS), factor: TUNING.named.written })
    const owners = words.length ? this.byPublisher.get(words.join('')) : undefined
    if (owners) out.push({ ids: owners.slice(0, MAX_IDS), factor: TUNING.named.publisher })
    // A plain query is read by its words: `postgres mcp server` names the listing `postgres` as `postgres` does.
    const plain = written ? undefined : this.byWords.get(words.join(' '))
    if (plain) out.push({ ids: plain.slice(0, MAX_IDS), factor: TUNING.named.word })
    return out
  }
}

const add = (m: Map<string, string[]>, key: string, id: string) => {
  const ids = m.get(key)
  if (!ids) m.set(key, [id])
  // Sorted, so every replica names the same first MAX_IDS.
  else if (!ids.includes(id)) ids.splice(sortedIndex(ids, id), 0, id)
}

const drop = (m: Map<string, string[]>, key: string, id: string) => {
  const ids = m.get(key)
  if (!ids) return
  const rest = ids.filter((x) => x !== id)
  if (rest.length) m.set(key, rest)
  else m.delete(key)
}

function sortedIndex(ids: string[], id: string): number {
  let lo = 0
  let hi = ids.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ids[mid]! < id) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Boosts as a cursor carries them, read back only when they are what this index could have made. */
export function readBoosts(v: unknown): Boost[] | null {
  if (v === undefined) return []
  if (!Array.isArray(v) || v.length > MAX_GROUPS) return null
  const out: Boost[] = []
  for (const g of v) {
    if (!Array.isArray(g) || g.length !== 2) return null
    const [ids, factor] = g
    if (!FACTORS.includes(factor) || !Array.isArray(ids) || ids.length > MAX_IDS) return null
    if (!ids.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 200)) return null
    out.push({ ids, factor })
  }
  return out
}

/** Boosts as a cursor carries them. */
export const packBoosts = (boosts: Boost[]) => boosts.map((b) => [b.ids, b.factor])

/** Why a hit was named, for its `why`: each boost naming it. */
export function namedFactors(id: string, boosts: readonly Boost[]): Factor[] {
  const out: Factor[] = []
  for (const b of boosts) {
    if (!b.ids.includes(id)) continue
    const reason =
      b.factor === TUNING.named.publisher
        ? "the query names its publisher, and it is that publisher's own server"
        : b.factor === TUNING.named.word
          ? 'the query is its name'
          : 'the query is its name, id or install name, as written'
    out.push({ factor: 'named', multiplier: b.factor, reason })
  }
  return out
}

/**
 * Multiplies the relevance of the matched listings a query names by their boost, found among the matches by their
 * ids: the live versions for a first page, the versions of its moment for a walk's later page. Only a query that
 * names something pays for the look.
 */
export function boost(store: TermStore, m: Matches, boosts: readonly Boost[]): void {
  const factors = new Map<string, number>()
  for (const b of boosts) for (const id of b.ids) factors.set(id, (factors.get(id) ?? 1) * b.factor)
  const { ids } = store.table
  for (let i = 0; i < m.docs.length; i++) {
    const d = m.docs[i]!
    const f = factors.get(ids[d]!)
    if (f !== undefined) m.relevance[d]! *= f
  }
}
