import { z } from 'zod'
import { MAILS } from './common'
import { toolOutput } from './schemas'
import { registeredText } from './text'
import type { Tool } from './tool'

export const registerAgent: Tool = {
  name: 'register_mcp_agent',
  title: 'Register an agent',
  description:
    'Claim flow, step 1 of 4: e-mails a 6-digit confirmation code to the address, for an agent token. Next: confirm_mcp_agent with ' +
    'the code the user reads from that e-mail. Returns where the code went and until when it is valid.',
  args: {
    email: { type: 'string', required: true, format: 'email', description: 'Where the code is sent' },
    agentName: { type: 'string', maxLength: 100, description: 'Name of the agent, shown to the owner of the address' },
    scopes: {
      type: 'array',
      items: { type: 'string', enum: ['listings:claim'] },
      description: 'Omitted: every scope; []: a token that can only revoke itself',
    },
  },
  output: toolOutput({
    success: z.boolean(),
    message: z.string(),
    email: z.string(),
    scopes: z.array(z.string()),
    expiresAt: z.string(),
    confirm_url: z.string(),
  }),
  annotations: MAILS,
  async call(body, { api }) {
    const r = await api.json<{ email: string; expiresAt: string; scopes: string[] }>('/api/v1/agent/register', {
      method: 'POST',
      body,
    })
    return { data: r, text: registeredText(r) }
  },
}
