// The public route table: every path the gateway answers, and the service behind it, built from the contracts each
// service declares (its package's `contracts` face). Add a service by adding its contracts here.
import { AGENT_AUTH_CONTRACTS } from '@mcp-directory/agent-auth/contracts'
import { BADGE_CONTRACTS } from '@mcp-directory/badge/contracts'
import { CATALOG_CONTRACTS, REGISTRY_CONTRACTS } from '@mcp-directory/catalog/contracts'
import { CLAIM_VERIFIER_CONTRACTS } from '@mcp-directory/claim-verifier/contracts'
import { MCP_CONTRACTS } from '@mcp-directory/mcp/contracts'
import type { ServiceName } from '@mcp-directory/shared/config'
import type { Contract, LimitKind } from '@mcp-directory/shared/contracts'
import { SUBMISSION_CONTRACTS } from '@mcp-directory/submission/contracts'
import { NOT_FOUND_PAGE_CONTRACT, WEB_CONTRACTS } from '@mcp-directory/web/contracts'
import { mcpLimitOf } from './mcp-pricing'

export type { LimitKind } from '@mcp-directory/shared/contracts'

/** One routed endpoint: its contract, the service it goes to, and its pricing when the contract asks for one. */
export type RouteSpec = Contract & {
  service: ServiceName
  /** The limit of one request when it depends on what the request asks (the contract's `pricing`). */
  limitOf?: (request: Request) => LimitKind | Promise<LimitKind>
}

const PRICING = { 'mcp-message': mcpLimitOf } as const

/** A service's contract as a route (the gateway's own documents are not routed: they are its own routes). */
function routeOf(contract: Contract): RouteSpec {
  const { service } = contract
  if (service === 'gateway') throw new Error(`${contract.operationId} is answered by the gateway, not routed`)
  return contract.pricing ? { ...contract, service, limitOf: PRICING[contract.pricing] } : { ...contract, service }
}

/** Every public route, in matching order. */
export const ROUTES: RouteSpec[] = [
  ...CATALOG_CONTRACTS,
  ...BADGE_CONTRACTS,
  ...AGENT_AUTH_CONTRACTS,
  ...SUBMISSION_CONTRACTS,
  ...CLAIM_VERIFIER_CONTRACTS,
  ...MCP_CONTRACTS,
  ...REGISTRY_CONTRACTS,
  ...WEB_CONTRACTS,
].map(routeOf)

/** Where the gateway sends a browser that asks for a page no route knows: the web service answers its 404 page. */
export const NOT_FOUND_PAGE: RouteSpec = routeOf(NOT_FOUND_PAGE_CONTRACT)
