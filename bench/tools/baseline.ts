// A word-overlap baseline for tool search, printed beside the directory's figures as bench:quality prints a
// name-substring baseline: the part's tools ranked by how many of the query's words their name, title and
// description contain (split at case changes, `_` and `-` too), ties in capture order.
import { type CapturedServer, toolKey } from './data'

const STOP = new Set(
  'the and for with from that this what which into your my our are can how all any out its'.split(' '),
)

/** The words of a text (lower case, three letters or more, not a stop word). */
export function wordsOf(text: string): Set<string> {
  const spaced = text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  return new Set(spaced.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3 && !STOP.has(w)))
}

/** A ranker over the servers' tools: the keys (package, tool) of the best ten for a query. */
export function overlapRanker(servers: CapturedServer[]) {
  const docs = servers.flatMap((s) =>
    s.tools.map((t) => ({
      key: toolKey(s.package, t.name),
      words: wordsOf([t.name, t.title, t.description].filter((x) => typeof x === 'string').join(' ')),
    })),
  )
  return (query: string): string[] => {
    const q = [...wordsOf(query)]
    return docs
      .map((d, i) => ({ key: d.key, i, score: q.filter((w) => d.words.has(w)).length }))
      .filter((d) => d.score > 0)
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .slice(0, 10)
      .map((d) => d.key)
  }
}
