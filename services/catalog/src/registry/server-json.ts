/**
 * The server.json the registry read API serves for a version: pure functions, no I/O.
 *
 * What the publisher gave is served as given where it meets the server.json schema (2025-12-11); a part that does
 * not (a loose community entry's 300-character description, a package without `transport`, a name that is not a
 * registry name) is replaced by what the directory made of it, so every answer is a valid server.json.
 */
import type { Listing } from '@mcp-directory/shared/contracts'
import { OFFICIAL_META } from '../import/parse'

type Obj = Record<string, unknown>

/** A name of the official registry: a reverse-DNS namespace, one slash, the server's own part. */
export const REGISTRY_NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/
/** Served when neither the entry nor the listing has a version. */
export const UNVERSIONED = '0.0.0'

const DESCRIPTION_MAX = 100
const MAX_SERVED_BYTES = 64 * 1024
const VERSION_MAX = 255
const URL_TEMPLATE = /^https?:\/\/[^\s]+$/
const SHA256 = /^[a-f0-9]{64}$/
const ICON_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/svg+xml', 'image/webp'])
const ICON_SIZE = /^(\d+x\d+|any)$/
const INPUT_FORMATS = new Set(['string', 'number', 'boolean', 'filepath'])
// Top-level members of a server.json; the directory's own fields of a loose entry (category, source…) are not.
const SERVER_KEYS = [
  '$schema',
  'name',
  'title',
  'description',
  'version',
  'repository',
  'websiteUrl',
  'icons',
  'packages',
  'remotes',
  '_meta',
]

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const get = (o: Obj, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined)
const isStr = (v: unknown): v is string => typeof v === 'string'
const optStr = (o: Obj, k: string) => get(o, k) === undefined || isStr(get(o, k))
const optBool = (o: Obj, k: string) => get(o, k) === undefined || typeof get(o, k) === 'boolean'

