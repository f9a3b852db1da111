import type { AgentScope } from '@mcp-directory/shared/agent-tokens'
import type { ServiceName } from '@mcp-directory/shared/config'
import { ErrorModel } from '@mcp-directory/shared/contracts'
import type { TSchema } from '@sinclair/typebox'

/**
 * How a route is rate-limited: public reads per minute, writes per hour, the registry read API per minute (its own
 * class, so a registry client paging through the catalog does not spend a visitor's reads), MCP discovery and
 * list messages per minute (their own class, ten times the reads: a tenth of a read each), or not at all.
 */
export type LimitKind = 'read' | 'write' | 'registry' | 'discovery' | null

/** One public route: where it goes, how it is guarded, and how it is documented. */
export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  /** Elysia path pattern (`:id` for a parameter). */
  path: string
  service: ServiceName
  operationId: string
  summary: string
  limit: LimitKind
  /**
   * The limit of one request when it depends on what the request asks (an MCP message, by its Mcp-Method and
   * Mcp-Name headers, or a 2025 client's small body); `limit` is then the documented default.
   */
  limitOf?: (request: Request) => LimitKind | Promise<LimitKind>
  /** `bearer`: an agent token (RFC 6750 challenges), checked by plugins/auth.ts; `scope`, when set, is required. */
  auth: 'operator' | 'bearer' | null
  scope?: AgentScope
  /**
   * With `bearer`: a Bearer token that is not an agent token is passed on unchecked (a registry token of
   * POST /v0.1/auth/*, which the service verifies); an agent token is checked as usual.
   */
  registryTokens?: boolean
  /**
   * The read this route is charged also pays for one public API read its service makes to answer it (an MCP tool
   * call): the gateway hands the service a precharge proof (shared/public-api) that exempts that read.
   */
  coversOneRead?: boolean
  /**
   * Answers of this route kept by the gateway's micro-cache are still counted by the service: the gateway sends it
   * the hits per listing (`{ counts: { <id>: n } }`) to this internal path in batches (badge impressions).
   */
  reportsCachedHits?: string
  /** The route revokes the Bearer token it was called with (the gateway then drops its cached answer). */
  revokesToken?: boolean
  /**
   * A success changes what listing answers say (moderation, import, a cleared risk, a verified claim): the gateway
   * drops at once the answers its micro-cache keeps about the listing (its `:id`; every one when it names none) and
   * those about no one listing, so the writer reads what it wrote; other gateways drop them on the listing events.
   */
  changesListings?: boolean
  tag: string
  /** Left out of the OpenAPI document (the HTML pages for people are not part of the API). */
  hidden?: boolean
  /** Overrides UPSTREAM_TIMEOUT_MS for slow operations such as import. */
  timeoutMs?: number
  /** Descriptions of path parameters (default: a listing id). */
  params?: Record<string, string>
  query?: TSchema
  body?: TSchema
  /** Success responses: status → media type and schema. */
  responses: Record<number, { description: string; type?: string; schema?: TSchema }>
}

/** Documents an error response of a route. */
export const err = (description: string) => ({ description, type: 'application/json', schema: ErrorModel })
