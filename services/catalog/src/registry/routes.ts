/**
 * The official MCP registry's read API (`/v0.1`, API version 2025-12-01), so registry clients (VS Code's MCP
 * gallery, Copilot, other sub-registries) can use the directory as a registry. Read-only: the publishing operations
 * of the specification answer 501, as it allows.
 */
import { inArray, listings, type Database } from '@mcp-directory/shared/db'
import { json } from '@mcp-directory/shared/http'
import { Elysia } from 'elysia'
import { toListing } from '../listings/repository'
import { serverResponseOf } from './present'
import { listVersions, versionsOf, type VersionRow } from './repository'

const DEFAULT_LIMIT = 30
const MAX_LIMIT = 100
const MAX_SEARCH = 200
const MAX_VERSION = 255
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/

export interface RegistryRouteDeps {
  database: Database
  baseUrl: string
  namespace: string
}

/** A 4xx/5xx of the registry API: its own `{ error }` shape (a sentence), with the directory's usual fields beside it. */
function registryError(baseUrl: string, status: number, error: string, code: string, details?: unknown[]): Response {
  return json(
    { error, message: error, status, docs: `${baseUrl}/docs/errors#${code}`, ...(details ? { details } : {}) },
    status,
  )
}

class BadParameter extends Error {
  constructor(
    readonly parameter: string,
    message: string,
  ) {
    super(message)
  }
}

/** Opaque to clients: the key of the last version of a page. */
export function encodeCursor(row: Pick<VersionRow, 'serverName' | 'version'>): string {
  return Buffer.from(JSON.stringify([row.serverName, row.version])).toString('base64url')
}

function decodeCursor(s: string): { name: string; version: string } {
  if (!/^[A-Za-z0-9_-]{1,2000}$/.test(s)) throw new BadParameter('cursor', 'Invalid cursor')
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'))
    if (
      Array.isArray(v) &&
      v.length === 2 &&
      typeof v[0] === 'string' &&
      typeof v[1] === 'string' &&
      !`${v[0]}${v[1]}`.includes('\0')
    ) {
      return { name: v[0], version: v[1] }
    }
  } catch {
    // falls through to the 400
  }
  throw new BadParameter('cursor', 'Invalid cursor')
}

function single(q: URLSearchParams, name: string): string | null {
  const all = q.getAll(name)
  if (all.length > 1) throw new BadParameter(name, `Parameter ${name} given more than once`)
  // PostgreSQL text cannot hold NUL: refused here rather than failing the query.
  if (all[0]?.includes('\0')) throw new BadParameter(name, `Parameter ${name} contains a NUL character`)
  return all[0] ?? null
}

function includeDeletedOf(q: URLSearchParams): boolean {
  const v = single(q, 'include_deleted')
  if (v === null) return false
  if (v === 'true' || v === '1') return true
  if (v === 'false' || v === '0') return false
  throw new BadParameter('include_deleted', 'include_deleted must be true or false')
}

function listQuery(q: URLSearchParams) {
  const rawLimit = single(q, 'limit')
  let limit = DEFAULT_LIMIT
  if (rawLimit !== null) {
    if (!/^\d{1,6}$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_LIMIT)
      throw new BadParameter('limit', `limit must be an integer from 1 to ${MAX_LIMIT}`)
    limit = Number(rawLimit)
  }
  const cursor = single(q, 'cursor')
  const search = single(q, 'search')
  if (search !== null && search.length > MAX_SEARCH)
    throw new BadParameter('search', `search must be at most ${MAX_SEARCH} characters`)
  const since = single(q, 'updated_since')
  let updatedSince: Date | null = null
  if (since !== null) {
    const t = Date.parse(since)
    if (!RFC3339.test(since) || Number.isNaN(t))
      throw new BadParameter(
        'updated_since',
        'updated_since must be an RFC 3339 date-time, e.g. 2025-08-07T13:15:04.280Z',
      )
    // Before 1970 nothing was updated; PostgreSQL has no year 0, which RFC 3339 allows.
    updatedSince = new Date(Math.max(t, 0))
  }
  const version = single(q, 'version')
  if (version !== null && (!version || version.length > MAX_VERSION))
    throw new BadParameter('version', `version must be "latest" or a version of 1 to ${MAX_VERSION} characters`)
  return {
    after: cursor ? decodeCursor(cursor) : null,
    limit,
    search: search?.trim() ? search.trim() : null,
    updatedSince,
    version: version === 'latest' ? null : version,
    latestOnly: version === 'latest',
    includeDeleted: includeDeletedOf(q),
  }
}

