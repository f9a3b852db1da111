// How an install reads in the MCP text: the command or endpoint, then every setting it needs, each listing value
// quoted as data.
import { list, num, plain, quoted as q } from './plain'

/** One setting of an install (the detail's `install.settings`). */
export type InstallSetting = {
  name: string
  kind: string
  required: boolean
  secret: boolean
  description?: string
  format?: string
  example?: string
  default?: string
  choices?: string[]
  variable: string
}
export type InstallFacts = {
  kind: string
  confidence: string
  command?: string
  args?: string[]
  url?: string
  settings?: InstallSetting[]
} | null

const installHead = (i: InstallFacts) =>
  !i
    ? 'Install: unknown'
    : i.kind === 'remote'
      ? `Install: remote endpoint ${q(i.url ?? '')} (confidence ${plain(i.confidence)})`
      : `Install: local command ${q([i.command, ...(i.args ?? [])].filter(Boolean).join(' '))} (confidence ${plain(i.confidence)})`

/** One setting: its variable, what it is and the form of its value, each listing value quoted. */
function settingText(x: InstallSetting): string {
  const facts = [
    plain(x.kind === 'env' ? 'environment variable' : x.kind === 'url' ? 'URL variable' : x.kind),
    ...(x.secret ? ['secret'] : []),
    ...(x.format ? [`format ${plain(x.format)}`] : []),
    ...(x.example ? [`e.g. ${q(x.example)}`] : []),
    ...(x.default ? [`default ${q(x.default)}`] : []),
    ...(x.choices?.length ? [`one of ${list(x.choices)}`] : []),
  ]
  const name = x.name !== x.variable ? ` (${q(x.name)})` : ''
  return `${q(x.variable)}${name}: ${facts.join(', ')}${x.description ? `; ${q(x.description)}` : ''}`
}

/** The install, then what it needs: every required setting, and the optional ones by name. */
export function installLine(i: InstallFacts): string {
  const settings = i?.settings ?? []
  const required = settings.filter((x) => x.required)
  const optional = settings.filter((x) => !x.required)
  if (!i) return installHead(i)
  return [
    installHead(i),
    required.length
      ? `needs (${num(required.length)}; give them as values of get_mcp_install_config):`
      : 'needs: nothing required',
    ...required.map((x) => `- ${settingText(x)}`),
    ...(optional.length ? [`optional settings: ${list(optional.map((x) => x.variable))}`] : []),
  ].join('\n')
}

/** Endpoints given no install line: their names resolved to private addresses (the detail's `installWithheld`). */
export type Withheld = { installWithheld?: { url: string; reason: string }[] }

/** One line per withheld endpoint, its address and reason quoted as data. */
export const withheldLines = (r: Withheld) =>
  (r.installWithheld ?? []).map((x) => `Withheld endpoint (no install line): ${q(x.url)}, because ${q(x.reason)}`)
