/** The words of names and text as search reads them: namespaces split off, boilerplate words known. */
import { REGISTRY_TLDS } from './slug'

/** Words every MCP server shares; they carry no meaning in a query or a name. */
export const BOILERPLATE = new Set([
  'mcp',
  'mcps',
  'server',
  'servers',
  'model',
  'context',
  'protocol',
  'modelcontextprotocol',
  'the',
  'a',
  'an',
  'for',
  'of',
  'and',
  'with',
  'to',
  'in',
  'on',
])

// Registry name prefixes that are a publisher's namespace, not a topic (io.github.<owner>/…, com.<vendor>/…).
const GENERIC_TLDS = new Set(REGISTRY_TLDS)
const HOSTING_LABELS = new Set(['github', 'gitlab', 'githubusercontent', 'bitbucket', 'smithery', 'npm', 'pypi', 'www'])

/**
 * A text as search reads it. `words`: its lower-case words, each as written whatever its case (`MongoDB` is
 * `mongodb`), pieces joined by hyphens, dots or underscores apart (`next.js` is `next` and `js`). `joined`: those
 * pieces, two or three, joined (`nextjs`), searched like words but never offered as the longer form of a prefix or
 * a typo (a rare joined word would outweigh the word typed). `parts`: the pieces a word's case or digits mark inside
 * it (`MongoDB`: `mongo`, `db`; `web3`: `web`), which the index keeps as weaker terms of their own, so a part never
 * counts as much as the word itself and a query's case never decides what it finds.
 */
export interface Written {
  words: string[]
  joined: string[]
  parts: string[]
  /** Each word made of parts or pieces, with them (`mongodb`: `mongo db`), so a query word can be asked as its parts. */
  compounds: [string, string[]][]
}

// A run of letters and digits, with hyphens, dots or underscores inside it.
const CHUNK = /[a-z0-9]+(?:[._-][a-z0-9]+)*/gi
// Where a word's case or digits mark a part: fooBar, HTTPServer, web3, 3d.
const BOUNDARY = /(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[a-zA-Z])(?=\d)|(?<=\d)(?=[a-zA-Z])/
// Pieces joined into one word only when there are this few and the word stays this short.
const MAX_JOINED_PIECES = 3
const MAX_JOINED_LENGTH = 24

/** The words and parts of a text (see `Written`). */
export function written(text: string): Written {
  const out: Written = { words: [], joined: [], parts: [], compounds: [] }
  const plain = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
  for (const [chunk] of plain.matchAll(CHUNK)) {
    const pieces = chunk.split(/[._-]/)
    for (const piece of pieces) {
      const word = piece.toLowerCase()
      const marked = piece.split(BOUNDARY)
      out.words.push(word)
      if (marked.length > 1) {
        // Numbers and single letters are not parts anyone searches for.
        const parts = marked.map((m) => m.toLowerCase()).filter((p) => p.length > 1 && !/^\d+$/.test(p))
        out.parts.push(...parts)
        if (parts.length > 1) out.compounds.push([word, parts])
      }
    }
    // Words every server shares stay out of the joined word (postgres-mcp is postgres, mongo-db-mcp is mongodb).
    const kept = pieces.map((p) => p.toLowerCase()).filter((p) => !BOILERPLATE.has(p))
    if (kept.length > 1 && kept.length <= MAX_JOINED_PIECES && chunk.length <= MAX_JOINED_LENGTH) {
      out.joined.push(kept.join(''))
      out.compounds.push([kept.join(''), kept])
    }
  }
  return out
}

/** Lower-case words of a text, joined ones after the others (see `Written`). */
export const words = (text: string): string[] => {
  const w = written(text)
  return [...w.words, ...w.joined]
}

/** Splits a registry or package name into its namespace's words and parts and its own. */
export function splitName(name: string): { namespace: Written; own: Written } {
  const slash = name.lastIndexOf('/')
  if (slash < 0) return { namespace: { words: [], joined: [], parts: [], compounds: [] }, own: written(name) }
  const head = name.slice(0, slash).replace(/^@/, '')
  const own = written(name.slice(slash + 1))
  // Reverse-DNS namespaces: io.github.<owner> → owner; com.stripe → stripe; a scope like @supabase → supabase.
  const labels = head
    .split('.')
    .filter((l) => !GENERIC_TLDS.has(l.toLowerCase()) && !HOSTING_LABELS.has(l.toLowerCase()))
    .map(written)
  const namespace = {
    words: labels.flatMap((l) => l.words),
    joined: labels.flatMap((l) => l.joined),
    parts: labels.flatMap((l) => l.parts),
    compounds: labels.flatMap((l) => l.compounds),
  }
  return { namespace, own }
}
