/**
 * Keeps the served versions of imported servers: every record of an import document (a bare server.json, or a
 * `{ server, _meta }` record of a registry API) whose server the import knows becomes a version of it. A record
 * without registry metadata is the server's latest version; a registry record keeps the status, publication time
 * and latest mark its registry gave it.
 */
import type { Database } from '@mcp-directory/shared/db'
import { listingIdsByName } from '../listings/repository'
import { namesHeldBack } from './conflict-repository'
import { normalizeEntry, OFFICIAL_META } from './parse'
import type { RecordMeta, ServedVersions, VersionRecord } from './ports'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const get = (o: Obj, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined)

/** One record of an import document: the server.json and the registry's metadata of it, when it came with any. */
export interface RegistryRecord {
  server: unknown
  meta: RecordMeta | null
}

/** The records of an import document, in order (whatever is not one is left to the importer to report). */
export function recordsOf(doc: unknown): RegistryRecord[] {
  const list = Array.isArray(doc)
    ? doc
    : isObj(doc) && Array.isArray(get(doc, 'servers'))
      ? (get(doc, 'servers') as unknown[])
      : []
  return list.map(recordOf)
}

const STATUSES = new Set(['active', 'deprecated', 'deleted'])

function dateOf(v: unknown): Date | null {
  if (typeof v !== 'string') return null
  const d = new Date(v)
  return Number.isNaN(d.getTime()) ? null : d
}

/** Reads one element: a `{ server, _meta }` record of a registry API, or a bare server.json. */
export function recordOf(el: unknown): RegistryRecord {
  if (!isObj(el) || !Object.hasOwn(el, 'server') || Object.hasOwn(el, 'name')) return { server: el, meta: null }
  const m = get(el, '_meta')
  const o = isObj(m) ? get(m, OFFICIAL_META) : undefined
  if (!isObj(o)) return { server: get(el, 'server'), meta: null }
  const status = get(o, 'status')
  const message = get(o, 'statusMessage')
  return {
    server: get(el, 'server'),
    meta: {
      status: typeof status === 'string' && STATUSES.has(status) ? (status as 'active') : 'active',
      statusMessage: typeof message === 'string' && message.trim() ? message.slice(0, 500) : null,
      isLatest: get(o, 'isLatest') === true,
      publishedAt: dateOf(get(o, 'publishedAt')),
      updatedAt: dateOf(get(o, 'updatedAt')),
    },
  }
}

const nameOf = (server: unknown) => {
  const n = isObj(server) ? get(server, 'name') : undefined
  return typeof n === 'string' && n.trim() ? n.trim() : null
}

/**
 * Stores the records whose server has a listing of `origin` as versions of it (through the registry's `versions`);
 * returns how many versions were written. Of several records of one server marked (or taken as) latest, the last one
 * is the latest.
 */
export async function recordVersions(
  database: Database,
  versions: ServedVersions,
  records: RegistryRecord[],
  origin: string,
  notKept: ReadonlySet<string> = new Set(),
): Promise<number> {
  const names = [...new Set(records.map((r) => nameOf(r.server)).filter((n): n is string => n !== null))]
  // Only the import's own listings get its versions, and not those whose entry waits for the operator (or was a
  // conflict not kept, past the origin's cap): a listing is never served an entry it refused.
  const heldBack = await namesHeldBack(database, origin, names)
  for (const n of notKept) heldBack.add(n)
  const listings = new Map(
    [...(await listingIdsByName(database, names))].filter(([n, l]) => l.origin === origin && !heldBack.has(n)),
  )
  const served: VersionRecord[] = []
  // Without registry metadata a record is the server itself: the first of a name is the one the import used.
  const bare = new Set<string>()
  records.forEach((r, i) => {
    const name = nameOf(r.server)
    const listing = name === null ? undefined : listings.get(name)
    if (!listing || name === null) return
    if (!r.meta) {
      if (bare.has(name)) return
      bare.add(name)
    }
    const norm = normalizeEntry(r.server, i)
    if (norm.ok) served.push({ server: r.server, listing: { ...norm.listing, id: listing.id }, meta: r.meta })
  })
  return versions.write(served)
}
