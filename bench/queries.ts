/**
 * The bench's traffic: thousands of distinct one-to-three-word queries built from the catalog's own text with a
 * fixed seed, as a public directory's searches are (each phrase is words that stand together in some listing's
 * name or description). A judged query (../shared/data/queries.json) is never one of them: those measure quality
 * and must not also be what speed is tuned on.
 */

// Words too common in the catalog, or in English, to be a query on their own.
const FILLER = new Set(
  'a an and are as at be by can for from in into is it its mcp model context protocol of on or server servers that the this to via with your you using use based tool tools provides provide allows enables access api'.split(
    ' ',
  ),
)

/** A query as compared with the judged ones: lower case, words of letters and digits, one space apart. */
export const normalizedQuery = (q: string) =>
  q
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ')

/** A small, fast, seeded generator (mulberry32): the same seed gives the same queries on every machine. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

// The words of a text that may start or continue a query (filler words are skipped, never joined over).
const runsOf = (text: string): string[][] => {
  const runs: string[][] = [[]]
  for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!w) continue
    if (FILLER.has(w) || w.length < 2 || /^\d+$/.test(w)) runs.push([])
    else runs[runs.length - 1]!.push(w)
  }
  return runs.filter((r) => r.length > 0)
}

/**
 * `count` distinct queries of one to three words (about half one word, a third two, the rest three), taken from
 * word runs of `texts`, never one whose normalised form is a judged query's. Throws when the texts cannot give that
 * many.
 */
export function distinctQueries(texts: string[], judged: string[], count: number, seed = 0x5eed): string[] {
  const banned = new Set(judged.map(normalizedQuery))
  const runs = texts.flatMap(runsOf)
  const random = seeded(seed)
  const out = new Set<string>()
  for (let attempts = 0; out.size < count && attempts < count * 50 && runs.length > 0; attempts++) {
    const run = runs[Math.floor(random() * runs.length)]!
    const r = random()
    const want = Math.min(run.length, r < 0.5 ? 1 : r < 0.85 ? 2 : 3)
    const start = Math.floor(random() * (run.length - want + 1))
    const q = run.slice(start, start + want).join(' ')
    if (!banned.has(normalizedQuery(q))) out.add(q)
  }
  if (out.size < count) throw new Error(`only ${out.size} distinct queries could be built (${count} asked)`)
  return [...out]
}
