import { confirmAgentRegistration } from '@mcp-directory/agent-auth/contracts'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import { fromModel } from './args'
import { CONFIRMS } from './common'
import { contractOutput } from './output'
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
    confirmAgentRegistration.body,
    {},
    {
      email: { description: 'The address given to register_mcp_agent' },
      code: { description: 'The 6-digit code from the e-mail' },
    },
  ),
  output: contractOutput(confirmAgentRegistration),
  annotations: CONFIRMS,
  async call(body, { api }) {
    // The arguments met the body model's checks (args.ts); the endpoint checks them again.
    const r = await api.call(confirmAgentRegistration, { body: body as BodyOf<typeof confirmAgentRegistration> })
    return { data: r, text: confirmedText(r) }
  },
}
