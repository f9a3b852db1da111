import { ConfirmBody, TokenIssued } from '@mcp-directory/agent-auth/model'
import { fromModel } from './args'
import { CONFIRMS } from './common'
import { toolOutput } from './output'
import { confirmedText } from './account-text'
import type { Tool } from './tool'

export const confirmAgent: Tool = {
  name: 'confirm_mcp_agent',
  title: 'Confirm an agent',
  description:
    'Claim flow, step 2 of 4: exchanges the e-mailed code for an agent token, shown once; keep it for get_claim_challenge and ' +
    'verify_mcp_claim (as agentToken, or as the Bearer token of the MCP connection).',
  // The endpoint's own body model: what it accepts, the tool accepts.
  args: fromModel(
    ConfirmBody,
    {},
    {
      email: { description: 'The address given to register_mcp_agent' },
      code: { description: 'The 6-digit code from the e-mail' },
    },
  ),
  output: toolOutput(TokenIssued),
  annotations: CONFIRMS,
  async call(body, { api }) {
    const r = await api.json<{ token: string; tokenType: string; scopes: string[]; expiresAt: string }>(
      '/api/v1/agent/register/confirm',
      { method: 'POST', body },
    )
    return { data: r, text: confirmedText(r) }
  },
}
