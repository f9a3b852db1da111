// The pieces every client's config is built from: the settings a model needs (variables and headers, secret or
// not), how each client writes a variable, TOML and shell quoting, install links and the notes beside a snippet.
import type { EnvVarSpec, HeaderSpec, InputFacts, InstallModel } from '../contracts/listing'
import { cleanText } from '../text'

export type LocalModel = Extract<InstallModel, { kind: 'local' }>
export type RemoteModel = Extract<InstallModel, { kind: 'remote' }>

// A value is literal text with variables in it, e.g. ["Bearer ", {v: "SMITHERY_API_KEY"}]; each client
// renders the variables in its own syntax.
export interface Var {
  v: string
  secret: boolean
  description?: string
  /** What the value is asked for as (shared/src/install/settings.ts): its input's name, kind and facts. */
  asks?: { name: string; kind: 'env' | 'header'; facts: InputFacts }
}
export type Part = string | Var
export interface Setting {
  key: string
  parts: Part[]
  secret: boolean
}

// Names that carry credentials even when the registry entry forgot `isSecret`.
export const SECRET_NAME = /auth|token|key|secret|passw|cookie|credential|session/i
export const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
export const MAX_NOTE_LIST = 8

// Text of the registry entry put into a config or a command: controls become spaces, and bidi and invisible
// characters go (shared/text), so nothing reorders or hides what a user reads before running it.
const visible = (s: string): string => cleanText(s.replace(CONTROL, ' '))

export const oneLine = (s: string | undefined, max = 200): string | undefined => {
  const t = s === undefined ? undefined : visible(s).replace(/\s+/g, ' ').trim()
  return t ? (t.length > max ? `${t.slice(0, max - 1)}…` : t) : undefined
}

/** A placeholder variable name: upper-case `[A-Z0-9_]`, never starting with a digit. */
export function varName(s: string): string {
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
export function envSettings(env: readonly EnvVarSpec[]): { required: Setting[]; optional: string[] } {
  const isSecret = (e: EnvVarSpec) => e.isSecret === true || SECRET_NAME.test(e.name)
  const secrets = env.filter((e) => e.isSecret === true)
  const lone =
    !env.some((e) => e.isRequired === true) && secrets.length === 1 && !/optional/i.test(secrets[0]?.description ?? '')
      ? secrets[0]
      : undefined
  const required: Setting[] = []
  const optional: string[] = []
  for (const e of env) {
    const secret = isSecret(e)
    // A value the entry fixes is set as it is; only the `{name}`s it declares in it are the user's to fill.
    if (typeof e.value === 'string' && e.value) {
      const parts = templateParts(e.value, (name) => {
        const facts = e.variables?.[name]
        if (!facts) return null
        const s = facts.isSecret === true || (facts.isSecret === undefined && secret)
        return {
          v: varName(name),
          secret: s,
          description: oneLine(facts.description),
          asks: { name, kind: 'env', facts },
        }
      })
      required.push({ key: e.name, secret, parts })
      continue
    }
    if (e.isRequired !== true && e !== lone) {
      optional.push(e.name)
      continue
    }
    const description = oneLine(e.description)
    required.push({
      key: e.name,
      secret,
      parts: [{ v: varName(e.name), secret, description, asks: { name: e.name, kind: 'env', facts: e } }],
    })
  }
  return { required, optional }
}

/** A template's literal text and its `{name}`s, each the Var `named` makes of it (null: kept as written). */
export function templateParts(template: string, named: (name: string) => Var | null): Part[] {
  const parts: Part[] = []
  let last = 0
  let text = ''
  for (const m of template.matchAll(/\{([^{}]+)\}/g)) {
    const v = named(m[1] ?? '')
    text += template.slice(last, (m.index ?? 0) + (v ? 0 : m[0].length))
    last = (m.index ?? 0) + m[0].length
    if (!v) continue
    if (visible(text)) parts.push(visible(text))
    text = ''
    parts.push(v)
  }
  text += template.slice(last)
  if (visible(text)) parts.push(visible(text))
  return parts
}

// Schemes other than Bearer that a header's description may name, written as schemes are (capitalised): words such
// as "token" or "App" are too common in descriptions ("Authentication token (PAT or App token)") to be read as one.
const SCHEMES = ['Basic', 'Digest', 'Bot']

/** The authentication scheme a header's description names, else Bearer. */
function authorizationScheme(description: string | null | undefined): string {
  const words = (description ?? '').split(/[^A-Za-z]+/)
  return SCHEMES.find((s) => words.includes(s)) ?? 'Bearer'
}

// Header values are templates such as "Bearer {smithery_api_key}"; a header is sent when it is required
// or comes with such a template (the publisher expects it), otherwise it is only named in the note.
export function headerSettings(headers: readonly HeaderSpec[]): { included: Setting[]; optional: string[] } {
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
      // Every `{name}` is the user's: templates such as Smithery's name their variable without declaring it.
      parts = templateParts(template, (name) => {
        const facts = h.variables?.[name] ?? {}
        const s = facts.isSecret ?? secret
        const v = { v: varName(name), secret: s, description: oneLine(facts.description) ?? description }
        return { ...v, asks: { name: only(template, name) ? h.name : name, kind: 'header', facts: { ...h, ...facts } } }
      })
    } else if (typeof h.value === 'string' && h.value.trim() && !secret) {
      parts = [visible(h.value)] // a fixed, public value such as a client id label
    } else if (/^authorization$/i.test(h.name)) {
      // An Authorization header is a scheme and a credential: a bare token pasted in its place gets a 401. The
      // scheme the description names (Basic, Token…), else Bearer, the scheme of OAuth and personal access tokens.
      const asks = { name: h.name, kind: 'header' as const, facts: { ...h, isSecret: true } }
      parts = [
        `${authorizationScheme(h.description)} `,
        { v: `${varName(h.name)}_TOKEN`, secret: true, description, asks },
      ]
    } else {
      parts = [{ v: varName(h.name), secret, description, asks: { name: h.name, kind: 'header', facts: h } }]
    }
    included.push({ key: h.name, parts, secret })
  }
  return { included, optional }
}

