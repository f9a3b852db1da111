/** An entry's packages and remotes (how it installs and where it is hosted), normalised; bad parts dropped. */
import type {
  ArgumentSpec,
  EnvVarSpec,
  HeaderSpec,
  InputFacts,
  PackageSpec,
  RemoteSpec,
} from '@mcp-directory/shared/contracts'
import { IMPORT_LIMITS } from './model'
import { ANY_CONTROL, clean, type Drop, get, httpUrl, isObj, line, type Obj, token } from './values'

// Names and values that end up in generated shell snippets and config files are held to safe characters,
// so a hostile entry cannot smuggle `;`, `$(…)` or quotes into a command a user pastes.
const REGISTRY_TYPE = /^[a-z0-9][a-z0-9._-]*$/
const IDENTIFIER = /^[A-Za-z0-9@][A-Za-z0-9@/._:+~=-]*$/
const PACKAGE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/
const RUNTIME_HINT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/
const TRANSPORT_TYPE = /^[a-z][a-z0-9-]*$/

// Spellings loose sources use for the two remote transports.
const TRANSPORT_ALIASES: Record<string, string> = {
  http: 'streamable-http',
  streamablehttp: 'streamable-http',
  streamable_http: 'streamable-http',
}
const REMOTE_TYPES = new Set(['streamable-http', 'sse'])

function transportType(v: unknown): string | null {
  if (typeof v !== 'string') return null
  const t = v.trim().toLowerCase()
  const mapped = TRANSPORT_ALIASES[t] ?? t
  return mapped.length <= IMPORT_LIMITS.token && TRANSPORT_TYPE.test(mapped) ? mapped : null
}

function bool(v: unknown): boolean | undefined {
  return typeof v === 'boolean' ? v : undefined
}

/** Reads an optional list, at most `max` items, each normalised by `each` (null: dropped). */
export function list<T>(
  v: unknown,
  field: string,
  max: number,
  drop: Drop,
  each: (x: unknown, i: number) => T | null,
): T[] {
  if (v == null) return []
  if (!Array.isArray(v)) {
    drop(`${field}: not an array`)
    return []
  }
  const out: T[] = []
  for (let i = 0; i < v.length; i++) {
    if (out.length >= max) {
      drop(`${field}: more than ${max}; the rest ignored`)
      break
    }
    const x = each(v[i], i)
    if (x !== null) out.push(x)
  }
  return out
}

export function normalizePackage(p: unknown, at: string, drop: Drop): PackageSpec | null {
  if (!isObj(p)) return drop(`${at}: not an object`)
  const rt = get(p, 'registryType')
  const registryType = token(typeof rt === 'string' ? rt.toLowerCase() : rt, REGISTRY_TYPE)
  if (!registryType) return drop(`${at}: missing or invalid registryType`)
  const identifier = token(get(p, 'identifier'), IDENTIFIER, IMPORT_LIMITS.identifier)
  if (!identifier) return drop(`${at}: missing or invalid identifier`)

  const out: PackageSpec = { registryType, identifier, environmentVariables: [] }
  const v = get(p, 'version')
  if (v != null) {
    const version = token(v, PACKAGE_VERSION, IMPORT_LIMITS.version)
    if (version) out.version = version
    else drop(`${at}.version: invalid`)
  }
  const t = get(p, 'transport')
  if (t != null) {
    const type = isObj(t) ? transportType(get(t, 'type')) : null
    if (type) {
      out.transport = { type }
      // Package transport URLs are local templates such as http://127.0.0.1:{port}/mcp, so only the scheme is checked.
      const u = isObj(t) ? get(t, 'url') : undefined
      if (
        typeof u === 'string' &&
        /^https?:\/\/\S+$/i.test(u.trim()) &&
        u.trim().length <= IMPORT_LIMITS.url &&
        !ANY_CONTROL.test(u)
      )
        out.transport.url = u.trim()
      else if (u != null) drop(`${at}.transport.url: invalid`)
    } else drop(`${at}.transport: missing or invalid type`)
  }
  const hint = get(p, 'runtimeHint')
  if (hint != null) {
    const h = token(hint, RUNTIME_HINT)
    if (h) out.runtimeHint = h
    else drop(`${at}.runtimeHint: invalid`)
  }
  out.environmentVariables = normalizeEnv(p, at, drop)
  for (const key of ['packageArguments', 'runtimeArguments'] as const) {
    const args = normalizeArguments(get(p, key), `${at}.${key}`, drop)
    if (args.length) out[key] = args
  }
  return out
}

