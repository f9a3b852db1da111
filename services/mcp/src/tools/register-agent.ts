import { registerAgent as registerEndpoint } from '@mcp-directory/agent-auth/contracts'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import { fromModel } from './args'
import { MAILS } from './common'
import { contractOutput } from './output'
import { registeredText } from './account-text'
import type { Tool } from './tool'

export const registerAgent: Tool = {
  name: 'register_mcp_agent',
  title: 'Register an agent',
  description:
    'Claim flow, step 1 of 4: e-mails a 6-digit confirmation code to the address, for an agent token. Next: confirm_mcp_agent with ' +
    'the code the user reads from that e-mail. Returns where the code went and until when it is valid.',
  // The endpoint's own body model: what it accepts, the tool accepts.
  args: fromModel(
    registerEndpoint.body,
    {},
    {
      email: { description: 'Where the code is sent' },
      agentName: { description: 'Name of the agent, shown to the owner of the address' },
      scopes: { description: 'Omitted: every scope (listings:claim); []: a token that can only revoke itself' },
    },
  ),
  output: contractOutput(registerEndpoint),
  annotations: MAILS,
  async call(body, { api }) {
    // The arguments met the body model's checks (args.ts); the endpoint checks them again.
    const r = await api.call(registerEndpoint, { body: body as BodyOf<typeof registerEndpoint> })
    return { data: r, text: registeredText(r) }
  },
}
