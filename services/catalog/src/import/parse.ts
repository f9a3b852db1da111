/**
 * Reading the official MCP registry's list format (contract §4) into listings: pure functions, no I/O. This file
 * reads the document (its shape, superseded and deleted records); `entry.ts` normalises each entry, `../text/slug.ts`
 * makes listing ids, `values.ts` reads untrusted values, `format.ts` holds the types, `model.ts` the bounds.
 */
import { ImportFormatError, type ImportSkip, type ParsedDocument, type RawEntry } from './format'
import { IMPORT_LIMITS } from './model'
import { get, isObj, kindOf, type Obj } from './values'

export * from './format'
export { IMPORT_LIMITS } from './model'
export { contentHash, normalizeEntry } from './entry'
export { SLUG_MAX, SLUG_PATTERN, slugFor, slugify, uniqueSlug } from '../text/slug'
export { httpUrl } from './values'

/** The `_meta` key of the official registry's metadata of a version (its status, publication time, latest mark). */
export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official'

/**
 * Reads an import document: a JSON array of server.json objects, or `{ servers: [...] }` whose elements are
 * server.json objects or `{ server, _meta }` records as the registry API returns them. Throws ImportFormatError
 * for anything else. Where several records share a name (the API lists every version), the one the registry
 * marks `isLatest` (else the newest `publishedAt`) is kept and the others are reported in `errors`.
 */
export function parseRegistryDocument(doc: unknown): ParsedDocument {
  let list: unknown[]
  if (Array.isArray(doc)) list = doc
  else if (isObj(doc) && Array.isArray(get(doc, 'servers'))) list = get(doc, 'servers') as unknown[]
  else if (isObj(doc))
    throw new ImportFormatError(
      'expected a JSON array of server.json objects or an object with a "servers" array; the object has no "servers" array',
    )
  else
    throw new ImportFormatError(
      `expected a JSON array of server.json objects or an object with a "servers" array, got ${kindOf(doc)}`,
    )
  if (list.length > IMPORT_LIMITS.documentEntries) {
    throw new ImportFormatError(
      `the document has ${list.length} entries; at most ${IMPORT_LIMITS.documentEntries} are accepted in one import`,
    )
  }

  const unwrapped = list.map((el) => unwrap(el))
  const errors: ImportSkip[] = []
  const setAside = new Set<number>()
  for (const [i, u] of unwrapped.entries()) {
    if (u.meta && get(u.meta, 'status') === 'deleted') {
      setAside.add(i)
      errors.push({ index: i, name: nameOf(u.value), reason: 'marked deleted in the registry' })
    }
  }
  for (const [name, idxs] of groupByName(unwrapped, setAside)) {
    const keep = pickLatest(idxs.map((i) => ({ i, meta: unwrapped[i].meta })))
    if (keep === null) continue // no version information: leave them all; the importer reports later duplicates
    for (const i of idxs) {
      if (i === keep) continue
      setAside.add(i)
      const v = isObj(unwrapped[keep].value) ? get(unwrapped[keep].value as Obj, 'version') : undefined
      errors.push({
        index: i,
        name,
        reason: `superseded by ${typeof v === 'string' ? `version ${v}` : 'a newer record'} of the same name in this document`,
      })
    }
  }

  const entries: RawEntry[] = []
  const positions: number[] = []
  unwrapped.forEach((u, i) => {
    if (setAside.has(i)) return
    entries.push(u.value)
    positions.push(i)
  })
  errors.sort((a, b) => a.index - b.index)
  return { entries, positions, errors }
}

function unwrap(el: unknown): { value: unknown; meta: Obj | null } {
  // A registry API record is { server, _meta }; a bare server.json has its own `name`.
  if (isObj(el) && Object.hasOwn(el, 'server') && !Object.hasOwn(el, 'name')) {
    const m = get(el, '_meta')
    const official = isObj(m) ? get(m, OFFICIAL_META) : undefined
    return { value: get(el, 'server'), meta: isObj(official) ? official : null }
  }
  return { value: el, meta: null }
}

function nameOf(v: unknown): string | null {
  const n = isObj(v) ? get(v, 'name') : undefined
  return typeof n === 'string' && n.trim() ? n.trim() : null
}

function groupByName(items: { value: unknown }[], exclude: Set<number>): Map<string, number[]> {
  const groups = new Map<string, number[]>()
  items.forEach((u, i) => {
    const n = exclude.has(i) ? null : nameOf(u.value)
    if (n === null) return
    const g = groups.get(n)
    if (g) g.push(i)
    else groups.set(n, [i])
  })
  for (const [n, g] of groups) if (g.length < 2) groups.delete(n)
  return groups
}

function pickLatest(records: { i: number; meta: Obj | null }[]): number | null {
  const latest = records.find((r) => r.meta && get(r.meta, 'isLatest') === true)
  if (latest) return latest.i
  let best: { i: number; t: number } | null = null
  for (const r of records) {
    const p = r.meta ? get(r.meta, 'publishedAt') : undefined
    const t = typeof p === 'string' ? Date.parse(p) : NaN
    if (Number.isNaN(t)) return null // cannot order them all: do not guess
    if (!best || t > best.t) best = { i: r.i, t }
  }
  return best ? best.i : null
}
