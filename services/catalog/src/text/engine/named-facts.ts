// What names a listing, kept as hashes (named.ts says how a query's boost reads them): made when a listing's
// document is analysed (document.ts), so it needs nothing of matching.
import { nameKey, queryWords } from './analyze'

/**
 * What names a listing, as hashes in one flat array (one small array per listing, not an object of arrays): its
 * name's words (a plain query; 0: none), how many written names follow, those written names, then its publisher's
 * keys.
 */
export type NamedFacts = number[]

export const wordsOf = (f: NamedFacts) => f[0]!
export const writtenOf = (f: NamedFacts) => f.slice(2, 2 + f[1]!)
export const keysOf = (f: NamedFacts) => f.slice(2 + f[1]!)

/** A 52-bit hash of a name's form: exact in a double, the same on every replica. */
export const nameHash = (form: string): number => Number(Bun.hash.wyhash(form) & 0xfffffffffffffn)

/**
 * What names a listing: its name's meaningful words (the words every server shares aside), its name, id and install
 * names as written (an id and an install name are made from the name, `zulip` for `io.github.anyone/zulip`: they
 * name a listing only when typed as written), and its publisher's keys.
 */
export function namedFactsOf(
  names: readonly string[],
  written: readonly string[],
  keys: readonly string[],
): NamedFacts {
  const words = names.map((n) => queryWords(n).join(' ')).find(Boolean)
  const forms = [...new Set([...names, ...written].map(nameKey).filter(Boolean).map(nameHash))]
  return [words ? nameHash(words) : 0, forms.length, ...forms, ...[...new Set(keys)].map(nameHash)]
}
