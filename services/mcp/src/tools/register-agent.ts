import { CodeSent, RegisterBody } from '@mcp-directory/agent-auth/model'
import { fromModel } from './args'
import { MAILS } from './common'
import { toolOutput } from './output'
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
    RegisterBody,
    {},
    {
      email: { description: 'Where the code is sent' },
      agentName: { description: 'Name of the agent, shown to the owner of the address' },
      scopes: { description: 'Omitted: every scope (listings:claim); []: a token that can only revoke itself' },
    },
  ),
  output: toolOutput(CodeSent),
  annotations: MAILS,
  async call(body, { api }) {
    const r = await api.json<{ email: string; expiresAt: string; scopes: string[] }>('/api/v1/agent/register', {
      method: 'POST',
      body,
    })
    return { data: r, text: registeredText(r) }
  },
}
