/**
 * The settings an install needs, one model for all of them: environment variables (secret or not), the placeholders
 * of required arguments (a folder, a database URL), a remote's headers and URL variables. Each says whether it is
 * required, what it is (description, format, example, default, choices), the name its value is filled in by
 * (`variable`), what stands for it in every config (`placeholder`) and where it was read. `withValues` puts given
 * values in their place, so a client's config is ready as it is.
 */
import type { ArgumentSpec, EnvVarSpec, HeaderSpec, InputFacts, InstallModel } from '../contracts/listing'
import type { InstallSettingModel } from '../contracts/models'
import { argumentPlaceholder } from './arguments'
import { type Part, SECRET_NAME, type Setting, envSettings, headerSettings, oneLine, varName } from './config-parts'

/** One input an install takes (directory-api, the detail's `install.settings`). */
export type InstallSetting = InstallSettingModel

const SOURCE: Readonly<Record<string, InstallSetting['source']>> = {
  registry: 'registry',
  'readme-config': 'readme',
  'readme-mention': 'readme',
}

function described(
  facts: InputFacts,
): Pick<InstallSetting, 'description' | 'format' | 'example' | 'default' | 'choices'> {
  const description = oneLine(facts.description)
  return {
    ...(description ? { description } : {}),
    ...(facts.format && facts.format !== 'string' ? { format: facts.format } : {}),
    ...(facts.placeholder ? { example: facts.placeholder } : {}),
    ...(facts.default ? { default: facts.default } : {}),
    ...(facts.choices?.length ? { choices: facts.choices } : {}),
  }
}

/** The settings of variables in config values (environment, headers): one per variable, required ones first. */
function fromVars(settings: readonly Setting[], source: InstallSetting['source']): InstallSetting[] {
  const seen = new Set<string>()
  const out: InstallSetting[] = []
  for (const s of settings)
    for (const p of s.parts) {
      if (typeof p === 'string' || seen.has(p.v)) continue
      seen.add(p.v)
      const asks = p.asks ?? { name: s.key, kind: 'env' as const, facts: {} }
      out.push({
        name: asks.name,
        kind: asks.kind,
        required: true,
        secret: p.secret,
        ...described({ ...asks.facts, description: asks.facts.description ?? p.description }),
        variable: p.v,
        placeholder: `<${p.v}>`,
        // A variable read from the package's README says so, whatever the install's own basis.
        source: (asks.facts as { origin?: string }).origin === 'package-readme' ? 'package' : source,
      })
    }
  return out
}

const optional = (name: string, kind: InstallSetting['kind'], facts: InputFacts, source: InstallSetting['source']) => ({
  name,
  kind,
  required: false,
  secret: facts.isSecret === true || SECRET_NAME.test(name),
  ...described(facts),
  variable: varName(name),
  placeholder: `<${varName(name)}>`,
  source,
})

/** The required arguments whose placeholder stands in the command (`<postgres-url>`). */
function fromArguments(args: readonly string[], declared: readonly ArgumentSpec[], source: InstallSetting['source']) {
  const out: InstallSetting[] = []
  for (const a of declared) {
    const token = argumentPlaceholder(a)
    if (a.isRequired !== true || !args.includes(token) || out.some((s) => s.placeholder === token)) continue
    out.push({
      name: a.name ?? a.valueHint ?? token.slice(1, -1),
      kind: 'argument',
      required: true,
      secret: a.isSecret === true,
      ...described(a),
      variable: token.slice(1, -1),
      placeholder: token,
      source,
    })
  }
  return out
}

/** Every setting an install model takes, required ones first (in the order its configs use them). */
export function installSettings(model: InstallModel): InstallSetting[] {
  const source = SOURCE[model.basis] ?? 'package'
  if (model.kind === 'local') {
    const env = envSettings(model.env)
    const facts = new Map(model.env.map((e) => [e.name, e]))
    return [
      ...fromArguments(model.args, model.arguments ?? [], source),
      ...fromVars(env.required, source),
      ...env.optional.map((n) => optional(n, 'env', facts.get(n) ?? {}, source)),
    ]
  }
  const headers = headerSettings(model.headers)
  const facts = new Map(model.headers.map((h) => [h.name, h]))
  const urlVars = Object.entries(model.variables ?? {})
    .filter(([n]) => model.url.includes(`<${varName(n)}>`))
    .map(([n, f]) => ({ ...optional(n, 'url', f, source), required: true }))
  return [
    ...urlVars,
    ...fromVars(headers.included, source),
    ...headers.optional.map((n) => optional(n, 'header', facts.get(n) ?? {}, source)),
  ]
}

/** The required settings, as "needs" lists name them. */
export const requiredSettings = (model: InstallModel): InstallSetting[] =>
  installSettings(model).filter((s) => s.required)

