/**
 * Reading the official MCP registry's list format (contract §4) into listings: pure functions, no I/O.
 *
 * Ids: a listing's id is a slug made once, when the importer first creates it (`uniqueSlug(slugFor(…))`).
 * On a re-import the importer matches entries to stored listings by `name` and keeps the stored id, so ids
 * (and the URLs built from them) never change, even when a later entry would now produce another slug.
 */
import type { EnvVarSpec, HeaderSpec, Listing, PackageSpec, RemoteSpec } from '@mcp-directory/shared/contracts'

/** One element of an import document after unwrapping, before validation (any JSON value). */
export type RawEntry = unknown

/** An entry the importer did not use: its position in the document, its name when it had one, and why. */
export interface ImportSkip {
  index: number
  name: string | null
  reason: string
}

/** The fields of a listing the importer owns; everything else (status, votes, checks…) belongs to the directory. */
export type ImportedListing = Pick<
  Listing,
  | 'name'
  | 'title'
  | 'description'
  | 'url'
  | 'repositoryUrl'
  | 'websiteUrl'
  | 'version'
  | 'tags'
  | 'packages'
  | 'remotes'
  | 'source'
> & {
  /** The entry's own category label (e.g. a ToolSDK category), mapped onto the taxonomy by the importer. */
  rawCategory: string | null
  /** `repository.subfolder`: the folder of a monorepo that holds the server (absent, not null, when not given). */
  repositorySubfolder?: string
}

/** Result of normalising one entry: a complete listing (with what was dropped from it) or a skip. */
export type NormalizeResult =
  | { ok: true; listing: ImportedListing; dropped: string[] }
  | { ok: false; skip: ImportSkip }

/** Result of reading a document: the entries to normalise, their positions in the document, and records set aside. */
export interface ParsedDocument {
  entries: RawEntry[]
  /** Document position of each element of `entries` (they differ once superseded records are set aside). */
  positions: number[]
  errors: ImportSkip[]
}

/** The document is not in the import format at all (as opposed to one bad entry, which is skipped). */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError'
}

/** Length and count bounds applied while normalising; longer text is truncated or dropped as documented per field. */
export const IMPORT_LIMITS = {
  documentEntries: 50_000,
  name: 200,
  title: 200,
  description: 4_000,
  version: 100,
  url: 2_048,
  tag: 50,
  tags: 20,
  category: 100,
  source: 50,
  identifier: 300,
  token: 50,
  packages: 50,
  remotes: 50,
  envVars: 100,
  headers: 50,
  text: 1_000,
} as const

/** The characters a slug may use: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Longest slug `slugFor` and `uniqueSlug` return. */
export const SLUG_MAX = 64

const OFFICIAL_META = 'io.modelcontextprotocol.registry/official'

type Obj = Record<string, unknown>

// Records what was left out of an entry; returns null so `return drop('…')` both notes and discards.
type Drop = (what: string) => null

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

// Own properties only: an uploaded `{ "constructor": … }` or a missing key must never read Object.prototype.
function get(o: Obj, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined
}

function kindOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  const t = typeof v
  return `${/^[aeiou]/.test(t) ? 'an' : 'a'} ${t}`
}

// ---------------------------------------------------------------------------------------------------------
// Document

/**
 * Reads an import document: a JSON array of server.json objects, or `{ servers: [...] }` whose elements are
 * server.json objects or `{ server, _meta }` records as the registry API returns them. Throws ImportFormatError
 * for anything else. Where several records share a name (the API lists every version), the one the registry
 * marks `isLatest` (else the newest `publishedAt`) is kept and the others are reported in `errors`.
 */
