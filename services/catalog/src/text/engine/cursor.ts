/**
 * A search cursor: the hash of the query and filters it belongs to, the plan of its walk (plan-cursor.ts), the
 * position (score, id) of the last hit given, and the generation of the walk's first page (history.ts), so every
 * later page ranks the catalog as it was then. Cursors made before the generation was carried are still read; their
 * pages rank the live listings, as they always did.
 */
import { type Boost, packBoosts, readBoosts } from './named'
import type { Plan } from './plan'
import { packPlan, unpackPlan } from './plan-cursor'

/** A cursor this index did not make for this query (or cannot read): the route answers 400. */
export class BadCursor extends Error {}

/**
 * A cursor whose walk began before the oldest history this index keeps: the catalog changed too much since (or
 * too long ago) for its order to be kept; the walk starts again from the first page.
 */
export class CursorExpired extends Error {}

/** The position a cursor points after, with the plan and generation of the walk it belongs to. */
interface CursorState {
  /** Hash of the query words and filters the cursor was made for. */
  h: string
  /** The packed plan. */
  p: unknown
  /** Score and id of the last hit returned. */
  s: number
  i: string
  /** Generation of the walk's first page. */
  g?: number
  /** The listings the first page's query named (named.ts), absent when none. */
  b?: unknown
}

/** A cursor read back: its plan, position and generation (null for a cursor made before generations). */
export interface ReadCursor {
  plan: Plan
  s: number
  i: string
  g: number | null
  boosts: Boost[]
}

/**
 * The cursor after hit (`s`, `i`) of a walk of plan `plan` begun at generation `g`, for the query hashed `h`, with the
 * listings its first page named.
 */
export function writeCursor(h: string, plan: Plan, s: number, i: string, g: number, boosts: Boost[] = []): string {
  const state: CursorState = { h, p: packPlan(plan), s, i, g, ...(boosts.length ? { b: packBoosts(boosts) } : {}) }
  return Buffer.from(JSON.stringify(state)).toString('base64url')
}

/** Reads a cursor made for the query hashed `h`; throws BadCursor for anything else. */
export function readCursor(cursor: string, h: string): ReadCursor {
  let state: Partial<CursorState>
  try {
    state = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as Partial<CursorState>
  } catch {
    throw new BadCursor()
  }
  const plan = state && typeof state === 'object' ? unpackPlan(state.p) : null
  if (!plan || state.h !== h || typeof state.s !== 'number' || !Number.isFinite(state.s)) throw new BadCursor()
  if (typeof state.i !== 'string' || state.i.length > 200) throw new BadCursor()
  if (state.g !== undefined && (typeof state.g !== 'number' || !Number.isSafeInteger(state.g))) throw new BadCursor()
  const boosts = readBoosts(state.b)
  if (!boosts) throw new BadCursor()
  return { plan, s: state.s, i: state.i, g: state.g ?? null, boosts }
}
