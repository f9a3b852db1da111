/**
 * Ready-to-paste client configurations (directory-api §2.2 `configs`) generated from one install model.
 * Secrets never appear as values: required environment variables and headers become placeholders
 * (`<API_KEY>`), or the client's own variable syntax where it has one (`${input:…}`, `${VAR}`).
 */
import type { EnvVarSpec, HeaderSpec, InstallModel } from '../contracts/listing'
import { isGuess } from './model'
import { CONTROL, type ConfigFormat, type Var, headerSettings, envSettings, plain, record } from './config-parts'
import { localConfigs } from './configs-local'
import { remoteConfigs } from './configs-remote'
import { withValues } from './settings'

export { cursorDeepLink, shellQuote } from './config-parts'

export type { ConfigFormat } from './config-parts'

/** Where a client reads its configuration on one operating system (`macos`, `windows`, `linux`, `any`). */
export interface ConfigLocation {
  os: string
  path: string
}

/** One MCP client's ready-to-paste configuration (directory-api §2.2). */
export interface ConfigEntry {
  client: string
  label: string
  format: ConfigFormat
  locations: ConfigLocation[]
  snippet: string
  note: string
  /** A one-line shell command that installs exactly this config (Claude Code, Codex, VS Code, the Claude Code CLI). */
  command?: string
  /** The client's own install link (`cursor://…`, `vscode:mcp/install?…`): one click installs exactly this config. */
  deepLink?: string
  /** An https form of the install link, for READMEs and pages where custom schemes are not links (VS Code). */
  webLink?: string
}

/** The clients a config is generated for, in display order. */
export const CONFIG_CLIENTS: readonly { client: string; label: string }[] = Object.freeze([
  { client: 'claude-desktop', label: 'Claude Desktop' },
  { client: 'claude-code', label: 'Claude Code (.mcp.json)' },
  { client: 'cursor', label: 'Cursor' },
  { client: 'vs-code', label: 'VS Code' },
  { client: 'windsurf', label: 'Windsurf' },
  { client: 'codex', label: 'Codex' },
  { client: 'gemini-cli', label: 'Gemini CLI' },
  { client: 'cli', label: 'Claude Code CLI' },
])

function locationsFor(client: string): ConfigLocation[] {
  switch (client) {
    case 'claude-desktop':
      return [
        { os: 'macos', path: '~/Library/Application Support/Claude/claude_desktop_config.json' },
        { os: 'windows', path: '%APPDATA%\\Claude\\claude_desktop_config.json' },
        { os: 'linux', path: '~/.config/Claude/claude_desktop_config.json' },
      ]
    case 'claude-code':
      return [{ os: 'any', path: '.mcp.json' }]
    case 'cursor':
      return [
        { os: 'macos', path: '~/.cursor/mcp.json' },
        { os: 'linux', path: '~/.cursor/mcp.json' },
        { os: 'windows', path: '%USERPROFILE%\\.cursor\\mcp.json' },
        { os: 'any', path: '.cursor/mcp.json' },
      ]
    case 'vs-code':
      return [
        { os: 'any', path: '.vscode/mcp.json' },
        { os: 'macos', path: '~/Library/Application Support/Code/User/mcp.json' },
        { os: 'windows', path: '%APPDATA%\\Code\\User\\mcp.json' },
        { os: 'linux', path: '~/.config/Code/User/mcp.json' },
      ]
    case 'windsurf':
      return [
        { os: 'macos', path: '~/.codeium/windsurf/mcp_config.json' },
        { os: 'linux', path: '~/.codeium/windsurf/mcp_config.json' },
        { os: 'windows', path: '%USERPROFILE%\\.codeium\\windsurf\\mcp_config.json' },
      ]
    case 'codex':
      return [
        { os: 'macos', path: '~/.codex/config.toml' },
        { os: 'linux', path: '~/.codex/config.toml' },
        { os: 'windows', path: '%USERPROFILE%\\.codex\\config.toml' },
      ]
    case 'gemini-cli':
      return [
        { os: 'macos', path: '~/.gemini/settings.json' },
        { os: 'linux', path: '~/.gemini/settings.json' },
        { os: 'windows', path: '%USERPROFILE%\\.gemini\\settings.json' },
        { os: 'any', path: '.gemini/settings.json' },
      ]
    default:
      return []
  }
}

