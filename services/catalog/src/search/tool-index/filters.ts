/** What tool search filters and orders by: the filters' model, what keeps a tool, and the key of equal scores. */
import { HINTS, type ToolServerFacts } from './documents'
import type { ToolStore } from './tool-store'

/** What a tool search keeps: each `null` or `false` keeps every tool. */
export interface ToolFilters {
  skill: boolean | null
  readOnly: boolean | null
  destructive: boolean | null
  /** TRANSPORT_BITS of the transport asked for; 0: any. */
  transport: number
  category: string | null
  verified: boolean
}

/** Where a page starts: after the hit of this score and key. */
export interface ToolCursor {
  s: number
  k: string
}

export interface ToolPage {
  total: number
  hits: number[]
  /** The last hit's position, when more follow. */
  next: ToolCursor | null
}

const hint = (bits: number, i: number): boolean | null => {
  const v = (bits >>> (i * 2)) & 3
  return v === 0 ? null : v === 1
}
const READ_ONLY = HINTS.indexOf('readOnlyHint')
const DESTRUCTIVE = HINTS.indexOf('destructiveHint')

/** As the MCP spec reads hints: read-only only when said; destructive unless read-only or said not to be. */
const readOnlyOf = (bits: number) => hint(bits, READ_ONLY) === true
const destructiveOf = (bits: number) => !readOnlyOf(bits) && hint(bits, DESTRUCTIVE) !== false

/** The filters on a tool's own facts (kind and hints) keep it. */
export function toolKeeps(store: ToolStore, d: number, f: ToolFilters): boolean {
  if (f.skill !== null && (store.skill[d] === 1) !== f.skill) return false
  const bits = store.hints[d]!
  if (f.readOnly !== null && readOnlyOf(bits) !== f.readOnly) return false
  return f.destructive === null || destructiveOf(bits) === f.destructive
}

/** The filters on a tool's server (transport, category, verified) keep it. */
export const serverKeeps = (s: ToolServerFacts, f: ToolFilters): boolean =>
  (!f.transport || (s.transports & f.transport) !== 0) &&
  (f.category === null || s.category === f.category) &&
  (!f.verified || s.verified)

/** Which kinds of filter a search has: on tools' own facts, on their servers'. */
export const filtersOn = (f: ToolFilters) => ({
  tools: f.skill !== null || f.readOnly !== null || f.destructive !== null,
  servers: f.transport !== 0 || f.category !== null || f.verified,
})

/** A tool's key, the order of equal scores: its server's id, then its name. */
export const keyOf = (store: ToolStore, d: number) => `${store.factsOf(d).id}\u0000${store.names[d]}`
