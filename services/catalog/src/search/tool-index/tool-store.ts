/**
 * The tool index's storage: every observed tool of the active listings, numbered, with its field lengths, hints and
 * kind in typed arrays, its hit's JSON as one string, and an inverted index of its terms (each term's postings a typed
 * array of tool numbers and per-field counts, the term itself held once as the map's key). A listing's tools are
 * replaced together when its row changes; removed tools are tombstones until a compaction renumbers the rest.
 */
import { termsOf, termsOfWritten } from '../../text/engine/analyze'
import { splitName, written } from '../../text/terms'
import { Postings, TF_BITS, TF_MAX } from '../../text/engine/postings'
import { toolAction } from './actions'
import { json, joinMembers, type JsonMembers, jsonMembers } from '@mcp-directory/shared/service'
import {
  seenOf,
  serverFactsOf,
  type ToolDocument,
  toolDocumentsOf,
  type ToolHead,
  type ToolSeen,
  type ToolServerFacts,
  type ToolSourceRow,
} from './documents'

/** The fields a tool's term can be found in (the server's name and title last, weighed least). */
export const TOOL_FIELDS = ['name', 'title', 'lead', 'description', 'parameters', 'parameterTexts', 'server'] as const
export const TOOL_FIELD_COUNT = TOOL_FIELDS.length
/** The per-field count bits of a term in the server's field (matchedTools reads only the tool's own fields). */
export const SERVER_FIELD_BITS = TF_MAX << ((TOOL_FIELD_COUNT - 1) * TF_BITS)

// Terms of a text remembered (a pure function of it): the same tool lists come back with every listing of the same
// package, and parameters (`path`, `query`) and their descriptions recur across servers. Bounded: past the bound it
// starts again.
const TERMS_KEPT = 20_000
const termsKept = new Map<string, string[]>()
function termsOfText(text: string): string[] {
  let terms = termsKept.get(text)
  if (terms === undefined) {
    terms = termsOf(text)
    if (termsKept.size >= TERMS_KEPT) termsKept.clear()
    termsKept.set(text, terms)
  }
  return terms
}

/**
 * A server's name and title as its tools' weakest field: its name read as server search reads it (a registry
 * namespace's hosting labels, `io.github`, left out: every such server would match "github").
 */
function serverTermsOf(name: string, title: string | null): string[] {
  const { namespace, own } = splitName(name)
  return [...termsOfWritten(namespace), ...termsOfWritten(own), ...termsOfWritten(written(title ?? ''))]
}

/** What a verified or an official server adds to its tools' relevance (a share of it). */
const PRIOR = { verified: 0.1, official: 0.1 }
const priorOf = (f: ToolServerFacts) => 1 + (f.verified ? PRIOR.verified : 0) + (f.isOfficial ? PRIOR.official : 0)

// A listing's tools are documents only when its list was observed: never seen is what a hit would say otherwise.
const UNSEEN = jsonMembers<ToolSeen>({ seenAt: json(null), source: json(null) })

// Compact once this many tools are tombstones and they are at least a quarter of those held.
const COMPACT_AFTER = 10_000

interface ServerEntry {
  facts: ToolServerFacts
  /** What each of its hits ends with: when its list was seen and where (documents.ts `seenOf`). */
  seen: JsonMembers<ToolSeen>
  docs: number[]
  /** A hash of what its documents were made from: an unchanged list is not indexed again. */
  signature: number
}

export class ToolStore {
  /** Tools numbered so far (live and tombstones); `live` of them are held. */
  count = 0
  live = 0
  /** Moves with every change (browse.ts sorts its servers again after one). */
  version = 0
  /** Per tool: its server's slot (-1: removed), hints (documents.ts HINTS), kind (1: skill), field lengths. */
  server = new Int32Array(1024)
  hints = new Uint8Array(1024)
  skill = new Uint8Array(1024)
  /** Per tool: the operation its name's verb names (actions.ts). */
  actions = new Uint8Array(1024)
  lengths = new Uint16Array(1024 * TOOL_FIELD_COUNT)
  names: string[] = []
  /** Per tool: its hit's kept members (undefined: a tool no longer held). */
  heads: (JsonMembers<ToolHead> | undefined)[] = []
  /** Sum of each field's length over live tools (their averages normalise BM25F). */
  readonly lengthSums = new Float64Array(TOOL_FIELD_COUNT)
  readonly postings = new Map<string, Postings>()
  readonly slots = new Map<string, number>()
  readonly servers: (ServerEntry | undefined)[] = []
  /** Per server slot: what a verified or official server's tools' relevance is multiplied by. */
  readonly priors: number[] = []
  private readonly freeSlots: number[] = []
  private readonly categories = new Map<string, string>()
  private nextTermId = 0

  /** Puts a listing's observed tools in the index (replacing what it held of it); none: it holds none of it. */
  setServer(row: ToolSourceRow): void {
    const docs = toolDocumentsOf(row)
    const serverText = `${row.name} ${row.title ?? ''}`
    const signature = Number(Bun.hash(JSON.stringify([serverText, docs])))
    this.version++
    const facts = serverFactsOf(row)
    // One string per category, however many servers are in it.
    facts.category = this.interned(facts.category)
    const slot = this.slots.get(row.id)
    const held = slot === undefined ? undefined : this.servers[slot]
    const seen = seenOf(row) ?? UNSEEN
    if (held && held.signature === signature) {
      held.facts = facts
      this.priors[slot!] = priorOf(facts)
      held.seen = seen
      return
    }
    if (slot !== undefined) this.removeServer(row.id)
    if (!docs.length) return
    const s = this.freeSlots.pop() ?? this.servers.length
    const serverTerms = serverTermsOf(row.name, row.title)
    // Numbered in name order: a server's tools are browsed in the order of their key (browse.ts).
    const byName = docs.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    this.servers[s] = { facts, seen, docs: byName.map((d) => this.add(s, d, serverTerms)), signature }
    this.priors[s] = priorOf(facts)
    this.slots.set(row.id, s)
  }