// A value a user gives: printable, on one line, bounded. URL variables and arguments stand in an address or a
// command line, so they take a narrower set (no spaces, quotes, slashes that would change the address).
const MAX_VALUE = 2000
const PRINTABLE = /^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]{1,2000}$/
const URL_PART = /^[A-Za-z0-9._~-]{1,253}$/

/** Why a value cannot be used for a setting, or null when it can. */
export function valueProblem(s: InstallSetting, value: string): string | null {
  if (typeof value !== 'string' || value.length > MAX_VALUE || !PRINTABLE.test(value))
    return `${s.variable}: a value is 1–${MAX_VALUE} printable characters on one line`
  if (s.kind === 'url' && !URL_PART.test(value))
    return `${s.variable}: a URL variable takes letters, digits and . _ ~ -`
  if (s.choices?.length && !s.choices.includes(value)) return `${s.variable}: must be one of ${s.choices.join(', ')}`
  return null
}

/**
 * The parts of a config value with the given values in place of their variables. A value given with the scheme
 * its header already writes (`Bearer …` after "Bearer ") is not written twice.
 */
export function filledParts(parts: readonly Part[], values: ReadonlyMap<string, string>): Part[] {
  return parts.map((p, i) => {
    if (typeof p === 'string' || !values.has(p.v)) return p
    const value = values.get(p.v) as string
    const before = parts[i - 1]
    const scheme = typeof before === 'string' ? /(\S+) $/.exec(before)?.[1] : undefined
    return scheme && value.toLowerCase().startsWith(`${scheme.toLowerCase()} `) ? value.slice(scheme.length + 1) : value
  })
}

/** Config settings with given values in place; one left with no variable is a fixed value, written as it is. */
export const filledSettings = (settings: readonly Setting[], values?: ReadonlyMap<string, string>): Setting[] =>
  !values?.size
    ? [...settings]
    : settings.map((s) => {
        const parts = filledParts(s.parts, values)
        return { ...s, parts, secret: s.secret && parts.some((p) => typeof p !== 'string') }
      })

/**
 * The model made ready for given values (keys are settings' `variable`s; unknown keys are ignored; values checked
 * by `valueProblem` first): arguments and URL variables are put in, and a given optional variable or header is
 * included; every config then fills the variables' parts (`filledParts`). A value that fills a secret stays in the
 * config the caller asked for and nowhere else.
 */
export function withValues(model: InstallModel, values: ReadonlyMap<string, string>): InstallModel {
  const put = (text: string) =>
    text.replace(/<([A-Za-z0-9_-]+)>/g, (whole, v: string) => (values.has(v) ? (values.get(v) as string) : whole))
  const given = (name: string) => values.has(varName(name)) || values.has(`${varName(name)}_TOKEN`)
  if (model.kind === 'local') {
    // Those required now stay required when a given optional one is added (the lone-secret rule reads all of them).
    const required = new Set(envSettings(model.env).required.map((s) => s.key))
    const env = model.env.map((e) => (required.has(e.name) || given(e.name) ? { ...e, isRequired: true } : e))
    return { ...model, env, args: model.args.map(put) }
  }
  const headers = model.headers.map((h) => (given(h.name) ? { ...h, isRequired: true } : h))
  return { ...model, url: put(model.url), headers }
}

/** The detail's `install` (directory-api §2.2), as far as a config is rebuilt from it. */
export interface InstallInfoLike {
  kind: 'local' | 'remote'
  confidence: 'high' | 'low'
  command?: string
  args?: string[]
  url?: string
  transport?: string
  registryType?: string
  identifier?: string
  environmentVariables: EnvVarSpec[] | readonly object[]
  headers?: HeaderSpec[] | readonly object[]
  basis?: InstallModel['basis']
}

const RUNNER_OF: Readonly<Record<string, LocalRunner>> = { npx: 'npx', uvx: 'uvx', docker: 'docker', dnx: 'dnx' }
type LocalRunner = Extract<InstallModel, { kind: 'local' }>['runner']

/**
 * The install model a detail's `install` describes (it carries the command, variables and headers whole), so a
 * reader of the detail builds the same configs, with values, as the catalog did; null when it is not one.
 */
export function modelOfInstall(i: InstallInfoLike): InstallModel | null {
  const basis = i.basis ?? 'registry'
  if (i.kind === 'local') {
    const runner = RUNNER_OF[i.command ?? '']
    if (!runner || !i.command || !Array.isArray(i.args)) return null
    const env = i.environmentVariables as EnvVarSpec[]
    const base = { registryType: i.registryType ?? '', identifier: i.identifier ?? '' }
    return { kind: 'local', runner, command: i.command, args: i.args, env, ...base, confidence: i.confidence, basis }
  }
  if (!i.url || (i.transport !== 'streamable-http' && i.transport !== 'sse')) return null
  const headers = (i.headers ?? []) as HeaderSpec[]
  return { kind: 'remote', transport: i.transport, url: i.url, headers, confidence: i.confidence, basis: 'registry' }
}