export function parseRegistryDocument(doc: unknown): ParsedDocument {
  let list: unknown[]
  if (Array.isArray(doc)) list = doc
  else if (isObj(doc) && Array.isArray(get(doc, 'servers'))) list = get(doc, 'servers') as unknown[]
  else if (isObj(doc))
    throw new ImportFormatError(
      'expected a JSON array of server.json objects or an object with a "servers" array; the object has no "servers" array',
    )
  else
    throw new ImportFormatError(
      `expected a JSON array of server.json objects or an object with a "servers" array, got ${kindOf(doc)}`,
    )
  if (list.length > IMPORT_LIMITS.documentEntries) {
    throw new ImportFormatError(
      `the document has ${list.length} entries; at most ${IMPORT_LIMITS.documentEntries} are accepted in one import`,
    )
  }

  const unwrapped = list.map((el) => unwrap(el))
  const errors: ImportSkip[] = []
  const setAside = new Set<number>()
  for (const [i, u] of unwrapped.entries()) {
    if (u.meta && get(u.meta, 'status') === 'deleted') {
      setAside.add(i)
      errors.push({ index: i, name: nameOf(u.value), reason: 'marked deleted in the registry' })
    }
  }
  for (const [name, idxs] of groupByName(unwrapped, setAside)) {
    const keep = pickLatest(idxs.map((i) => ({ i, meta: unwrapped[i].meta })))
    if (keep === null) continue // no version information: leave them all; the importer reports later duplicates
    for (const i of idxs) {
      if (i === keep) continue
      setAside.add(i)
      const v = isObj(unwrapped[keep].value) ? get(unwrapped[keep].value as Obj, 'version') : undefined
      errors.push({
        index: i,
        name,
        reason: `superseded by ${typeof v === 'string' ? `version ${v}` : 'a newer record'} of the same name in this document`,
      })
    }
  }

  const entries: RawEntry[] = []
  const positions: number[] = []
  unwrapped.forEach((u, i) => {
    if (setAside.has(i)) return
    entries.push(u.value)
    positions.push(i)
  })
  errors.sort((a, b) => a.index - b.index)
  return { entries, positions, errors }
}

function unwrap(el: unknown): { value: unknown; meta: Obj | null } {
  // A registry API record is { server, _meta }; a bare server.json has its own `name`.
  if (isObj(el) && Object.hasOwn(el, 'server') && !Object.hasOwn(el, 'name')) {
    const m = get(el, '_meta')
    const official = isObj(m) ? get(m, OFFICIAL_META) : undefined
    return { value: get(el, 'server'), meta: isObj(official) ? official : null }
  }
  return { value: el, meta: null }
}

function nameOf(v: unknown): string | null {
  const n = isObj(v) ? get(v, 'name') : undefined
  return typeof n === 'string' && n.trim() ? n.trim() : null
}

function groupByName(items: { value: unknown }[], exclude: Set<number>): Map<string, number[]> {
  const groups = new Map<string, number[]>()
  items.forEach((u, i) => {
    const n = exclude.has(i) ? null : nameOf(u.value)
    if (n === null) return
    const g = groups.get(n)
    if (g) g.push(i)
    else groups.set(n, [i])
  })
  for (const [n, g] of groups) if (g.length < 2) groups.delete(n)
  return groups
}

function pickLatest(records: { i: number; meta: Obj | null }[]): number | null {
  const latest = records.find((r) => r.meta && get(r.meta, 'isLatest') === true)
  if (latest) return latest.i
  let best: { i: number; t: number } | null = null
  for (const r of records) {
    const p = r.meta ? get(r.meta, 'publishedAt') : undefined
    const t = typeof p === 'string' ? Date.parse(p) : NaN
    if (Number.isNaN(t)) return null // cannot order them all: do not guess
    if (!best || t > best.t) best = { i: r.i, t }
  }
  return best ? best.i : null
}

// ---------------------------------------------------------------------------------------------------------
// Text and URL helpers

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g
const ANY_CONTROL = /[\u0000-\u001f\u007f]/

// Lone surrogates cannot be stored as UTF-8 (Postgres rejects them); NUL and other controls break rendering.
function clean(s: string, multiline: boolean): string {
  const t = s.toWellFormed().replace(/\r\n?/g, '\n').replace(CONTROL, '')
  return (multiline ? t.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n') : t.replace(/\s+/g, ' ')).trim()
}

// Cuts at a word boundary when one is near, never inside a surrogate pair, and marks the cut with an ellipsis.
function truncate(s: string, max: number): string {
  if (s.length <= max) return s
  let cut = s.slice(0, max - 1)
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1)
  const space = cut.search(/\s\S*$/)
  if (space > max * 0.8) cut = cut.slice(0, space)
  return `${cut.trimEnd()}…`
}