  private interned(category: string): string {
    const held = this.categories.get(category)
    if (held !== undefined) return held
    this.categories.set(category, category)
    return category
  }

  /** Drops every tool of a listing. */
  removeServer(id: string): void {
    const slot = this.slots.get(id)
    if (slot === undefined) return
    this.version++
    for (const d of this.servers[slot]!.docs) {
      this.server[d] = -1
      for (let f = 0; f < TOOL_FIELD_COUNT; f++) this.lengthSums[f]! -= this.lengths[d * TOOL_FIELD_COUNT + f]!
      this.heads[d] = undefined
      this.names[d] = ''
      this.live--
    }
    this.servers[slot] = undefined
    this.freeSlots.push(slot)
    this.slots.delete(id)
    const dead = this.count - this.live
    if (dead >= COMPACT_AFTER && dead * 4 >= this.count) this.compact()
  }

  /** The server facts of a tool. */
  factsOf(doc: number): ToolServerFacts {
    return this.servers[this.server[doc]!]!.facts
  }

  /** A tool's hit as JSON members, without its `server`. */
  hitOf(doc: number): JsonMembers<ToolHead & ToolSeen> {
    return joinMembers(this.heads[doc]!, this.servers[this.server[doc]!]!.seen)
  }

  /** The tools of a listing, by number (none when it holds none). */
  docsOf(id: string): readonly number[] {
    const slot = this.slots.get(id)
    return slot === undefined ? [] : this.servers[slot]!.docs
  }

  private add(slot: number, doc: ToolDocument, serverTerms: string[]): number {
    const n = this.count++
    if (n === this.server.length) this.grow(n * 2)
    this.server[n] = slot
    this.hints[n] = doc.hints
    this.skill[n] = doc.kind === 'skill' ? 1 : 0
    this.actions[n] = toolAction(doc.name, doc.texts[2])
    this.names[n] = doc.name
    this.heads[n] = doc.head
    this.live++
    const packed = new Map<string, number>()
    const fields = [...doc.texts.map(termsOfText), serverTerms]
    fields.forEach((terms, f) => {
      this.lengths[n * TOOL_FIELD_COUNT + f] = Math.min(terms.length, 0xffff)
      this.lengthSums[f]! += Math.min(terms.length, 0xffff)
      const shift = f * TF_BITS
      for (const term of terms) {
        const was = packed.get(term) ?? 0
        if (((was >>> shift) & TF_MAX) < TF_MAX) packed.set(term, was + (1 << shift))
      }
    })
    for (const [term, counts] of packed) {
      let p = this.postings.get(term)
      if (!p) {
        p = new Postings(term, this.nextTermId++)
        this.postings.set(term, p)
      }
      p.push(n, counts >>> 0)
      p.df++
    }
    return n
  }

  private grow(size: number): void {
    const widen = <T extends Int32Array | Uint8Array | Uint16Array>(a: T, make: (n: number) => T, per = 1): T => {
      const b = make(size * per)
      b.set(a)
      return b
    }
    this.server = widen(this.server, (k) => new Int32Array(k))
    this.hints = widen(this.hints, (k) => new Uint8Array(k))
    this.skill = widen(this.skill, (k) => new Uint8Array(k))
    this.actions = widen(this.actions, (k) => new Uint8Array(k))
    this.lengths = widen(this.lengths, (k) => new Uint16Array(k), TOOL_FIELD_COUNT)
  }

  /** Drops the tombstones: renumbers the live tools in order, so postings stay sorted and small. */
  compact(): void {
    const renumbered = new Int32Array(this.count).fill(-1)
    let w = 0
    for (let d = 0; d < this.count; d++) {
      if (this.server[d]! < 0) continue
      renumbered[d] = w
      this.server[w] = this.server[d]!
      this.hints[w] = this.hints[d]!
      this.skill[w] = this.skill[d]!
      this.actions[w] = this.actions[d]!
      this.lengths.copyWithin(w * TOOL_FIELD_COUNT, d * TOOL_FIELD_COUNT, (d + 1) * TOOL_FIELD_COUNT)
      this.names[w] = this.names[d]!
      this.heads[w] = this.heads[d]!
      w++
    }
    this.names.length = w
    this.heads.length = w
    this.count = w
    for (const [term, p] of this.postings) {
      p.compact(renumbered)
      p.df = p.size
      if (p.size === 0) this.postings.delete(term)
    }
    for (const s of this.servers) if (s) s.docs = s.docs.map((d) => renumbered[d]!)
  }

  /** Gives back what building left unused: tombstones, and postings' and arrays' room to grow. */
  trim(): void {
    this.compact()
    const size = Math.max(1024, this.count)
    if (size < this.server.length) {
      this.server = this.server.slice(0, size)
      this.hints = this.hints.slice(0, size)
      this.skill = this.skill.slice(0, size)
      this.actions = this.actions.slice(0, size)
      this.lengths = this.lengths.slice(0, size * TOOL_FIELD_COUNT)
    }
  }
}
