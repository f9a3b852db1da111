/**
 * Ready-to-paste client configurations (directory-api §2.2 `configs`) generated from one install model.
 * Secrets never appear as values: required environment variables and headers become placeholders
 * (`<API_KEY>`), or the client's own variable syntax where it has one (`${input:…}`, `${VAR}`).
 */
import type { EnvVarSpec, HeaderSpec, InstallModel } from '../contracts/listing'
import { isGuess } from './model'

/** The text format of a snippet. */
export type ConfigFormat = 'json' | 'toml' | 'yaml' | 'shell' | 'text'

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

type LocalModel = Extract<InstallModel, { kind: 'local' }>
type RemoteModel = Extract<InstallModel, { kind: 'remote' }>

// A value is literal text with variables in it, e.g. ["Bearer ", {v: "SMITHERY_API_KEY"}]; each client
// renders the variables in its own syntax.
interface Var {
  v: string
  secret: boolean
  description?: string
}
type Part = string | Var
interface Setting {
  key: string
  parts: Part[]
  secret: boolean
}

// Names that carry credentials even when the registry entry forgot `isSecret`.
const SECRET_NAME = /auth|token|key|secret|passw|cookie|credential|session/i
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const MAX_NOTE_LIST = 8

const oneLine = (s: string | undefined, max = 200): string | undefined => {
  const t = s?.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  return t ? (t.length > max ? `${t.slice(0, max - 1)}…` : t) : undefined
}

/** A placeholder variable name: upper-case `[A-Z0-9_]`, never starting with a digit. */
function varName(s: string): string {
  const v = s
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
  if (!v) return 'VALUE'
  return /^\d/.test(v) ? `V_${v}` : v
}

// Required variables go into the config; optional ones are only named in the note (a placeholder the
// user must delete again would make the config fail instead of work). Publishers often leave
// `isRequired` unset on a server's one credential (e.g. FIRECRAWL_API_KEY), so when nothing is marked
// required and exactly one secret is declared, that secret is treated as required unless its
// description calls it optional.
function envSettings(env: readonly EnvVarSpec[]): { required: Setting[]; optional: string[] } {
  const isSecret = (e: EnvVarSpec) => e.isSecret === true || SECRET_NAME.test(e.name)
  const secrets = env.filter((e) => e.isSecret === true)
  const lone =
    !env.some((e) => e.isRequired === true) && secrets.length === 1 && !/optional/i.test(secrets[0]?.description ?? '')
      ? secrets[0]
      : undefined
  const required: Setting[] = []
  const optional: string[] = []
  for (const e of env) {
    if (e.isRequired !== true && e !== lone) {
      optional.push(e.name)
      continue
    }
    const secret = isSecret(e)
    required.push({ key: e.name, secret, parts: [{ v: varName(e.name), secret, description: oneLine(e.description) }] })
  }
  return { required, optional }
}

// Header values are templates such as "Bearer {smithery_api_key}"; a header is sent when it is required
// or comes with such a template (the publisher expects it), otherwise it is only named in the note.
function headerSettings(headers: readonly HeaderSpec[]): { included: Setting[]; optional: string[] } {
  const included: Setting[] = []
  const optional: string[] = []
  for (const h of headers) {
    const template = typeof h.value === 'string' && /\{[^{}]+\}/.test(h.value) ? h.value : null
    if (h.isRequired !== true && !template) {
      optional.push(h.name)
      continue
    }
    const secret = h.isSecret === true || SECRET_NAME.test(h.name)
    const description = oneLine(h.description) ?? `Value of the ${h.name} header`
    let parts: Part[]
    if (template) {
      parts = []
      let last = 0
      for (const m of template.matchAll(/\{([^{}]+)\}/g)) {
        const before = template.slice(last, m.index).replace(CONTROL, ' ')
        if (before) parts.push(before)
        parts.push({ v: varName(m[1] ?? ''), secret, description })
        last = (m.index ?? 0) + m[0].length
      }
      const after = template.slice(last).replace(CONTROL, ' ')
      if (after) parts.push(after)
    } else if (typeof h.value === 'string' && h.value.trim() && !secret) {
      parts = [h.value.replace(CONTROL, ' ')] // a fixed, public value such as a client id label
    } else {
      parts = [{ v: varName(h.name), secret, description }]
    }
    included.push({ key: h.name, parts, secret })
  }
  return { included, optional }
}

