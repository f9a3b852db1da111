import { submitServer as submitEndpoint } from '@mcp-directory/submission/contracts'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import { fromModel } from './args'
import { MAILS } from './common'
import { contractOutput } from './output'
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
    submitEndpoint.body,
    {},
    {
      name: { description: 'Server name' },
      url: { description: 'Repository or website address' },
      description: { description: 'What the server does' },
      category: { description: 'Category slug, label or stored name (list_mcp_categories)' },
      email: { description: 'Contact address; it receives the claim link and is never shown' },
    },
  ),
  output: contractOutput(submitEndpoint),
  annotations: MAILS,
  async call(body, { api }) {
    // The arguments met the body model's checks (args.ts); the endpoint checks them again.
    const r = await api.call(submitEndpoint, { body: body as BodyOf<typeof submitEndpoint> })
    return { data: r, text: submittedText(r) }
  },
}
