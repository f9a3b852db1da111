// JSON already written, typed as the model it is the JSON of. An answer built from kept parts (a search hit's
// summary, a detail kept until its listing changes) is sent as written, without parsing it again; the compiler still
// checks it against the contract's model, because only the builders below make one: each takes typed values or typed
// parts, so a part of another model, or an object missing a field, does not compile.
import type { Jsonified } from '../contracts/catalog-internal/moderation'

/** A piece of written JSON: text, or its UTF-8 bytes (kept that way when most of it is beyond Latin-1). */
type Chunk = string | Uint8Array

// The constructor is private: these, set once by the class's static block, are how the builders make and read one.
let makeText!: <T>(chunks: readonly Chunk[]) => JsonText<T>
let textChunks!: (json: JsonText<unknown>) => readonly Chunk[]

/** The pieces as one text, or as one run of bytes when any piece is bytes (adjacent text encoded together). */
function joined(chunks: readonly Chunk[]): string | Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  if (chunks.every((c) => typeof c === 'string')) return chunks.join('')
  const buffers: Uint8Array[] = []
  let text = ''
  for (const c of chunks) {
    if (typeof c === 'string') text += c
    else {
      if (text) buffers.push(Buffer.from(text))
      text = ''
      buffers.push(c)
    }
  }
  if (text) buffers.push(Buffer.from(text))
  return Buffer.concat(buffers)
}

/** The JSON of a value of model `T`, as written: made only by this module's builders. */
export class JsonText<T> {
  declare readonly model: T
  private constructor(private readonly chunks: readonly Chunk[]) {}
  static {
    makeText = (chunks) => new JsonText(chunks)
    textChunks = (json) => json.chunks
  }

  /** The whole text (its bytes when a part is kept as bytes): what is sent. */
  get text(): string | Uint8Array {
    return joined(this.chunks)
  }
}

/** The JSON of a value of model `T`: the only way a handler answers with text it did not serialise itself. */
export type Json<T> = JsonText<T>

declare const MEMBERS: unique symbol

/**
 * The members of an object of model `T`, written without braces: what a kept part of an object is. A text (or its
 * bytes) only branded, so that a store of many (every tool's) costs nothing more than the text.
 */
export type JsonMembers<T> = Chunk & { readonly [MEMBERS]: T }

/** Members from their pieces: one text, or one run of bytes when a piece is bytes. */
const membersFrom = <T>(chunks: readonly Chunk[]) => (chunks.length ? joined(chunks) : '') as JsonMembers<T>

/** The JSON of `value` (`indent`: spaces per level, as JSON.stringify's). Undefined has none: it is refused. */
export const json = <T extends {} | null>(value: T, indent?: number): Json<T> =>
  makeText([JSON.stringify(value, null, indent)])

/** The JSON of a stored value as JSON.stringify writes it: its dates as their ISO text. */
export const jsonAsWritten = <T extends {} | null>(value: T): Json<Jsonified<T>> => makeText([JSON.stringify(value)])

/** The members of an object's JSON, written once (to keep, and to join with others per answer). */
export function jsonMembersOf<T extends object>(value: T): JsonMembers<T> {
  return JSON.stringify(value).slice(1, -1) as JsonMembers<T>
}

/** The same JSON kept as one run of UTF-8 bytes: smaller than a JS string when most characters are beyond Latin-1. */
export function asBytes<T>(json: JsonMembers<T>): JsonMembers<T> {
  return (typeof json === 'string' ? Buffer.from(json) : json) as JsonMembers<T>
}

/**
 * The parts of an object of model `T`, one per member in the order they are written: its value's JSON (an optional
 * member's part may be undefined: it is left out).
 */
export type JsonParts<T> = { [K in keyof T]: Json<Exclude<T[K], undefined>> }

// A member's key as written (`"key":`), kept: the same few keys are written for every hit of every answer.
const keys = new Map<string, string>()
const keyText = (key: string) => keys.get(key) ?? (keys.set(key, `${JSON.stringify(key)}:`).get(key) as string)

/**
 * The pieces of members from their parts, in the order given; an undefined part is left out (an optional member).
 * Written as one text while every piece is text (the common case: a few members per hit); a piece kept as bytes is
 * passed on as it is.
 */
function piecesOfParts(parts: Record<string, Json<unknown> | undefined>): Chunk[] {
  const chunks: Chunk[] = []
  let text = ''
  let written = false
  for (const key in parts) {
    const part = parts[key]
    if (part === undefined) continue
    text += written ? `,${keyText(key)}` : keyText(key)
    written = true
    for (const piece of textChunks(part)) {
      if (typeof piece === 'string') text += piece
      else {
        chunks.push(text, piece)
        text = ''
      }
    }
  }
  if (text) chunks.push(text)
  return chunks
}

/** Members from their parts, in the order given; an undefined part is left out (an optional member). */
export const jsonMembers = <T>(parts: JsonParts<T>): JsonMembers<T> => membersFrom(piecesOfParts(parts))

/** An object from its members' parts (as `jsonMembers`). */
export const jsonObject = <T>(parts: JsonParts<T>): Json<T> => makeText(['{', ...piecesOfParts(parts), '}'])

/** The model of an object made of these members: every group's members together. */
type Joined<M extends readonly JsonMembers<unknown>[]> = M extends readonly [
  JsonMembers<infer H>,
  ...infer R extends readonly JsonMembers<unknown>[],
]
  ? H & Joined<R>
  : unknown

/** The pieces of these groups of members, a comma between two groups (an empty group is left out). */
function groupsOf(groups: readonly JsonMembers<unknown>[]): Chunk[] {
  const chunks: Chunk[] = []
  for (const group of groups) {
    if (!group.length) continue
    if (chunks.length) chunks.push(',')
    chunks.push(group)
  }
  return chunks
}

/** One group of members of these groups, in order. */
export const joinMembers = <M extends readonly JsonMembers<unknown>[]>(...groups: M): JsonMembers<Joined<M>> =>
  membersFrom(groupsOf(groups))

/** One object of these groups of members, in order (a kept part, then the members added per answer). */
export const jsonJoin = <M extends readonly JsonMembers<unknown>[]>(...groups: M): Json<Joined<M>> =>
  makeText(['{', ...groupsOf(groups), '}'])

/** An array of these values' JSON. */
export function jsonArray<T>(items: readonly Json<T>[]): Json<T[]> {
  const chunks: Chunk[] = ['[']
  items.forEach((item, i) => {
    if (i > 0) chunks.push(',')
    chunks.push(...textChunks(item))
  })
  chunks.push(']')
  return makeText(chunks)
}

/** The value a kept JSON holds (parsed: for what is read rarely and kept, never per answer). */
export function readJson<T>(json: Json<T>): T {
  const text = json.text
  return JSON.parse(typeof text === 'string' ? text : Buffer.from(text).toString()) as T
}
