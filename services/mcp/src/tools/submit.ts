import { SubmissionBody, SubmitResult } from '@mcp-directory/submission/model'
import { fromModel } from './args'
import { MAILS } from './common'
import { toolOutput } from './output'
import { submittedText } from './account-text'
import type { Tool } from './tool'

export const submitServer: Tool = {
  name: 'submit_mcp_server',
  title: 'Submit an MCP server',
  description:
    'Adds a server to the directory when search does not find it. It stays pending until its owner proves ownership (the claim ' +
    'flow, or the claim link e-mailed to `email`) or an operator approves it. Returns the new listing id, its status, the claim page ' +
    'and badge Markdown.',
  // The endpoint's own body model: what it accepts, the tool accepts.
  args: fromModel(
    SubmissionBody,
    {},
    {
      name: { description: 'Server name' },
      url: { description: 'Repository or website address' },
      description: { description: 'What the server does' },
      category: { description: 'Category slug, label or stored name (list_mcp_categories)' },
      email: { description: 'Contact address; it receives the claim link and is never shown' },
    },
  ),
  output: toolOutput(SubmitResult),
  annotations: MAILS,
  async call(body, { api }) {
    const r = await api.json<{ id: string; name: string; status: string; claim_url: string; badge_markdown: string }>(
      '/api/v1/submit',
      { method: 'POST', body },
    )
    return { data: r, text: submittedText(r) }
  },
}