const vars = (settings: readonly Setting[]): Var[] => {
  const seen = new Map<string, Var>()
  for (const s of settings) for (const p of s.parts) if (typeof p !== 'string' && !seen.has(p.v)) seen.set(p.v, p)
  return [...seen.values()]
}

const plain = (parts: readonly Part[]): string => parts.map((p) => (typeof p === 'string' ? p : `<${p.v}>`)).join('')
const dollar = (parts: readonly Part[]): string => parts.map((p) => (typeof p === 'string' ? p : `\${${p.v}}`)).join('')
const inputId = (v: Var): string => v.v.toLowerCase()
const vsInput = (parts: readonly Part[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : `\${input:${inputId(p)}}`)).join('')

const record = (settings: readonly Setting[], render: (parts: readonly Part[]) => string): Record<string, string> =>
  Object.fromEntries(settings.map((s) => [s.key, render(s.parts)]))

// The env variable that carries a whole header value for mcp-remote and Codex: the template's own
// variable when the value is nothing else, else NAME_HEADER (so "Bearer …" with its space sits in
// the environment, not in an argument some clients split on Windows).
function headerEnvName(s: Setting): string {
  const only = s.parts.length === 1 ? s.parts[0] : undefined
  return only !== undefined && typeof only !== 'string' ? only.v : `${varName(s.key)}_HEADER`
}

const json = (v: unknown): string => JSON.stringify(v, null, 2)

// TOML basic string with every character TOML requires escaped.
function tomlString(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 0
    if (ch === '"') out += '\\"'
    else if (ch === '\\') out += '\\\\'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\r') out += '\\r'
    else if (c < 0x20 || c === 0x7f) out += `\\u${c.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}
const tomlKey = (k: string): string => (/^[A-Za-z0-9_-]+$/.test(k) ? k : tomlString(k))
const tomlArray = (a: readonly string[]): string => `[${a.map(tomlString).join(', ')}]`
const tomlInline = (r: Record<string, string>): string =>
  `{ ${Object.entries(r)
    .map(([k, v]) => `${tomlKey(k)} = ${tomlString(v)}`)
    .join(', ')} }`

/** Quotes one word for a POSIX shell (single quotes; plain when nothing in it is special). */
export function shellQuote(s: string): string {
  if (s !== '' && /^[A-Za-z0-9_@%+=:,./-]+$/.test(s)) return s
  return `'${s.replace(/'/g, `'\\''`)}'`
}

const RUNTIME: Readonly<Record<LocalModel['runner'], string>> = {
  npx: 'Node.js (npx)',
  uvx: 'uv (uvx)',
  docker: 'Docker',
  dnx: 'the .NET 10 SDK (dnx)',
}

const listNames = (names: readonly string[]): string =>
  names.length > MAX_NOTE_LIST ? `${names.slice(0, MAX_NOTE_LIST).join(', ')}, …` : names.join(', ')

function placeholderNote(settings: readonly Setting[], what: string): string {
  if (settings.length === 0) return ''
  return ` Replace the placeholders of the required ${what} (${listNames(settings.map((s) => s.key))}) with your own values.`
}
const optionalNote = (names: readonly string[], what: string): string =>
  names.length ? ` Optional ${what} not included: ${listNames(names)} (see the server's README).` : ''

