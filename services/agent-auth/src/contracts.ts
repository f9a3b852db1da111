// The agent-auth service's public endpoints, as its resources declare them; the gateway's route table lists them.
import type { Contract } from '@mcp-directory/shared/contracts'
import { getAuthDocument, getProtectedResourceMetadata } from './docs/contract'
import { confirmAgentRegistration, registerAgent } from './registrations/contract'
import { getAgentToken, revokeAgentToken } from './tokens/contract'

export { getAuthDocument, getProtectedResourceMetadata } from './docs/contract'
export { confirmAgentRegistration, registerAgent } from './registrations/contract'
export { getAgentToken, revokeAgentToken } from './tokens/contract'

/** The agent-auth service's public routes (in the gateway's matching order). */
export const AGENT_AUTH_CONTRACTS: Contract[] = [
  registerAgent,
  confirmAgentRegistration,
  revokeAgentToken,
  getAgentToken,
  getProtectedResourceMetadata,
  getAuthDocument,
]
export { introspectToken } from './tokens/contract'
