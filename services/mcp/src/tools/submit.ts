import { z } from 'zod'
import { MAILS } from './common'
import { toolOutput } from './schemas'
import { submittedText } from './text'
import type { Tool } from './tool'

export const submitServer: Tool = {
  name: 'submit_mcp_server',
  title: 'Submit an MCP server',
  description:
    'Adds a server to the directory when search does not find it. It stays pending until its owner proves ownership (the claim ' +
    'flow, or the claim link e-mailed to `email`) or an operator approves it. Returns the new listing id, its status, the claim page ' +
    'and badge Markdown.',
  args: {
    name: { type: 'string', required: true, description: 'Server name' },
    url: { type: 'string', required: true, format: 'uri', description: 'Repository or website address' },
    description: { type: 'string', required: true, description: 'What the server does' },
    category: {
      type: 'string',
      required: true,
      description: 'Category slug, label or stored name (list_mcp_categories)',
    },
    email: {
      type: 'string',
      required: true,
      format: 'email',
      description: 'Contact address; it receives the claim link and is never shown',
    },
    tags: { type: 'array', items: { type: 'string' } },
    license: { type: 'string' },
    authType: { type: 'string', enum: ['none', 'api_key', 'oauth', 'other'] },
    pricingModel: { type: 'string', enum: ['free', 'freemium', 'paid', 'byok'] },
    maintenanceStatus: { type: 'string', enum: ['active', 'stable', 'experimental', 'archived'] },
    compatibleClients: { type: 'array', items: { type: 'string' } },
    supportUrl: { type: 'string', format: 'uri' },
  },
  output: toolOutput({
    success: z.boolean(),
    message: z.string(),
    id: z.string(),
    name: z.string(),
    url: z.string(),
    category: z.string(),
    status: z.string(),
    claim_url: z.string(),
    badge_markdown: z.string(),
  }),
  annotations: MAILS,
  async call(body, { api }) {
    const r = await api.json<{ id: string; name: string; status: string; claim_url: string; badge_markdown: string }>(
      '/api/v1/submit',
      { method: 'POST', body },
    )
    return { data: r, text: submittedText(r) }
  },
}