// The stdio command that bridges a remote endpoint for clients without (a usable) remote transport.
function mcpRemoteBridge(
  m: RemoteModel,
  headers: readonly Setting[],
): { command: string; args: string[]; env: Record<string, string> } {
  const args = ['-y', 'mcp-remote', m.url]
  if (m.url.startsWith('http:')) args.push('--allow-http') // mcp-remote refuses plain HTTP otherwise
  if (m.transport === 'sse') args.push('--transport', 'sse-only')
  const env: Record<string, string> = {}
  for (const h of headers) {
    const name = headerEnvName(h)
    // No space after the colon: some clients split arguments on spaces on Windows.
    args.push('--header', `${h.key}:\${${name}}`)
    env[name] = plain(h.parts)
  }
  return { command: 'npx', args, env }
}

const withEnv = <T extends object>(base: T, env: Record<string, string>): T | (T & { env: Record<string, string> }) =>
  Object.keys(env).length ? { ...base, env } : base
const withHeaders = <T extends object>(
  base: T,
  headers: Record<string, string>,
): T | (T & { headers: Record<string, string> }) => (Object.keys(headers).length ? { ...base, headers } : base)

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

type Built = {
  format: ConfigFormat
  snippet: string
  note: string
  command?: string
  deepLink?: string
  webLink?: string
}
type Json = Record<string, unknown>

const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64')

/** Cursor's install link: the server entry as base64 JSON (the value Cursor would put under mcpServers.<name>). */
export function cursorDeepLink(name: string, server: Json): string {
  return `cursor://anysphere.cursor-deeplink/mcp/install?${new URLSearchParams({ name, config: base64(JSON.stringify(server)) })}`
}

/**
 * VS Code's install links: `vscode:mcp/install?<JSON>` (the server entry with its name and inputs, as `code --add-mcp`
 * takes it), and the https redirect of vscode.dev that opens it, for READMEs where `vscode:` is not a link.
 */
function vsCodeLinks(
  name: string,
  server: Json,
  inputs: readonly Json[],
): { command: string; deepLink: string; webLink: string } {
  const entry = JSON.stringify({ name, ...server, ...(inputs.length ? { inputs } : {}) })
  const web = new URLSearchParams({ name, config: JSON.stringify(server) })
  if (inputs.length) web.set('inputs', JSON.stringify(inputs))
  return {
    command: `code --add-mcp ${shellQuote(entry)}`,
    deepLink: `vscode:mcp/install?${encodeURIComponent(entry)}`,
    webLink: `https://vscode.dev/redirect/mcp/install?${web}`,
  }
}