/** Single-line text, trimmed; empty or non-string → null; longer than `max` → truncated. */
function line(v: unknown, max: number): string | null {
  if (typeof v !== 'string') return null
  const t = clean(v, false)
  return t ? truncate(t, max) : null
}

/** A short machine token (registry type, runtime hint…): dropped rather than truncated when malformed. */
function token(v: unknown, pattern: RegExp, max: number = IMPORT_LIMITS.token): string | null {
  if (typeof v !== 'string') return null
  const t = v.trim()
  return t.length > 0 && t.length <= max && pattern.test(t) ? t : null
}

/** An absolute http(s) URL without credentials, kept as written (trimmed); anything else → null. */
export function httpUrl(v: unknown): string | null {
  if (typeof v !== 'string') return null
  const s = v.trim()
  if (!s || s.length > IMPORT_LIMITS.url || /[\s\u0000-\u001f\u007f]/.test(s) || !/^https?:\/\//i.test(s)) return null
  let u: URL
  try {
    u = new URL(s)
  } catch {
    return null
  }
  // Credentials in a published URL are a leaked secret, not an address.
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password) return null
  return s
}

// ---------------------------------------------------------------------------------------------------------
// Entry

// Names and values that end up in generated shell snippets and config files are held to safe characters,
// so a hostile entry cannot smuggle `;`, `$(…)` or quotes into a command a user pastes.
const REGISTRY_TYPE = /^[a-z0-9][a-z0-9._-]*$/
const IDENTIFIER = /^[A-Za-z0-9@][A-Za-z0-9@/._:+~=-]*$/
const PACKAGE_VERSION = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/
const RUNTIME_HINT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/
const HEADER_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/
const SOURCE = /^[A-Za-z0-9][A-Za-z0-9._-]*$/
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

/**
 * Normalises one entry into the fields the importer owns, or says why it cannot be used. Never throws.
 * Fatal: not an object; `name` missing, not a string, empty, over 200 characters or with control characters;
 * `description` present but not a string. Everything else that is malformed is dropped and listed in `dropped`.
 */
export function normalizeEntry(raw: unknown, index: number): NormalizeResult {
  try {
    return normalizeUnsafe(raw, index)
  } catch (e) {
    // Only reachable through exotic inputs (throwing getters, proxies); an upload must never crash the import.
    return {
      ok: false,
      skip: { index, name: null, reason: `entry could not be read: ${e instanceof Error ? e.message : String(e)}` },
    }
  }
}

