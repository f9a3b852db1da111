import { z } from 'zod'
import { CLIENT_HELP, clientCheck, clientSlug, type Detail, enc, ID, READ } from './common'
import { ConfigEntry, InstallInfo, toolOutput } from './schemas'
import { installText } from './text'
import type { Tool } from './tool'

export const getInstallConfig: Tool = {
  name: 'get_mcp_install_config',
  title: 'Get install config',
  description:
    'The ready-to-paste config of one listing for one MCP client or for all: the file to edit on each system, the snippet, a note on ' +
    'keys and runtimes, and where the client has them a one-line command and install links (Cursor, VS Code). configs is null when ' +
    'the install is only guessed; then check the repository README.',
  args: {
    id: ID,
    client: {
      type: 'string',
      default: 'all',
      check: clientCheck(true),
      description: `One client's config, or all (the default). ${CLIENT_HELP}`,
    },
  },
  output: toolOutput({
    id: z.string(),
    name: z.string(),
    installName: z.string(),
    install: InstallInfo.nullable(),
    configs: z.array(ConfigEntry).nullable(),
  }),
  annotations: READ,
  async call(a, { api }) {
    const client = a.client === undefined || a.client === 'all' ? null : clientSlug(String(a.client))
    const { server: s } = await api.json<{ server: Detail }>(`/api/v1/servers/${enc(String(a.id))}`)
    const configs = s.configs === null ? null : s.configs.filter((c) => client === null || c.client === client)
    const data = { id: s.id, name: s.name, installName: s.installName, install: s.install, configs }
    return { data, text: installText(data as Parameters<typeof installText>[0]) }
  },
}
