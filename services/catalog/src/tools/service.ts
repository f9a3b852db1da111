/**
 * Tool search's answer, from the tool store and the summaries the server index keeps beside it (no database round
 * trip): each hit is its tool's kept JSON with its server's id, names, publisher, marks, page address and, with
 * `client`, that client's install line.
 */
import { InvalidParameter } from '@mcp-directory/shared/errors'
import {
  type Json,
  json,
  jsonArray,
  jsonJoin,
  type JsonMembers,
  jsonMembers,
  jsonMembersOf,
  jsonObject,
  readJson,
} from '@mcp-directory/shared/service'
import { installHintFor } from '../listings/present'
import { basisOf, type CatalogIndex, type PresentedHit } from '../search/catalog-index'
import type { CursorSeal } from '../search/cursor-seal'
import { categoryFilter } from '../search/service'
import { TRANSPORT_BITS } from '../search/tool-index/documents'
import { DEFAULT_TOOL_LIMIT, type ToolHit, type ToolsQuery, type ToolsResponse } from './model'
import { type ToolCursor, type ToolFilters, toolPlanOf, searchTools } from '../search/tool-index/tool-search'

const flagOf = (v: '0' | '1' | undefined) => (v === undefined ? null : v === '1')

/** What a tool search asks the store for, from a query its model accepted. */
export function toolSpecOf(query: ToolsQuery): { q: string | null; filters: ToolFilters; limit: number } {
  return {
    q: query.q?.trim() || null,
    filters: {
      skill: query.kind === undefined ? null : query.kind === 'skill',
      readOnly: flagOf(query.readOnly),
      destructive: flagOf(query.destructive),
      transport: query.transport ? TRANSPORT_BITS[query.transport] : 0,
      category: categoryFilter(query.category),
      verified: query.verified === '1',
    },
    limit: query.limit ?? DEFAULT_TOOL_LIMIT,
  }
}

// A cursor names the query and filters it belongs to (a hash of them), so one sent with another query is refused.
const walkOf = (q: string | null, filters: ToolFilters) => Number(Bun.hash(JSON.stringify([q, filters]))).toString(36)

const writeCursor = (walk: string, at: ToolCursor) =>
  Buffer.from(JSON.stringify({ t: walk, s: at.s, k: at.k })).toString('base64url')

function readCursor(cursor: string | undefined, walk: string): ToolCursor | null {
  if (cursor === undefined) return null
  try {
    const c = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { t?: unknown; s?: unknown; k?: unknown }
    if (c.t === walk && typeof c.s === 'number' && typeof c.k === 'string') return { s: c.s, k: c.k }
  } catch {}
  throw new InvalidParameter('cursor', 'is not a cursor of this query and filters')
}

/** A hit's server as kept: all but its install line. */
type ServerPart = Omit<ToolHit['server'], 'install'>

// A server's part of a hit without its install, as JSON members, kept per kept summary (a changed listing has a new
// one).
const serverParts = new WeakMap<PresentedHit, JsonMembers<ServerPart>>()

function serverPartOf(presented: PresentedHit): JsonMembers<ServerPart> {
  let part = serverParts.get(presented)
  if (part === undefined) {
    const s = readJson(jsonJoin(presented.head))
    part = jsonMembersOf<ServerPart>({
      id: s.id,
      name: s.name,
      title: s.title ?? null,
      ...(s.publisher ? { publisher: s.publisher } : {}),
      verified: s.isVerifiedActive === true,
      isOfficial: s.isOfficial === true,
      url: s.detailUrl,
    })
    serverParts.set(presented, part)
  }
  return part
}

/** One page of tools as the JSON of `ToolsResponse`. */
export function toolsBody(index: CatalogIndex, query: ToolsQuery, seal: CursorSeal): Json<ToolsResponse> {
  const { q, filters, limit } = toolSpecOf(query)
  const walk = walkOf(q, filters)
  const after = readCursor(seal.open(query.cursor), walk)
  const store = index.tools
  const page = searchTools(store, toolPlanOf(q, store), filters, limit, after)
  const hits: Json<ToolHit>[] = []
  for (const d of page.hits) {
    const id = store.factsOf(d).id
    const presented = index.presentedOf(id)
    // Every held tool's listing has its summary; one without is skipped rather than answered half-made.
    if (!presented) continue
    let install = NO_INSTALL
    if (query.client) {
      const name = index.installNameOf(id) ?? 'mcp-server'
      install = json(installHintFor({ ...basisOf(presented), name }, query.client).install)
    }
    const server = jsonJoin(serverPartOf(presented), jsonMembers<Pick<ToolHit['server'], 'install'>>({ install }))
    hits.push(jsonJoin(store.hitOf(d), jsonMembers<Pick<ToolHit, 'server'>>({ server })))
  }
  const next = page.next ? seal.seal(writeCursor(walk, page.next)) : null
  return jsonObject<ToolsResponse>({ tools: jsonArray(hits), total: json(page.total), nextCursor: json(next) })
}

const NO_INSTALL: Json<ToolHit['server']['install']> = json(null)