function normalizeUnsafe(raw: unknown, index: number): NormalizeResult {
  const skip = (reason: string, name: string | null = null): NormalizeResult => ({
    ok: false,
    skip: { index, name, reason },
  })
  if (!isObj(raw)) return skip(`entry is not an object (got ${kindOf(raw)})`)

  const rawName = get(raw, 'name')
  if (rawName === undefined || rawName === null) return skip('missing name')
  if (typeof rawName !== 'string') return skip(`name is not a string (got ${kindOf(rawName)})`)
  const name = rawName.trim()
  if (!name) return skip('name is empty')
  const shown = truncate(name.toWellFormed().replace(/[\u0000-\u001f\u007f]/g, '?'), IMPORT_LIMITS.name)
  // The name is the listing's identity across imports, so it is rejected rather than repaired.
  if (name.length > IMPORT_LIMITS.name) return skip(`name is longer than ${IMPORT_LIMITS.name} characters`, shown)
  if (ANY_CONTROL.test(name) || !name.isWellFormed())
    return skip('name contains control characters or invalid Unicode', shown)

  const rawDescription = get(raw, 'description')
  if (rawDescription !== undefined && rawDescription !== null && typeof rawDescription !== 'string') {
    return skip(`description is not a string (got ${kindOf(rawDescription)})`, name)
  }
  // A missing description is allowed (loose entries are imported with what they have); a long one is cut.
  const description =
    typeof rawDescription === 'string' ? truncate(clean(rawDescription, true), IMPORT_LIMITS.description) : ''

  const dropped: string[] = []
  const drop: Drop = (what) => {
    dropped.push(what)
    return null
  }

  const title = line(get(raw, 'title'), IMPORT_LIMITS.title)
  if (get(raw, 'title') != null && title === null) drop('title: not a non-empty string')

  let version: string | null = null
  const rawVersion = get(raw, 'version')
  if (rawVersion != null) {
    const v = line(rawVersion, Number.MAX_SAFE_INTEGER)
    if (v && v.length <= IMPORT_LIMITS.version) version = v
    else drop(`version: not a string of 1–${IMPORT_LIMITS.version} characters`)
  }

  const optionalUrl = (field: string, v: unknown): string | null => {
    if (v == null) return null
    const u = httpUrl(v)
    if (!u) drop(`${field}: not an absolute http(s) URL`)
    return u
  }
  const repo = get(raw, 'repository')
  // Loose sources sometimes give the repository as a bare URL string.
  const repositoryUrl = optionalUrl('repository.url', isObj(repo) ? get(repo, 'url') : repo)
  const rawSubfolder = isObj(repo) ? get(repo, 'subfolder') : undefined
  let repositorySubfolder: string | undefined
  if (rawSubfolder != null) {
    const sub = typeof rawSubfolder === 'string' ? clean(rawSubfolder, false) : ''
    if (sub && sub.length <= IMPORT_LIMITS.identifier) repositorySubfolder = sub
    else drop(`repository.subfolder: not a string of 1–${IMPORT_LIMITS.identifier} characters`)
  }
  const websiteUrl = optionalUrl('websiteUrl', get(raw, 'websiteUrl'))
  const entryUrl = optionalUrl('url', get(raw, 'url'))

  const packages = list(get(raw, 'packages'), 'packages', IMPORT_LIMITS.packages, drop, (p, i) =>
    normalizePackage(p, `packages[${i}]`, drop),
  )
  const remotes = list(get(raw, 'remotes'), 'remotes', IMPORT_LIMITS.remotes, drop, (r, i) =>
    normalizeRemote(r, `remotes[${i}]`, drop),
  )

  const rawCategory = line(get(raw, 'category'), IMPORT_LIMITS.category)
  if (get(raw, 'category') != null && rawCategory === null) drop('category: not a non-empty string')
  const tags = normalizeTags(get(raw, 'tags'), drop)
  const source = token(get(raw, 'source'), SOURCE, IMPORT_LIMITS.source) ?? 'import'

  const listing: ImportedListing = {
    name,
    title,
    description,
    url: repositoryUrl ?? websiteUrl ?? entryUrl ?? null,
    repositoryUrl,
    websiteUrl,
    version,
    tags,
    packages,
    remotes,
    rawCategory,
    source,
  }
  // Only when given, so the content hash of an entry without one is the hash it had before subfolders were read.
  if (repositorySubfolder) listing.repositorySubfolder = repositorySubfolder
  return { ok: true, listing, dropped }
}

function list<T>(v: unknown, field: string, max: number, drop: Drop, each: (x: unknown, i: number) => T | null): T[] {
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

function normalizePackage(p: unknown, at: string, drop: Drop): PackageSpec | null {
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
    const env: EnvVarSpec = { name: n }
    // `{ NAME: "what it is" }` is a loose shorthand for a description.
    const d = isObj(spec) ? line(get(spec, 'description'), IMPORT_LIMITS.text) : line(spec, IMPORT_LIMITS.text)
    if (d) env.description = d
    const required = isObj(spec) ? (bool(get(spec, 'isRequired')) ?? bool(get(spec, 'required'))) : undefined
    if (required !== undefined) env.isRequired = required
    const secret = isObj(spec) ? (bool(get(spec, 'isSecret')) ?? bool(get(spec, 'secret'))) : undefined
    if (secret !== undefined) env.isSecret = secret
    out.push(env)
  }
  return out
}