// True when the template is nothing but `{name}` (the header's whole value is that one input).
const only = (template: string, name: string): boolean => template.trim() === `{${name}}`

export const vars = (settings: readonly Setting[]): Var[] => {
  const seen = new Map<string, Var>()
  for (const s of settings) for (const p of s.parts) if (typeof p !== 'string' && !seen.has(p.v)) seen.set(p.v, p)
  return [...seen.values()]
}

export const plain = (parts: readonly Part[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : `<${p.v}>`)).join('')
export const dollar = (parts: readonly Part[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : `\${${p.v}}`)).join('')
export const inputId = (v: Var): string => v.v.toLowerCase()
export const vsInput = (parts: readonly Part[]): string =>
  parts.map((p) => (typeof p === 'string' ? p : `\${input:${inputId(p)}}`)).join('')

export const record = (
  settings: readonly Setting[],
  render: (parts: readonly Part[]) => string,
): Record<string, string> => Object.fromEntries(settings.map((s) => [s.key, render(s.parts)]))

// The env variable that carries a whole header value for mcp-remote and Codex: the template's own
// variable when the value is nothing else, else NAME_HEADER (so "Bearer …" with its space sits in
// the environment, not in an argument some clients split on Windows).
export function headerEnvName(s: Setting): string {
  const only = s.parts.length === 1 ? s.parts[0] : undefined
  return only !== undefined && typeof only !== 'string' ? only.v : `${varName(s.key)}_HEADER`
}

export const json = (v: unknown): string => JSON.stringify(v, null, 2)

import { shellQuote } from './quoting'

/** The text format of a snippet. */
export type ConfigFormat = 'json' | 'toml' | 'yaml' | 'shell' | 'text'

export { shellQuote, tomlArray, tomlInline, tomlKey, tomlString } from './quoting'

export const RUNTIME: Readonly<Record<LocalModel['runner'], string>> = {
  npx: 'Node.js (npx)',
  uvx: 'uv (uvx)',
  docker: 'Docker',
  dnx: 'the .NET 10 SDK (dnx)',
}

export const listNames = (names: readonly string[]): string =>
  names.length > MAX_NOTE_LIST ? `${names.slice(0, MAX_NOTE_LIST).join(', ')}, …` : names.join(', ')

export function placeholderNote(settings: readonly Setting[], what: string): string {
  if (settings.length === 0) return ''
  return ` Replace the placeholders of the required ${what} (${listNames(settings.map((s) => s.key))}) with your own values.`
}
export const optionalNote = (names: readonly string[], what: string): string =>
  names.length ? ` Optional ${what} not included: ${listNames(names)} (see the server's README).` : ''

// The stdio command that bridges a remote endpoint for clients without (a usable) remote transport.
export function mcpRemoteBridge(
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

export const withEnv = <T extends object>(
  base: T,
  env: Record<string, string>,
): T | (T & { env: Record<string, string> }) => (Object.keys(env).length ? { ...base, env } : base)
export const withHeaders = <T extends object>(
  base: T,
  headers: Record<string, string>,
): T | (T & { headers: Record<string, string> }) => (Object.keys(headers).length ? { ...base, headers } : base)

export type Built = {
  format: ConfigFormat
  snippet: string
  note: string
  command?: string
  deepLink?: string
  webLink?: string
}
export type Json = Record<string, unknown>

export const base64 = (s: string): string => Buffer.from(s, 'utf8').toString('base64')

/** Cursor's install link: the server entry as base64 JSON (the value Cursor would put under mcpServers.<name>). */
export function cursorDeepLink(name: string, server: Json): string {
  return `cursor://anysphere.cursor-deeplink/mcp/install?${new URLSearchParams({ name, config: base64(JSON.stringify(server)) })}`
}

/**
 * VS Code's install links: `vscode:mcp/install?<JSON>` (the server entry with its name and inputs, as `code --add-mcp`
 * takes it), and the https redirect of vscode.dev that opens it, for READMEs where `vscode:` is not a link.
 */
export function vsCodeLinks(
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
export const claudeCodeCommand = (name: string, server: Json): string =>
  ['claude', 'mcp', 'add-json', '--scope', 'project', name, JSON.stringify(server)].map(shellQuote).join(' ')