/** An absolute URI with a scheme and no white space or control characters (JSON Schema `format: uri`). */
export function isUri(v: unknown): v is string {
  if (!isStr(v) || !/^[a-zA-Z][a-zA-Z0-9+.-]*:[^\s\u0000-\u001f"<>\\^`{|}]+$/.test(v)) return false
  return URL.canParse(v)
}

/**
 * The directory's reverse-DNS namespace, from the host of PUBLIC_BASE_URL (`mcp.example.com` → `com.example.mcp`):
 * its `_meta` key and the namespace of names it makes for listings whose own name is not a registry name.
 */
export function directoryNamespace(publicBaseUrl: string): string {
  const host = new URL(publicBaseUrl).hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '-')
  return host.split('.').filter(Boolean).reverse().join('.') || 'localhost'
}

/** The `_meta` key under which the directory's enrichment is served. */
export const enrichmentKey = (namespace: string) => `${namespace}/directory`

/** The name a listing is served under: its own when it is a registry name, else `<namespace>/<listing id>`. */
export function servedNameOf(listingName: string, listingId: string, namespace: string): string {
  const n = listingName.trim()
  return REGISTRY_NAME.test(n) && n.length >= 3 && n.length <= 200 ? n : `${namespace}/${listingId}`
}

/** The version a record is served as: its own, else the listing's, else UNVERSIONED. */
export function servedVersionOf(raw: unknown, listing: Pick<Listing, 'version'>): string {
  const v = isObj(raw) ? get(raw, 'version') : undefined
  if (isStr(v) && v.trim() && v.length <= VERSION_MAX) return v.trim()
  return listing.version?.trim() ? listing.version.trim().slice(0, VERSION_MAX) : UNVERSIONED
}

function cut(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim()
  if (t.length <= max) return t
  let c = t.slice(0, max - 1)
  if (/[\ud800-\udbff]$/.test(c)) c = c.slice(0, -1)
  return `${c.trimEnd()}…`
}

// ---------------------------------------------------------------------------------------------------------
// Schema checks of the parts taken as given

function validInput(i: unknown): boolean {
  if (!isObj(i)) return false
  if (!optStr(i, 'description') || !optStr(i, 'value') || !optStr(i, 'default') || !optStr(i, 'placeholder'))
    return false
  if (!optBool(i, 'isRequired') || !optBool(i, 'isSecret')) return false
  const f = get(i, 'format')
  if (f !== undefined && !(isStr(f) && INPUT_FORMATS.has(f))) return false
  const c = get(i, 'choices')
  return c === undefined || (Array.isArray(c) && c.every(isStr))
}

function validInputWithVariables(i: unknown): boolean {
  if (!validInput(i)) return false
  const vars = get(i as Obj, 'variables')
  return vars === undefined || (isObj(vars) && Object.values(vars).every(validInput))
}

const validKeyValue = (i: unknown) => validInputWithVariables(i) && isStr(get(i as Obj, 'name'))

function validArgument(a: unknown): boolean {
  if (!validInputWithVariables(a)) return false
  const o = a as Obj
  if (!optBool(o, 'isRepeated')) return false
  const type = get(o, 'type')
  if (type === 'positional')
    return optStr(o, 'valueHint') && (get(o, 'valueHint') !== undefined || get(o, 'value') !== undefined)
  if (type === 'named') return isStr(get(o, 'name'))
  return false
}

const validList = (v: unknown, each: (x: unknown) => boolean) => v === undefined || (Array.isArray(v) && v.every(each))

function validHttpTransport(t: Obj): boolean {
  const type = get(t, 'type')
  return (
    (type === 'streamable-http' || type === 'sse') &&
    isStr(get(t, 'url')) &&
    URL_TEMPLATE.test(get(t, 'url') as string) &&
    validList(get(t, 'headers'), validKeyValue)
  )
}

function validLocalTransport(t: unknown): boolean {
  if (!isObj(t)) return false
  return get(t, 'type') === 'stdio' || validHttpTransport(t)
}

function validRemote(r: unknown): boolean {
  if (!isObj(r) || !validHttpTransport(r)) return false
  const vars = get(r, 'variables')
  return vars === undefined || (isObj(vars) && Object.values(vars).every(validInput))
}

function validPackage(p: unknown): boolean {
  if (!isObj(p)) return false
  if (!isStr(get(p, 'registryType')) || !isStr(get(p, 'identifier')) || !validLocalTransport(get(p, 'transport')))
    return false
  const v = get(p, 'version')
  if (v !== undefined && !(isStr(v) && v.length >= 1 && v !== 'latest')) return false
  const sha = get(p, 'fileSha256')
  if (sha !== undefined && !(isStr(sha) && SHA256.test(sha))) return false
  const base = get(p, 'registryBaseUrl')
  if (base !== undefined && !isUri(base)) return false
  if (!optStr(p, 'runtimeHint')) return false
  return (
    validList(get(p, 'runtimeArguments'), validArgument) &&
    validList(get(p, 'packageArguments'), validArgument) &&
    validList(get(p, 'environmentVariables'), validKeyValue)
  )
}

function validIcon(i: unknown): boolean {
  if (!isObj(i)) return false
  const src = get(i, 'src')
  if (!isUri(src) || src.length > 255) return false
  const mime = get(i, 'mimeType')
  if (mime !== undefined && !(isStr(mime) && ICON_TYPES.has(mime))) return false
  const theme = get(i, 'theme')
  if (theme !== undefined && theme !== 'light' && theme !== 'dark') return false
  const sizes = get(i, 'sizes')
  return sizes === undefined || (Array.isArray(sizes) && sizes.every((s) => isStr(s) && ICON_SIZE.test(s)))
}

function validRepository(r: unknown): boolean {
  return isObj(r) && isUri(get(r, 'url')) && isStr(get(r, 'source')) && optStr(r, 'id') && optStr(r, 'subfolder')
}

// ---------------------------------------------------------------------------------------------------------
// What the directory made of an entry, in server.json form

const SOURCES: [RegExp, string][] = [
  [/^github\.com$/, 'github'],
  [/^gitlab\.com$/, 'gitlab'],
  [/^bitbucket\.org$/, 'bitbucket'],
]

function repositoryOf(url: string | null): Obj | undefined {
  if (!url || !isUri(url)) return undefined
  const host = new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  return { url, source: SOURCES.find(([re]) => re.test(host))?.[1] ?? host }
}

function packagesOf(l: Pick<Listing, 'packages'>): Obj[] {
  return l.packages.map((p) => {
    const t = p.transport
    const transport =
      t && (t.type === 'streamable-http' || t.type === 'sse') && t.url && URL_TEMPLATE.test(t.url)
        ? { type: t.type, url: t.url }
        : { type: 'stdio' }
    return {
      registryType: p.registryType,
      identifier: p.identifier,
      ...(p.version && p.version !== 'latest' ? { version: p.version } : {}),
      ...(p.runtimeHint ? { runtimeHint: p.runtimeHint } : {}),
      transport,
      ...(p.environmentVariables.length ? { environmentVariables: p.environmentVariables.map((e) => ({ ...e })) } : {}),
    }
  })
}

function remotesOf(l: Pick<Listing, 'remotes'>): Obj[] {
  return l.remotes
    .filter((r) => (r.type === 'streamable-http' || r.type === 'sse') && URL_TEMPLATE.test(r.url))
    .map((r) => ({
      type: r.type,
      url: r.url,
      ...(r.headers.length ? { headers: r.headers.map((h) => ({ ...h })) } : {}),
    }))
}

/** The listing fields a served server.json is built from. */
export type ServedListing = Pick<
  Listing,
  'id' | 'name' | 'title' | 'description' | 'version' | 'repositoryUrl' | 'url' | 'websiteUrl' | 'packages' | 'remotes'
>

/**
 * The server.json served for a record: the publisher's `raw` entry (null for a listing submitted to the directory)
 * part by part where the part is valid, else the listing's normalised data, under the served name and version.
 */
export function servedServerJson(raw: unknown, listing: ServedListing, namespace: string): Obj {
  const served = servedFrom(isObj(raw) ? raw : {}, listing, namespace)
  // An entry this large (a publisher's _meta, thousands of arguments) is not stored as given: what the directory
  // made of it stands in, so one upstream record cannot weigh on every page that lists it.
  if (JSON.stringify(served).length > MAX_SERVED_BYTES && isObj(raw)) return servedFrom({}, listing, namespace)
  return served
}

function servedFrom(src: Obj, listing: ServedListing, namespace: string): Obj {
  const out: Obj = {}
  for (const k of SERVER_KEYS) if (Object.hasOwn(src, k)) out[k] = src[k]

  const schema = get(src, '$schema')
  if (!isUri(schema)) delete out.$schema
  out.name = servedNameOf(isStr(get(src, 'name')) ? (get(src, 'name') as string) : listing.name, listing.id, namespace)
  const d = get(src, 'description')
  out.description = cut(isStr(d) && d.trim() ? d : listing.description || listing.name, DESCRIPTION_MAX) || listing.id
  const title = get(src, 'title')
  const t = isStr(title) && title.trim() ? title : listing.title
  if (t?.trim()) out.title = cut(t, DESCRIPTION_MAX)
  else delete out.title
  out.version = servedVersionOf(src, listing)
  if (!validRepository(get(src, 'repository'))) {
    const repo = repositoryOf(
      listing.repositoryUrl ??
        (listing.url && /github\.com|gitlab\.com|bitbucket\.org/i.test(listing.url) ? listing.url : null),
    )
    if (repo) out.repository = repo
    else delete out.repository
  }
  const site = get(src, 'websiteUrl')
  if (isUri(site)) out.websiteUrl = site
  else if (listing.websiteUrl && isUri(listing.websiteUrl)) out.websiteUrl = listing.websiteUrl
  else delete out.websiteUrl
  const icons = get(src, 'icons')
  if (Array.isArray(icons) && icons.some(validIcon)) out.icons = icons.filter(validIcon)
  else delete out.icons
  const packages = get(src, 'packages')
  const p = Array.isArray(packages) && packages.every(validPackage) ? packages : packagesOf(listing)
  if (p.length || Array.isArray(packages)) out.packages = p
  const remotes = get(src, 'remotes')
  const r = Array.isArray(remotes) && remotes.every(validRemote) ? remotes : remotesOf(listing)
  if (r.length || Array.isArray(remotes)) out.remotes = r
  // The publisher's own metadata stays; registry-managed metadata is the registry's to set, never the publisher's,
  // and the directory's namespace is the directory's (an entry's `<namespace>/directory` claiming `official` or
  // `verified` would be served beside the directory's own enrichment, under its name).
  const meta = get(src, '_meta')
  if (isObj(meta)) {
    const m: Obj = {}
    const ours = `${namespace.toLowerCase()}/`
    for (const [k, v] of Object.entries(meta)) if (k !== OFFICIAL_META && !k.toLowerCase().startsWith(ours)) m[k] = v
    const pp = get(m, 'io.modelcontextprotocol.registry/publisher-provided')
    if (pp !== undefined && !isObj(pp)) delete m['io.modelcontextprotocol.registry/publisher-provided']
    if (Object.keys(m).length) out._meta = m
    else delete out._meta
  } else delete out._meta
  return out
}