function normalizeRemote(r: unknown, at: string, drop: Drop): RemoteSpec | null {
  if (!isObj(r)) return drop(`${at}: not an object`)
  const type = transportType(get(r, 'type'))
  // Clients can connect to these two transports only; any other remote is unusable for install configs.
  if (!type || !REMOTE_TYPES.has(type)) return drop(`${at}: type is not streamable-http or sse`)
  const url = httpUrl(get(r, 'url'))
  if (!url) return drop(`${at}: url is not an absolute http(s) URL`)
  const headers = list(get(r, 'headers'), `${at}.headers`, IMPORT_LIMITS.headers, drop, (h, i) =>
    normalizeHeader(h, `${at}.headers[${i}]`, drop),
  )
  return { type, url, headers }
}

function normalizeHeader(h: unknown, at: string, drop: Drop): HeaderSpec | null {
  if (!isObj(h)) return drop(`${at}: not an object`)
  const name = token(get(h, 'name'), HEADER_NAME, IMPORT_LIMITS.name)
  if (!name) return drop(`${at}: missing or invalid name`)
  const out: HeaderSpec = { name }
  const d = line(get(h, 'description'), IMPORT_LIMITS.text)
  if (d) out.description = d
  const required = bool(get(h, 'isRequired'))
  if (required !== undefined) out.isRequired = required
  const secret = bool(get(h, 'isSecret'))
  if (secret !== undefined) out.isSecret = secret
  const v = get(h, 'value')
  if (v != null) {
    // A value is a template (`Bearer {api_key}`); a cut template would be wrong, so a long one is dropped.
    const value = typeof v === 'string' ? clean(v, false) : ''
    if (value && value.length <= IMPORT_LIMITS.text) out.value = value
    else drop(`${at}.value: not a string of 1–${IMPORT_LIMITS.text} characters`)
  }
  return out
}

function normalizeTags(v: unknown, drop: Drop): string[] {
  if (v == null) return []
  if (!Array.isArray(v)) return drop('tags: not an array') ?? []
  const out: string[] = []
  const seen = new Set<string>()
  for (const t of v) {
    const tag = typeof t === 'string' ? clean(t, false) : ''
    if (!tag || tag.length > IMPORT_LIMITS.tag) {
      drop(
        `tags: ${JSON.stringify(typeof t === 'string' ? truncate(t, 40) : kindOf(t))} is not a tag of 1–${IMPORT_LIMITS.tag} characters`,
      )
      continue
    }
    const key = tag.toLowerCase()
    if (seen.has(key)) continue
    if (out.length >= IMPORT_LIMITS.tags) {
      drop(`tags: more than ${IMPORT_LIMITS.tags}; the rest ignored`)
      break
    }
    seen.add(key)
    out.push(tag)
  }
  return out
}

// ---------------------------------------------------------------------------------------------------------
// Hash

// Sorted keys and no undefined members, so the same content always serialises to the same bytes.
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical)
  if (isObj(v)) {
    const out: Obj = {}
    for (const k of Object.keys(v).sort()) if (v[k] !== undefined) out[k] = canonical(v[k])
    return out
  }
  return v
}

/** SHA-256 hex of the listing's canonical JSON: equal for equal content, so a re-import can tell unchanged entries. */
export function contentHash(l: ImportedListing): string {
  return new Bun.CryptoHasher('sha256').update(JSON.stringify(canonical(l))).digest('hex')
}

// ---------------------------------------------------------------------------------------------------------
// Slugs

// Labels of a reverse-DNS namespace that say where something is hosted, not whose it is.
const GENERIC_LABELS = new Set([
  'io',
  'com',
  'ai',
  'dev',
  'net',
  'org',
  'app',
  'co',
  'cloud',
  'tech',
  'sh',
  'so',
  'me',
  'xyz',
  'run',
  'gg',
  'us',
  'uk',
  'de',
  'fr',
  'jp',
  'cn',
  'in',
  'info',
  'biz',
  'site',
  'tools',
  'page',
  'live',
  'www',
])
const HOSTING_LABELS = new Set(['github', 'gitlab', 'bitbucket', 'githubusercontent', 'npm', 'pypi'])
// A name's own part made only of these words says nothing about the server (`com.stripe/mcp`).
const BOILERPLATE = new Set([
  'mcp',
  'server',
  'servers',
  'remote',
  'sse',
  'http',
  'official',
  'modelcontextprotocol',
  'model',
  'context',
  'protocol',
])

