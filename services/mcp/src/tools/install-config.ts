import { getServerById } from '@mcp-directory/catalog/contracts'
import { ServerParams } from '@mcp-directory/catalog/contracts'
import { AppError } from '@mcp-directory/shared/errors'
import { buildClientConfigs, type InstallSetting, modelOfInstall, valueProblem } from '@mcp-directory/shared/install'
import { Type as t } from '@sinclair/typebox'
import { fromModel } from './args'
import { clientArg, clientSlug, ID_HELP, READ } from './common'
import { toolOutput } from './output'
import { installText } from './text'
import type { Tool } from './tool'

/** The listing's detail, as the detail endpoint answers it. */
const DETAIL = getServerById.responses[200].schema.properties.server

// Values given for settings: a handful, each bounded (settings.ts `valueProblem` checks each against its setting).
const MAX_VALUES = 40
const VALUES = t.Record(t.String({ maxLength: 128 }), t.String({ maxLength: 2000 }), { maxProperties: MAX_VALUES })

/**
 * The given values as the configs take them, keyed by each setting's `variable` (its `name` is accepted too); a
 * value for no setting of this install, or one its setting refuses, is a 400 naming it, so nothing is silently
 * left as a placeholder. Values are used for this answer only: never stored, never logged.
 */
function valuesFor(settings: readonly InstallSetting[], given: Record<string, string>): Map<string, string> {
  const out = new Map<string, string>()
  const problems: string[] = []
  for (const [key, value] of Object.entries(given)) {
    const setting = settings.find((x) => x.variable === key) ?? settings.find((x) => x.name === key)
    if (!setting) {
      problems.push(`${key.slice(0, 64)}: not a setting of this install (see install.settings)`)
      continue
    }
    const problem = valueProblem(setting, value)
    if (problem) problems.push(problem)
    else out.set(setting.variable, value)
  }
  if (problems.length)
    throw new AppError(
      400,
      'invalid_parameter',
      `values: ${problems.join('; ')}`,
      problems.map((message) => ({ argument: 'values', message })),
    )
  return out
}

export const getInstallConfig: Tool = {
  name: 'get_mcp_install_config',
  title: 'Get install config',
  description:
    'The ready-to-paste config of one listing for one MCP client or for all: the file to edit on each system, the snippet, a note on ' +
    'keys and runtimes, and where the client has them a one-line command and install links (Cursor, VS Code). install.settings ' +
    'lists what to ask the user for (required ones first); pass their answers as `values` ({ variable: value }) to get the configs ' +
    'with them in place. configs is null when the install is only guessed; then check the repository README.',
  args: {
    ...fromModel(ServerParams, {}, ID_HELP),
    client: clientArg(true, 'all', "One client's config, or all (the default)."),
    values: {
      model: VALUES,
      description:
        'Values of the settings, keyed by each setting\'s `variable` (from install.settings), e.g. {"DATABASE_URI": "postgresql://…"}. ' +
        'Used for this answer only; the directory keeps none of them.',
    },
  },
  // The detail's own fields, as the detail endpoint answers them.
  output: toolOutput(t.Pick(DETAIL, ['id', 'name', 'installName', 'install', 'configs', 'installWithheld'])),
  annotations: READ,
  async call(a, { api }) {
    const client = a.client === undefined || a.client === 'all' ? null : clientSlug(String(a.client))
    const { server: s } = await api.call(getServerById, { params: { id: String(a.id) } })
    const given = (a.values ?? {}) as Record<string, string>
    let all = s.configs
    if (Object.keys(given).length && s.configs !== null && s.install) {
      const values = valuesFor(s.install.settings ?? [], given)
      const model = modelOfInstall(s.install)
      if (model) all = buildClientConfigs(model, s.installName, values)
    }
    const configs = all === null ? null : all.filter((c) => client === null || c.client === client)
    const withheld = s.installWithheld ?? []
    const data = {
      id: s.id,
      name: s.name,
      installName: s.installName,
      install: s.install,
      configs,
      installWithheld: withheld,
    }
    return { data, text: installText(data) }
  },
}