/** The path segments after `/v0.1/servers/`, decoded (names and versions arrive URL-encoded: `io.x%2Fy`, `1.0.0%2Bbuild`). */
function segments(request: Request): string[] | null {
  const path = new URL(request.url).pathname.replace(/\/+$/, '')
  try {
    const parts = path
      .split('/')
      .slice(3)
      .map((s) => decodeURIComponent(s))
    return parts.some((p) => p.includes('\0')) ? null : parts
  } catch {
    return null
  }
}

/** The registry read API routes, mounted on the catalog app. */
export function registryRoutes(deps: RegistryRouteDeps) {
  const { database, baseUrl, namespace } = deps

  async function present(rows: VersionRow[]) {
    const ids = [...new Set(rows.filter((r) => r.status !== 'deleted').map((r) => r.listingId))]
    const found = ids.length ? await database.db.select().from(listings).where(inArray(listings.id, ids)) : []
    const byId = new Map(found.map((r) => [r.id, toListing(r)]))
    return rows.map((r) => serverResponseOf(r, byId.get(r.listingId), baseUrl, namespace))
  }

  const guarded = async (fn: () => Promise<Response>) => {
    try {
      return await fn()
    } catch (err) {
      if (err instanceof BadParameter)
        return registryError(baseUrl, 400, err.message, 'invalid_parameter', [
          { parameter: err.parameter, message: err.message },
        ])
      throw err
    }
  }
  const notImplemented = (what: string) => () =>
    registryError(baseUrl, 501, `${what} is not supported by this registry`, 'not_implemented')
  const serverNotFound = () => registryError(baseUrl, 404, 'Server not found', 'not_found')

  return new Elysia({ name: 'catalog:registry' })
    .get('/v0.1/servers', ({ request }) =>
      guarded(async () => {
        const q = listQuery(new URL(request.url).searchParams)
        // One more than asked tells whether another page follows.
        const rows = await listVersions(database, { ...q, limit: q.limit + 1 })
        const page = rows.slice(0, q.limit)
        const servers = await present(page)
        const metadata: { count: number; nextCursor?: string } = { count: servers.length }
        if (rows.length > q.limit) metadata.nextCursor = encodeCursor(page[page.length - 1])
        return json({ servers, metadata })
      }),
    )
    .get('/v0.1/servers/:serverName/versions', ({ request }) =>
      guarded(async () => {
        const seg = segments(request)
        if (seg?.length !== 2) return serverNotFound()
        const rows = await versionsOf(database, seg[0], includeDeletedOf(new URL(request.url).searchParams))
        if (!rows.length) return serverNotFound()
        const servers = await present(rows)
        return json({ servers, metadata: { count: servers.length } })
      }),
    )
    .get('/v0.1/servers/:serverName/versions/:version', ({ request }) =>
      guarded(async () => {
        const seg = segments(request)
        if (seg?.length !== 3) return serverNotFound()
        const [name, , version] = seg
        const includeDeleted = includeDeletedOf(new URL(request.url).searchParams)
        const rows = await versionsOf(database, name, includeDeleted)
        const row = version === 'latest' ? rows.find((r) => r.isLatest) : rows.find((r) => r.version === version)
        if (!rows.length) return serverNotFound()
        if (!row) return registryError(baseUrl, 404, 'Server version not found', 'not_found')
        const [server] = await present([row])
        return json(server)
      }),
    )
    .put('/v0.1/servers/:serverName/versions/:version', notImplemented('Updating a server version'), { parse: 'none' })
    .delete('/v0.1/servers/:serverName/versions/:version', notImplemented('Deleting a server version'), {
      parse: 'none',
    })
    .patch(
      '/v0.1/servers/:serverName/versions/:version/status',
      notImplemented('Changing the status of a server version'),
      { parse: 'none' },
    )
    .patch('/v0.1/servers/:serverName/status', notImplemented('Changing the status of a server'), { parse: 'none' })
    .post('/v0.1/publish', notImplemented('Publishing'), { parse: 'none' })
}
