/** Reading untrusted JSON values: own properties only, text cleaned and bounded, URLs checked. */
import { IMPORT_LIMITS } from './model'

export type Obj = Record<string, unknown>

// Records what was left out of an entry; returns null so `return drop('…')` both notes and discards.
export type Drop = (what: string) => null

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

// Own properties only: an uploaded `{ "constructor": … }` or a missing key must never read Object.prototype.
export function get(o: Obj, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined
}

export function kindOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  const t = typeof v
  return `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`
}

export const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
export const ANY_CONTROL = /[\u0000-\u001f\u007f]/

// Lone surrogates cannot be stored as UTF-8 (Postgres rejects them); NUL and other controls break rendering.
export function clean(s: string, multiline: boolean): string {
  const t = s.toWellFormed().replace(/\r\n?/g, '\n').replace(CONTROL, '')
  return (multiline ? t.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n') : t.replace(/\s+/g, ' ')).trim()
}

// Cuts at a word boundary when one is near, never inside a surrogate pair, and marks the cut with an ellipsis.
export function truncate(s: string, max: number): string {
  if (s.length <= max) return s
  let cut = s.slice(0, max - 1)
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1)
  const space = cut.search(/\s\S*$/)
  if (space > max * 0.8) cut = cut.slice(0, space)
  return `${cut.trimEnd()}…`
}

/** Single-line text, trimmed; empty or non-string → null; longer than `max` → truncated. */
export function line(v: unknown, max: number): string | null {
  if (typeof v !== 'string') return null
  const t = clean(v, false)
  return t ? truncate(t, max) : null
}

/** A short machine token (registry type, runtime hint…): dropped rather than truncated when malformed. */
export function token(v: unknown, pattern: RegExp, max: number = IMPORT_LIMITS.token): string | null {
  if (typeof v !== 'string') return null
  const t = v.trim()
  return t.length > 0 && t.length <= max && pattern.test(t) ? t : null
}

/** An absolute http(s) URL without credentials, kept as written (trimmed); anything else → null. */
export function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null
  const s = v.trim()
  if (!s || s.length > IMPORT_LIMITS.url || /[\s\u0000-\u001f\u007f]/.test(s) || !/^https?:\/\//i.test(s)) return null
  let u: URL
  try {
    u = new URL(s)
  } catch {
    return null
  }
  // Credentials in a published URL are a leaked secret, not an address.
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password) return null
  return s
}
