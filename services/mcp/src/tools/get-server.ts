import { getServerById } from '@mcp-directory/catalog/contracts'
import { ServerParams } from '@mcp-directory/catalog/contracts'
import { fromModel } from './args'
import { ID_HELP, READ, withArchived } from './common'
import { contractOutput } from './output'
import { detailText } from './text'
import type { Tool } from './tool'

export const getServer: Tool = {
  name: 'get_mcp_server',
  title: 'Get one MCP server',
  description:
    'Everything about one listing, to decide on it or install it: description, category, marks (official, verified), health, ' +
    'whether it is archived or deprecated, repository, transports, its tools (and how their list breaks the spec, if it does), its skills, risk findings about its tool descriptions and skills if any, ' +
    "whether it is ready for an agent's host (tool titles and annotations, names, OAuth or no auth) with the evidence, " +
    'quality score, popularity, the install recipe with its confidence, and the ready-to-paste config (with one-line command and ' +
    "install links) for every client. Use it after search_mcp_servers, with a hit's id.",
  args: fromModel(ServerParams, {}, ID_HELP),
  output: contractOutput(getServerById),
  annotations: READ,
  async call(a, { api }) {
    const r = await api.call(getServerById, { params: { id: String(a.id) } })
    return { data: r, text: detailText(withArchived(r.server)) }
  },
}