/** Claude Code's one-line form of its .mcp.json entry: `claude mcp add-json --scope project <name> '<entry>'`. */
const claudeCodeCommand = (name: string, server: Json): string =>
  ['claude', 'mcp', 'add-json', '--scope', 'project', name, JSON.stringify(server)].map(shellQuote).join(' ')

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one entry per client, in CONFIG_CLIENTS order, beside the few values they share; split, the table would no longer read as one
function localConfigs(m: LocalModel, name: string): Record<string, Built> {
  const { required, optional } = envSettings(m.env)
  const stdio = { command: m.command, args: m.args }
  const needs = ` Needs ${RUNTIME[m.runner]} on your PATH.`
  const fill = placeholderNote(required, 'environment variables')
  const opt = optionalNote(optional, 'environment variables')

  const inputs = vars(required).map((v) => ({
    type: 'promptString',
    id: inputId(v),
    description: v.description ?? `Value of ${v.v}`,
    password: v.secret,
  }))
  const vsServer = withEnv({ type: 'stdio', ...stdio }, record(required, vsInput))

  const codexLines = [
    `[mcp_servers.${tomlKey(name)}]`,
    `command = ${tomlString(m.command)}`,
    `args = ${tomlArray(m.args)}`,
  ]
  if (required.length) codexLines.push(`env = ${tomlInline(record(required, plain))}`)

  const cliWords = ['claude', 'mcp', 'add', name]
  for (const s of required) cliWords.push('-e', `${s.key}=${plain(s.parts)}`)
  cliWords.push('--', m.command, ...m.args)

  const plainServer = withEnv(stdio, record(required, plain))
  const mcpServersPlain = json({ mcpServers: { [name]: plainServer } })
  const claudeCodeServer = withEnv(stdio, record(required, dollar))
  const codexWords = ['codex', 'mcp', 'add', name]
  for (const s of required) codexWords.push('--env', `${s.key}=${plain(s.parts)}`)
  codexWords.push('--', m.command, ...m.args)
  return {
    'claude-desktop': {
      format: 'json',
      snippet: mcpServersPlain,
      note: `Add the entry under "mcpServers" in claude_desktop_config.json (Settings → Developer → Edit Config), then restart Claude Desktop.${fill}${opt}${needs}`,
    },
    'claude-code': {
      format: 'json',
      snippet: json({ mcpServers: { [name]: claudeCodeServer } }),
      command: claudeCodeCommand(name, claudeCodeServer),
      note: `Project scope: save as .mcp.json in the project root (merge into "mcpServers" if the file exists).${required.length ? ` Claude Code fills \${VAR} from your environment: export ${listNames(vars(required).map((v) => v.v))} before starting it.` : ''}${opt}${needs}`,
    },
    cursor: {
      format: 'json',
      snippet: mcpServersPlain,
      deepLink: cursorDeepLink(name, plainServer),
      note: `Global: ~/.cursor/mcp.json; one project: .cursor/mcp.json. Merge into "mcpServers".${fill}${opt}${needs}`,
    },
    'vs-code': {
      format: 'json',
      snippet: json(inputs.length ? { servers: { [name]: vsServer }, inputs } : { servers: { [name]: vsServer } }),
      ...vsCodeLinks(name, vsServer, inputs),
      note: `Workspace: .vscode/mcp.json; for every workspace run "MCP: Open User Configuration". The top-level key is "servers".${inputs.length ? ' VS Code asks for each ${input:…} value when the server first starts and stores it securely.' : ''}${opt}${needs}`,
    },
    windsurf: {
      format: 'json',
      snippet: mcpServersPlain,
      note: `Merge into "mcpServers" of ~/.codeium/windsurf/mcp_config.json, then refresh the MCP servers in Cascade.${fill}${opt}${needs}`,
    },
    codex: {
      format: 'toml',
      snippet: `${codexLines.join('\n')}\n`,
      command: codexWords.map(shellQuote).join(' '),
      note: `Append to ~/.codex/config.toml (shared by the Codex CLI and IDE extension).${fill}${opt}${needs}`,
    },
    'gemini-cli': {
      format: 'json',
      snippet: mcpServersPlain,
      note: `Merge into "mcpServers" of ~/.gemini/settings.json (or .gemini/settings.json in a project).${fill}${opt}${needs}`,
    },
    cli: {
      format: 'shell',
      snippet: cliWords.map(shellQuote).join(' '),
      command: cliWords.map(shellQuote).join(' '),
      note: `Adds the server to Claude Code for you in this project; add --scope user to use it in every project.${fill} Quoted for POSIX shells (macOS, Linux, WSL).${opt}${needs}`,
    },
  }
}

