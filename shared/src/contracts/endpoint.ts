// One endpoint, declared once: its method and path, its input models, its answers by status and what the gateway
// needs to route, guard, limit and cache it. The owning service mounts it (shared/service `mount`), the gateway
// builds its route table and the OpenAPI document from it, and the public client (shared/public-api `call`) builds
// requests and types answers from it: nothing else types a public method and path again.
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox'
import type { AgentScope } from '../agent-tokens'
import type { ServiceName } from '../config'
import { ErrorModel } from './models'
import type { Tag } from './tags'

/**
 * How a route is rate-limited: public reads per minute, writes per hour, the registry read API per minute (its own
 * class, so a registry client paging through the catalog does not spend a visitor's reads), MCP discovery and
 * list messages per minute (their own class, ten times the reads: a tenth of a read each), or not at all.
 */
export type LimitKind = 'read' | 'write' | 'registry' | 'discovery' | null

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'

/** One answer of an endpoint: its media type and model (none for an empty body or a redirect). */
export interface ResponseSpec {
  description: string
  type?: string
  schema?: TSchema
}

/** One public endpoint: where it goes, how it is guarded, limited and cached, and how it is documented. */
export interface Contract {
  method: HttpMethod
  /** Elysia path pattern (`:id` for a parameter). */
  path: string
  /** The service behind it; `gateway` for what the gateway answers itself (its reference pages). */
  service: ServiceName | 'gateway'
  operationId: string
  summary: string
  tag: Tag
  limit: LimitKind
  /**
   * The limit of one request depends on what it asks: `mcp-message` prices an MCP message by its Mcp-Method and
   * Mcp-Name headers, or a 2025 client's small body (the gateway's MCP pricing); `limit` is the documented default.
   */
  pricing?: 'mcp-message'
  /**
   * `operator`: the operator's token, checked by the gateway and again by the service (`mount`); `bearer`: an agent
   * token (RFC 6750 challenges), checked by the gateway; `scope`, when set, is required.
   */
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
   * Answers of this route served from the gateway's cache are still counted by the service: the gateway sends it
   * the hits per listing (`{ counts: { <id>: n } }`) in batches by this internal contract (badge impressions), a
   * `cachedHitsContract` (cached-hits.ts).
   */
  reportsCachedHits?: Contract & { method: 'POST'; perClient?: boolean }
  /** The route revokes the Bearer token it was called with (the gateway then drops its cached answer). */
  revokesToken?: boolean
  /**
   * A success changes what listing answers say (moderation, import, a cleared risk, a verified claim): the gateway
   * drops at once the answers its cache holds about the listing (its `:id`; every one when it names none) and
   * those about no one listing, so the writer reads what it wrote; other gateways drop them on the listing events.
   */
  changesListings?: boolean
  /** Left out of the OpenAPI document (the HTML pages for people are not part of the API). */
  hidden?: boolean
  /** Overrides UPSTREAM_TIMEOUT_MS for slow operations such as import. */
  timeoutMs?: number
  /**
   * The path's model: each parameter's schema, with its description and bounds. `mount` validates the path with it
   * (a parameter that does not decode arrives as null and is refused), except a parameter declared `anySegment`.
   */
  params?: TObject
  query?: TObject
  body?: TSchema
  /** Answers by status: media type and schema. */
  responses: Record<number, ResponseSpec>
  /**
   * The handler answers with a Response it builds itself (a stream or a protocol's own framing, such as the MCP
   * endpoint's JSON or event stream), so its body is not typed by the route's model.
   */
  rawResponse?: boolean
}

const ANY_SEGMENT = Symbol('any path segment')

/**
 * A path parameter the route takes as it comes: any segment reaches the handler unchecked (null when it does not
 * decode), and the handler answers for what it names (an unknown one is a 404). Documented as a string.
 */
export const anySegment = (description: string) => Type.String({ description, [ANY_SEGMENT]: true } as never)

/** The parameters of a path model that `mount` validates (those not taken as any segment). */
export function checkedParams(model: TObject): Record<string, TSchema> {
  return Object.fromEntries(Object.entries(model.properties).filter(([, schema]) => !(ANY_SEGMENT in schema)))
}

/** The path of a route about one listing, by any segment: its `:id`. */
export const ListingIdPath = Type.Object({ id: anySegment('Listing id') })

/** Declares an endpoint, keeping its literal types (the path's parameters, the statuses' models). */
export const defineContract = <const C extends Contract>(contract: C): C => contract

/** Documents an error response of a route. */
export const err = (description: string) => ({ description, type: 'application/json', schema: ErrorModel })

/** The 2xx statuses an endpoint declares. */
export type SuccessStatus<C extends Contract> = Extract<keyof C['responses'], 200 | 201 | 202 | 203 | 204 | 206>

type ModelOf<R> = R extends { schema: infer S extends TSchema } ? Static<S> : undefined

/** The body of a successful answer: the union of the models of the endpoint's 2xx answers. */
export type SuccessOf<C extends Contract> = ModelOf<C['responses'][SuccessStatus<C>]>

/** The body of the answers of some statuses of an endpoint (a refusal declared with a model of its own). */
export type AnswerOf<C extends Contract, S extends keyof C['responses']> = ModelOf<C['responses'][S]>

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** The path parameters of an endpoint, by name. */
export type ParamsOf<C extends Contract> = Record<ParamNames<C['path']>, string>

/** The query of an endpoint, as its model reads it. */
export type QueryOf<C extends Contract> = C['query'] extends TObject ? Static<C['query']> : Record<string, never>

/** The body of an endpoint, as its model reads it. */
export type BodyOf<C extends Contract> = C['body'] extends TSchema ? Static<C['body']> : undefined

/** The path parameters named in a pattern. */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!)

/** The lowest 2xx status an endpoint declares: what a success answers with unless the handler sets another. */
export function successStatus(contract: Contract): number {
  const statuses = Object.keys(contract.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
  return statuses.length ? Math.min(...statuses) : 200
}