const FLAG = /^-{1,2}[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const FORMATS = new Set(['string', 'number', 'boolean', 'filepath'])
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/
const MAX_CHOICES = 50
const MAX_VARIABLES = 20

/**
 * How to ask for one input (the official schema's `Input`): its format, default, example and choices, kept so
 * every config and the settings a listing asks for say what a value looks like. Short values only.
 */
function inputFacts(o: Obj, at: string, drop: Drop): InputFacts {
  const out: InputFacts = {}
  const d = line(get(o, 'description'), IMPORT_LIMITS.text)
  if (d) out.description = d
  const required = bool(get(o, 'isRequired')) ?? bool(get(o, 'required'))
  if (required !== undefined) out.isRequired = required
  const secret = bool(get(o, 'isSecret')) ?? bool(get(o, 'secret'))
  if (secret !== undefined) out.isSecret = secret
  const format = get(o, 'format')
  // `string` is the schema's default: kept only when it says more.
  if (typeof format === 'string' && FORMATS.has(format)) {
    if (format !== 'string') out.format = format as InputFacts['format']
  } else if (format != null) drop(`${at}.format: not string, number, boolean or filepath`)
  const def = line(get(o, 'default'), 200)
  if (def) out.default = def
  const placeholder = line(get(o, 'placeholder'), 200)
  if (placeholder) out.placeholder = placeholder
  const choices = get(o, 'choices')
  if (Array.isArray(choices)) {
    const kept = choices.slice(0, MAX_CHOICES).flatMap((c) => line(c, 100) ?? [])
    if (kept.length) out.choices = [...new Set(kept)]
  } else if (choices != null) drop(`${at}.choices: not an array`)
  return out
}

/** An input's `variables`: what each `{name}` in its value (or a remote's URL) stands for. */
function inputVariables(o: Obj, at: string, drop: Drop): Record<string, InputFacts> | undefined {
  const raw = get(o, 'variables')
  if (raw == null) return undefined
  if (!isObj(raw)) return drop(`${at}.variables: not an object`) ?? undefined
  const out: Record<string, InputFacts> = {}
  for (const name of Object.keys(raw).slice(0, MAX_VARIABLES)) {
    const v = raw[name]
    if (!VARIABLE_NAME.test(name) || !isObj(v)) {
      drop(`${at}.variables.${name.slice(0, 64)}: not a named input`)
      continue
    }
    out[name] = inputFacts(v, `${at}.variables.${name}`, drop)
  }
  return Object.keys(out).length ? out : undefined
}

// The registry's `packageArguments` / `runtimeArguments`: kept so configs and the sandbox pass what a server needs.
function normalizeArguments(raw: unknown, at: string, drop: Drop): ArgumentSpec[] {
  if (raw == null) return []
  if (!Array.isArray(raw)) return drop(`${at}: not an array`) ?? []
  const out: ArgumentSpec[] = []
  for (const [i, a] of raw.slice(0, 20).entries()) {
    const type = isObj(a) ? get(a, 'type') : undefined
    if (!isObj(a) || (type !== 'positional' && type !== 'named')) {
      drop(`${at}[${i}]: not a positional or named argument`)
      continue
    }
    const arg: ArgumentSpec = { type, ...inputFacts(a, `${at}[${i}]`, drop) }
    const name = get(a, 'name')
    if (typeof name === 'string' && FLAG.test(name)) arg.name = name
    else if (type === 'named') {
      drop(`${at}[${i}].name: missing or invalid`)
      continue
    }
    const hint = line(get(a, 'valueHint'), 60)
    if (hint) arg.valueHint = hint
    // A value is fixed by the entry; a default is what the user may keep or change (shared/src/install/arguments).
    const value = line(get(a, 'value'), 200)
    if (value) arg.value = value
    out.push(arg)
  }
  return out
}

// The official shape is `environmentVariables: [{ name, … }]`; loose sources use `env: { NAME: { description, required } }`.
function normalizeEnv(p: Obj, at: string, drop: Drop): EnvVarSpec[] {
  const raw = get(p, 'environmentVariables') ?? get(p, 'env')
  if (raw == null) return []
  let items: { name: unknown; spec: unknown }[]
  if (Array.isArray(raw)) items = raw.map((e) => ({ name: isObj(e) ? get(e, 'name') : undefined, spec: e }))
  else if (isObj(raw)) items = Object.keys(raw).map((k) => ({ name: k, spec: raw[k] }))
  else return drop(`${at}.environmentVariables: not an array or object`) ?? []

  const out: EnvVarSpec[] = []
  const seen = new Set<string>()
  for (const [i, { name, spec }] of items.entries()) {
    if (out.length >= IMPORT_LIMITS.envVars) {
      drop(`${at}.environmentVariables: more than ${IMPORT_LIMITS.envVars}; the rest ignored`)
      break
    }
    const n = token(name, ENV_NAME, IMPORT_LIMITS.name)
    if (!n) {
      drop(`${at}.environmentVariables[${i}]: missing or invalid name`)
      continue
    }
    if (seen.has(n)) continue
    seen.add(n)
    const where = `${at}.environmentVariables[${i}]`
    // `{ NAME: "what it is" }` is a loose shorthand for a description.
    const env: EnvVarSpec = isObj(spec) ? { name: n, ...inputFacts(spec, where, drop) } : { name: n }
    const d = isObj(spec) ? undefined : line(spec, IMPORT_LIMITS.text)
    if (d) env.description = d
    if (isObj(spec)) {
      const value = line(get(spec, 'value'), 500)
      if (value) env.value = value
      const variables = inputVariables(spec, where, drop)
      if (variables) env.variables = variables
    }
    out.push(env)
  }
  return out
}

export function normalizeRemote(r: unknown, at: string, drop: Drop): RemoteSpec | null {
  if (!isObj(r)) return drop(`${at}: not an object`)
  const type = transportType(get(r, 'type'))
  // Clients can connect to these two transports only; any other remote is unusable for install configs.
  if (!type || !REMOTE_TYPES.has(type)) return drop(`${at}: type is not streamable-http or sse`)
  const url = httpUrl(get(r, 'url'))
  if (!url) return drop(`${at}: url is not an absolute http(s) URL`)
  const headers = list(get(r, 'headers'), `${at}.headers`, IMPORT_LIMITS.headers, drop, (h, i) =>
    normalizeHeader(h, `${at}.headers[${i}]`, drop),
  )
  const variables = inputVariables(r, at, drop)
  return variables ? { type, url, headers, variables } : { type, url, headers }
}

function normalizeHeader(h: unknown, at: string, drop: Drop): HeaderSpec | null {
  if (!isObj(h)) return drop(`${at}: not an object`)
  const name = token(get(h, 'name'), HEADER_NAME, IMPORT_LIMITS.name)
  if (!name) return drop(`${at}: missing or invalid name`)
  const out: HeaderSpec = { name, ...inputFacts(h, at, drop) }
  const variables = inputVariables(h, at, drop)
  if (variables) out.variables = variables
  const v = get(h, 'value')
  if (v != null) {
    // A value is a template (`Bearer {api_key}`); a cut template would be wrong, so a long one is dropped.
    const value = typeof v === 'string' ? clean(v, false) : ''
    if (value && value.length <= IMPORT_LIMITS.text) out.value = value
    else drop(`${at}.value: not a string of 1–${IMPORT_LIMITS.text} characters`)
  }
  return out
}