/** The `env` block of a local model with `<VAR>` placeholders for the variables a config must set. */
export function placeholderEnv(env: readonly EnvVarSpec[]): Record<string, string> {
  return record(envSettings(env).required, plain)
}

/** The `headers` block of a remote model with `<VAR>` placeholders for the headers a config must send. */
export function placeholderHeaders(headers: readonly HeaderSpec[]): Record<string, string> {
  return record(headerSettings(headers).included, plain)
}

/** The config key used when the given name is empty or unusable. */
const FALLBACK_NAME = 'mcp-server'

/**
 * One ready-to-paste config per client (`CONFIG_CLIENTS` order) for an install model, or null when
 * the model is only a guess (a package the README merely names, or the repository run as it is): a config
 * that looks authoritative but fails would cost the user more than no config. A declared package without
 * evidence keeps its configs: it is what the listing declares, and its `low` confidence and note say what
 * is not proven (directory-api §2.2: `configs` is null only for a guess).
 */
export function buildClientConfigs(
  model: InstallModel,
  name: string,
  values?: ReadonlyMap<string, string>,
): ConfigEntry[] | null {
  if (isGuess(model)) return null
  // A leading "-" would read as an option in `claude mcp add`; control characters have no place in a key.
  const key = (typeof name === 'string' ? name : '').replace(CONTROL, '').trim().replace(/^-+/, '') || FALLBACK_NAME
  // Given values (the install tool's): arguments and URL variables put in, variables' parts filled by each builder.
  const m = values?.size ? withValues(model, values) : model
  const built = m.kind === 'local' ? localConfigs(m, key, values) : remoteConfigs(m, key, values)
  return CONFIG_CLIENTS.map(({ client, label }) => {
    const b = built[client]
    if (!b) throw new Error(`no config built for ${client}`)
    const entry: ConfigEntry = {
      client,
      label,
      format: b.format,
      locations: locationsFor(client),
      snippet: b.snippet,
      note: b.note.trim(),
    }
    if (b.command) entry.command = b.command
    if (b.deepLink) entry.deepLink = b.deepLink
    if (b.webLink) entry.webLink = b.webLink
    return entry
  })
}

/** How an install line installs: a shell command, a link the client opens, or config text to merge into its file. */
export type InstallLineKind = 'command' | 'link' | 'config'

/**
 * One line that installs a config in its client, showing what it runs: the one-line command where the client has
 * one, else the snippet itself (JSON on one line; TOML and shell as they are). An install link (Cursor, VS Code)
 * encodes the config opaquely, so it is never the line: it comes beside it, as `link`.
 */
export function installLineOf(c: ConfigEntry): { kind: InstallLineKind; line: string; link?: string } {
  const link = c.deepLink ? { link: c.deepLink } : {}
  if (c.command) return { kind: 'command', line: c.command, ...link }
  if (c.format === 'json') {
    try {
      return { kind: 'config', line: JSON.stringify(JSON.parse(c.snippet)), ...link }
    } catch {}
  }
  return { kind: 'config', line: c.snippet.trim(), ...link }
}

/** Names of the secrets a config of this model needs (required secret variables and headers): what keys to get. */
export function requiredSecrets(model: InstallModel): string[] {
  const settings = model.kind === 'local' ? envSettings(model.env).required : headerSettings(model.headers).included
  return [
    ...new Set(
      settings
        .filter((s) => s.secret)
        .flatMap((s) => s.parts.filter((p): p is Var => typeof p !== 'string' && p.secret).map((p) => p.v)),
    ),
  ]
}
