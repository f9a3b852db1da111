import type { ServiceName } from '@mcp-directory/shared/config'
import { ErrorModel } from '@mcp-directory/shared/contracts'
import type { TSchema } from '@sinclair/typebox'

/** How a route is rate-limited: public reads per minute, writes per hour, or not at all. */
export type LimitKind = 'read' | 'write' | null

/** One public route: where it goes, how it is guarded, and how it is documented. */
export interface RouteSpec {
  method: 'GET' | 'POST'
  /** Elysia path pattern (`:id` for a parameter). */
  path: string
  service: ServiceName
  operationId: string
  summary: string
  limit: LimitKind
  auth: 'operator' | null
  tag: string
  /** Overrides UPSTREAM_TIMEOUT_MS for slow operations such as import. */
  timeoutMs?: number
  query?: TSchema
  body?: TSchema
  /** Success responses: status → media type and schema. */
  responses: Record<number, { description: string; type?: string; schema?: TSchema }>
}

/** Documents an error response of a route. */
export const err = (description: string) => ({ description, type: 'application/json', schema: ErrorModel })
