import { getServerById } from '@mcp-directory/catalog/contracts'
import { ServerParams } from '@mcp-directory/catalog/model'
import { Type as t } from '@sinclair/typebox'
import { fromModel } from './args'
import { clientArg, clientSlug, ID_HELP, READ } from './common'
import { toolOutput } from './output'
import { installText } from './text'
import type { Tool } from './tool'

/** The listing's detail, as the detail endpoint answers it. */
const DETAIL = getServerById.responses[200].schema.properties.server

export const getInstallConfig: Tool = {
  name: 'get_mcp_install_config',
  title: 'Get install config',
  description:
    'The ready-to-paste config of one listing for one MCP client or for all: the file to edit on each system, the snippet, a note on ' +
    'keys and runtimes, and where the client has them a one-line command and install links (Cursor, VS Code). configs is null when ' +
    'the install is only guessed; then check the repository README.',
  args: {
    ...fromModel(ServerParams, {}, ID_HELP),
    client: clientArg(true, 'all', "One client's config, or all (the default)."),
  },
  // The detail's own fields, as the detail endpoint answers them.
  output: toolOutput(t.Pick(DETAIL, ['id', 'name', 'installName', 'install', 'configs'])),
  annotations: READ,
  async call(a, { api }) {
    const client = a.client === undefined || a.client === 'all' ? null : clientSlug(String(a.client))
    const { server: s } = await api.call(getServerById, { params: { id: String(a.id) } })
    const configs = s.configs === null ? null : s.configs.filter((c) => client === null || c.client === client)
    const data = { id: s.id, name: s.name, installName: s.installName, install: s.install, configs }
    return { data, text: installText(data) }
  },
}