/** Codex: Streamable HTTP natively (url + headers from the environment); no SSE client, so SSE is bridged. */
function remoteCodexConfig(
  m: RemoteModel,
  name: string,
  included: Setting[],
  bridge: ReturnType<typeof mcpRemoteBridge>,
  notes: { fill: string; opt: string; oauth: string; bridgeNote: string },
): Built {
  const { fill, opt, oauth, bridgeNote } = notes
  if (m.transport === 'streamable-http') {
    const lines = [`[mcp_servers.${tomlKey(name)}]`, `url = ${tomlString(m.url)}`]
    const fixed: Record<string, string> = {}
    const fromEnv: Record<string, string> = {}
    const exports: string[] = []
    const words = ['codex', 'mcp', 'add', name, '--url', m.url]
    for (const h of included) {
      const [first, second] = h.parts
      if (
        h.key.toLowerCase() === 'authorization' &&
        h.parts.length === 2 &&
        typeof first === 'string' &&
        /^bearer\s+$/i.test(first) &&
        second !== undefined &&
        typeof second !== 'string'
      ) {
        lines.push(`bearer_token_env_var = ${tomlString(second.v)}`)
        words.push('--bearer-token-env-var', second.v)
        exports.push(`${second.v} (the token only)`)
      } else if (h.secret) {
        const env = headerEnvName(h)
        fromEnv[h.key] = env
        exports.push(h.parts.length === 1 ? env : `${env} (the whole value, e.g. "${plain(h.parts)}")`)
      } else fixed[h.key] = plain(h.parts)
    }
    if (Object.keys(fixed).length) lines.push(`http_headers = ${tomlInline(fixed)}`)
    if (Object.keys(fromEnv).length) lines.push(`env_http_headers = ${tomlInline(fromEnv)}`)
    return {
      format: 'toml',
      snippet: `${lines.join('\n')}\n`,
      // `codex mcp add` sets a URL and a bearer token variable only; other headers need the file.
      ...(Object.keys(fixed).length || Object.keys(fromEnv).length ? {} : { command: words.map(shellQuote).join(' ') }),
      note: `Append to ~/.codex/config.toml. Codex connects to Streamable HTTP natively with "url" (older releases needed experimental_use_rmcp_client = true at the top of the file).${exports.length ? ` Codex reads secret headers from the environment: export ${exports.join(', ')} before starting it.` : ''}${Object.keys(fixed).length ? ' Replace the <…> placeholders in http_headers.' : ''}${oauth}${opt}`,
    }
  } else {
    const words = [
      'codex',
      'mcp',
      'add',
      name,
      ...Object.entries(bridge.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
      '--',
      bridge.command,
      ...bridge.args,
    ]
    return {
      format: 'toml',
      command: words.map(shellQuote).join(' '),
      snippet: `${[`[mcp_servers.${tomlKey(name)}]`, `command = ${tomlString(bridge.command)}`, `args = ${tomlArray(bridge.args)}`, ...(Object.keys(bridge.env).length ? [`env = ${tomlInline(bridge.env)}`] : [])].join('\n')}\n`,
      note: `Append to ~/.codex/config.toml. Codex has no SSE client, so this SSE endpoint is bridged over stdio.${bridgeNote}${fill}${opt}`,
    }
  }
}

function remoteConfigs(m: RemoteModel, name: string): Record<string, Built> {
  const { included, optional } = headerSettings(m.headers)
  const fill = placeholderNote(included, 'headers')
  const opt = optionalNote(optional, 'headers')
  const httpType = m.transport === 'sse' ? 'sse' : 'http'
  const bridge = mcpRemoteBridge(m, included)
  const bridgeNote =
    ' It uses mcp-remote (needs Node.js), which also handles a browser sign-in if the server asks for one.'
  const oauth = included.length ? '' : ' If the server needs a sign-in, the client opens your browser.'

  const inputs = vars(included).map((v) => ({
    type: 'promptString',
    id: inputId(v),
    description: v.description ?? `Value of ${v.v}`,
    password: v.secret,
  }))
  const vsServer = withHeaders({ type: httpType, url: m.url }, record(included, vsInput))

  const codex = remoteCodexConfig(m, name, included, bridge, { fill, opt, oauth, bridgeNote })

  const cliWords = ['claude', 'mcp', 'add', '--transport', httpType, name, m.url]
  for (const h of included) cliWords.push('--header', `${h.key}: ${plain(h.parts)}`)
  const claudeCodeServer = withHeaders({ type: httpType, url: m.url }, record(included, dollar))
  const cursorServer = withHeaders({ url: m.url }, record(included, plain))

  return {
    'claude-desktop': {
      format: 'json',
      snippet: json({ mcpServers: { [name]: withEnv({ command: bridge.command, args: bridge.args }, bridge.env) } }),
      note: `Claude Desktop's config file starts local commands only, so the remote endpoint is bridged over stdio.${bridgeNote} Add the entry under "mcpServers" in claude_desktop_config.json, then restart Claude Desktop.${fill}${opt}`,
    },
    'claude-code': {
      format: 'json',
      snippet: json({ mcpServers: { [name]: claudeCodeServer } }),
      command: claudeCodeCommand(name, claudeCodeServer),
      note: `Project scope: save as .mcp.json in the project root (merge into "mcpServers" if the file exists).${included.length ? ` Claude Code fills \${VAR} from your environment: export ${listNames(vars(included).map((v) => v.v))} before starting it.` : oauth}${opt}`,
    },
    cursor: {
      format: 'json',
      snippet: json({ mcpServers: { [name]: cursorServer } }),
      deepLink: cursorDeepLink(name, cursorServer),
      note: `Global: ~/.cursor/mcp.json; one project: .cursor/mcp.json. Merge into "mcpServers"; Cursor detects Streamable HTTP or SSE from the URL.${fill}${oauth}${opt}`,
    },
    'vs-code': {
      format: 'json',
      snippet: json(inputs.length ? { servers: { [name]: vsServer }, inputs } : { servers: { [name]: vsServer } }),
      ...vsCodeLinks(name, vsServer, inputs),
      note: `Workspace: .vscode/mcp.json; for every workspace run "MCP: Open User Configuration". The top-level key is "servers".${inputs.length ? ' VS Code asks for each ${input:…} value on first connect and stores it securely.' : oauth}${opt}`,
    },
    windsurf: {
      format: 'json',
      snippet: json({ mcpServers: { [name]: withHeaders({ serverUrl: m.url }, record(included, plain)) } }),
      note: `Merge into "mcpServers" of ~/.codeium/windsurf/mcp_config.json, then refresh the MCP servers in Cascade. Windsurf names the address "serverUrl".${fill}${oauth}${opt}`,
    },
    codex,
    'gemini-cli': {
      format: 'json',
      snippet: json({
        mcpServers: {
          [name]: withHeaders(m.transport === 'sse' ? { url: m.url } : { httpUrl: m.url }, record(included, plain)),
        },
      }),
      note: `Merge into "mcpServers" of ~/.gemini/settings.json (or .gemini/settings.json in a project). Gemini CLI takes Streamable HTTP as "httpUrl" and SSE as "url".${fill}${oauth}${opt}`,
    },
    cli: {
      format: 'shell',
      snippet: cliWords.map(shellQuote).join(' '),
      command: cliWords.map(shellQuote).join(' '),
      note: `Adds the server to Claude Code for you in this project; add --scope user to use it in every project.${fill}${oauth} Quoted for POSIX shells (macOS, Linux, WSL).${opt}`,
    },
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
export function buildClientConfigs(model: InstallModel, name: string): ConfigEntry[] | null {
  if (isGuess(model)) return null
  // A leading "-" would read as an option in `claude mcp add`; control characters have no place in a key.
  const key = (typeof name === 'string' ? name : '').replace(CONTROL, '').trim().replace(/^-+/, '') || FALLBACK_NAME
  const built = model.kind === 'local' ? localConfigs(model, key) : remoteConfigs(model, key)
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
 * One line that installs a config in its client: the one-line command where the client has one, else its install
 * link, else the snippet itself (JSON on one line; TOML and shell as they are).
 */
export function installLineOf(c: ConfigEntry): { kind: InstallLineKind; line: string } {
  if (c.command) return { kind: 'command', line: c.command }
  if (c.deepLink) return { kind: 'link', line: c.deepLink }
  if (c.format === 'json') {
    try {
      return { kind: 'config', line: JSON.stringify(JSON.parse(c.snippet)) }
    } catch {}
  }
  return { kind: 'config', line: c.snippet.trim() }
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