/** Lower-case ASCII words joined by hyphens (accents folded, apostrophes dropped); may be empty. */
export function slugify(text: string): string {
  return text
    .toWellFormed()
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

// Shortens at a hyphen when one is in the second half, so words are not cut in two.
function fit(slug: string, max: number): string {
  if (slug.length <= max) return slug
  let cut = slug.slice(0, max)
  const dash = cut.lastIndexOf('-')
  if (dash >= max / 2) cut = cut.slice(0, dash)
  return cut.replace(/-+$/, '')
}

/** Splits a name into its namespace labels (publisher) and its own part: `io.github.x/y`, `@scope/pkg`, `pkg`. */
function splitForSlug(name: string): { labels: string[]; own: string } {
  const n = name.trim()
  const slash = n.indexOf('/')
  if (slash < 0) return { labels: [], own: n.replace(/^@+/, '') }
  const head = n.slice(0, slash)
  const own = n.slice(slash + 1)
  // An npm scope is one label (`@toolsdk.ai` is a scope, not a domain); a registry namespace is reverse-DNS.
  if (head.startsWith('@')) return { labels: [head.slice(1)], own }
  return { labels: head.split('.'), own }
}

/** The namespace labels that name a publisher, most specific first (`io.github.owner` → [owner]). */
function publisherLabels(name: string): string[] {
  const { labels } = splitForSlug(name)
  const slugs = labels.map(slugify).filter(Boolean)
  const meaningful = slugs.filter((l) => !GENERIC_LABELS.has(l) && !HOSTING_LABELS.has(l) && !BOILERPLATE.has(l))
  const chosen = meaningful.length ? meaningful : slugs.filter((l) => !GENERIC_LABELS.has(l))
  return chosen.reverse()
}

function shortHash(s: string): string {
  return new Bun.CryptoHasher('sha256').update(s).digest('hex').slice(0, 8)
}

/**
 * A readable, URL-safe slug for a listing from the meaningful part of its name: the namespace is dropped
 * (`io.github.owner/postgres-mcp-server` → `postgres-mcp-server`) unless the rest is only boilerplate
 * (`com.stripe/mcp` → `stripe-mcp`); falls back to the title, then to a hash of the name. Always matches SLUG_PATTERN.
 */
export function slugFor(name: string, title?: string | null): string {
  const { own } = splitForSlug(name)
  let s = slugify(own)
  const publisher = publisherLabels(name)[0]
  if (s?.split('-').every((w) => BOILERPLATE.has(w)) && publisher && !s.split('-').includes(publisher))
    s = `${publisher}-${s}`
  if (!s && title) s = slugify(title)
  if (!s && publisher) s = publisher
  if (!s) s = `server-${shortHash(name)}`
  return fit(s, SLUG_MAX)
}

function withSuffix(base: string, suffix: string): string {
  const sfx = fit(suffix, 24)
  return `${fit(base, SLUG_MAX - sfx.length - 1)}-${sfx}`
}

/**
 * `base` if free, else `base` plus the name's publisher (`postgres-waystation` for `ai.waystation/postgres`),
 * else `base-2`, `base-3`…; `taken` says whether a slug is in use. Pass `name` to enable the publisher step.
 */
export function uniqueSlug(base: string, taken: (s: string) => boolean, name?: string): string {
  const b = SLUG_PATTERN.test(base) && base.length <= SLUG_MAX ? base : slugFor(base)
  if (!taken(b)) return b
  const publisher = name ? publisherLabels(name)[0] : undefined
  const words = new Set(b.split('-'))
  // `stripe-mcp-stripe` would add nothing, so a publisher already in the slug goes straight to numbers.
  if (publisher && !publisher.split('-').every((w) => words.has(w))) {
    const c = withSuffix(b, publisher)
    if (!taken(c)) return c
  }
  for (let n = 2; n < 1_000_000; n++) {
    const c = withSuffix(b, String(n))
    if (!taken(c)) return c
  }
  throw new Error(`no free slug for ${b}`)
}
