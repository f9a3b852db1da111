// The public route table: every path the gateway answers, and the service behind it.
// Each service's routes live in routes/<service>.ts; add a service by adding its list here.
import { AGENT_AUTH_ROUTES } from './routes/agent-auth'
import { BADGE_ROUTES } from './routes/badge'
import { CATALOG_ROUTES } from './routes/catalog'
import { CLAIM_VERIFIER_ROUTES } from './routes/claim-verifier'
import { MCP_ROUTES } from './routes/mcp'
import { REGISTRY_ROUTES } from './routes/registry'
import { SUBMISSION_ROUTES } from './routes/submission'
import { WEB_ROUTES } from './routes/web'
import type { RouteSpec } from './routes/spec'

export type { LimitKind, RouteSpec } from './routes/spec'

/** Every public route, in matching order. */
export const ROUTES: RouteSpec[] = [
  ...CATALOG_ROUTES,
  ...BADGE_ROUTES,
  ...AGENT_AUTH_ROUTES,
  ...SUBMISSION_ROUTES,
  ...CLAIM_VERIFIER_ROUTES,
  ...MCP_ROUTES,
  ...REGISTRY_ROUTES,
  ...WEB_ROUTES,
]

/** Path parameters named in a pattern. */
export const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1])

/** How a path parameter is described in the OpenAPI document. */
export const idParam = { description: 'Listing id' }
