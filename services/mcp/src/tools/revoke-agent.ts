import { revokeAgentToken } from '@mcp-directory/agent-auth/contracts'
import { plain } from './plain'
import { fromModel } from './args'
import { REVOKES, TOKEN, tokenOf } from './common'
import { contractOutput } from './output'
import type { Tool } from './tool'

export const revokeAgent: Tool = {
  name: 'revoke_mcp_agent',
  title: 'Revoke an agent token',
  description:
    'Revokes an agent token (agentToken, or the Bearer token of the MCP request) when the claim work is done or the token leaked; ' +
    'with all "1", every live token of its agent (register again with the same address for a new token, then end every other one). ' +
    'It is refused everywhere within a second. Not repeatable: a revoked token is a 401 afterwards.',
  // `all` is the endpoint's own query parameter.
  args: { agentToken: TOKEN, ...fromModel(revokeAgentToken.query) },
  output: contractOutput(revokeAgentToken),
  annotations: REVOKES,
  async call(a, { api, caller }) {
    const r = await api.call(revokeAgentToken, { query: a.all === '1' ? { all: '1' } : {} }, tokenOf(a, caller))
    return { data: r, text: plain(r.message) }
  },
}
