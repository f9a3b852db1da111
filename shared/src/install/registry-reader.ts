/**
 * Reads what npm (NPM_REGISTRY_URL) and PyPI (PYPI_URL) say about one package, for install evidence
 * (shared/src/install/evidence.ts judges it): the server names it declares (npm `mcpName`, the PyPI description's
 * `mcp-name:` lines) and the repository addresses it gives (npm `repository`, PyPI `project_urls` and
 * `home_page`). One request per package, of one version's document (`/<name>/<version>` on npm,
 * `/<name>/<version>/json` on PyPI; the latest when no concrete version is declared), bounded in time and size.
 * Also npm's search (`/-/v1/search`), of which only each hit's name and repository link are kept: a registry
 * (or mirror) without it answers `unavailable`, which is not a failure of the registry.
 */
import type { PackageEvidence } from '@mcp-directory/shared/contracts'
import { isConcreteVersion } from './model'
import { settingsFromReadme } from './readme-settings'
import { readmeOfTarball } from './tarball-readme'

/** What the registry reader needs. */
export interface RegistryOptions {
  npmUrl: string
  pypiUrl: string
  timeoutMs: number
  /** fetch (the registries are the operator's configuration, not user-supplied addresses). */
  fetch?: typeof fetch
  userAgent: string
}

/** One read: the evidence (found or missing), or a failure that says why. */
export type RegistryRead = { status: 'read'; evidence: PackageEvidence } | { status: 'failed'; reason: string }

/** One hit of npm's search: the package's name and the repository it links to (null: none). */
export interface SearchHit {
  name: string
  repository: string | null
}

/** One search: its hits; unavailable when the registry has no search (a 404, as many mirrors answer); or a failure. */
export type SearchRead =
  | { status: 'read'; hits: SearchHit[] }
  | { status: 'unavailable'; reason: string }
  | { status: 'failed'; reason: string }

// A version document of npm is a few KB; a PyPI document carries the README (and, without a version, every
// release), so it may be larger. A bigger answer is a failure, not a truncated read.
const MAX_NPM_BYTES = 1_000_000
const MAX_PYPI_BYTES = 4_000_000
// Twenty search hits with their descriptions and scores are some tens of KB.
const MAX_SEARCH_BYTES = 1_000_000
// A version's tarball, read for its README's settings; a bigger one is skipped.
const MAX_TARBALL_BYTES = 5_000_000
const SEARCH_SIZE = 20
const MAX_VALUES = 10
const MAX_VALUE = 2048
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i
const PYPI_NAME = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i
// `mcp-name: io.github.owner/repo`, as the official registry asks PyPI publishers to write it (often in a comment).
const MCP_NAME_LINE = /mcp-name:\s*([A-Za-z0-9][A-Za-z0-9._-]*\/[A-Za-z0-9._-]+)/g

/** True when `url` is on the same origin as `base` (a tarball is read only from the registry that listed it). */
function sameOrigin(url: string, base: string): boolean {
  try {
    return new URL(url).origin === new URL(base).origin
  } catch {
    return false
  }
}

/** Reads a body of at most `max` bytes; more is an error. */
async function boundedBytes(res: Response, max: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => {})
    throw new Error(`answer of ${declared} bytes is over the limit of ${max}`)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength
    if (size > max) {
      await res.body?.cancel().catch(() => {})
      throw new Error(`answer is over the limit of ${max} bytes`)
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

/** Reads a JSON body of at most `max` bytes; more is an error. */
async function boundedJson(res: Response, max: number): Promise<unknown> {
  return JSON.parse(new TextDecoder().decode(await boundedBytes(res, max)))
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const value = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() && v.length <= MAX_VALUE ? v.trim() : null
const unique = (list: (string | null)[]): string[] =>
  [...new Set(list.filter((x): x is string => x !== null))].slice(0, MAX_VALUES)

/** The mcpName and repository of an npm version document. */
export function npmFacts(doc: unknown): Pick<PackageEvidence, 'mcpNames' | 'repositories' | 'version'> {
  if (!isObject(doc)) throw new Error('not a JSON object')
  const repo = doc.repository
  const repoUrl = isObject(repo) ? value(repo.url) : value(repo)
  return { version: value(doc.version), mcpNames: unique([value(doc.mcpName)]), repositories: unique([repoUrl]) }
}

/** The `mcp-name:` lines of a PyPI description and its project addresses. */
export function pypiFacts(
  doc: unknown,
): Pick<PackageEvidence, 'mcpNames' | 'repositories' | 'version' | 'readmeSettings'> {
  if (!isObject(doc) || !isObject(doc.info)) throw new Error('no "info" object')
  const info = doc.info
  const description = typeof info.description === 'string' ? info.description.slice(0, MAX_PYPI_BYTES) : ''
  const names = [...description.matchAll(MCP_NAME_LINE)].map((m) => m[1] ?? null)
  const urls = isObject(info.project_urls) ? Object.values(info.project_urls).map(value) : []
  // The description is the package's README: its own client config names the settings.
  const settings = typeof info.name === 'string' ? settingsFromReadme(description, info.name) : []
  return {
    version: value(info.version),
    mcpNames: unique(names),
    repositories: unique([...urls, value(info.home_page)]),
    ...(settings.length ? { readmeSettings: settings } : {}),
  }
}

/** One GET of a registry address, or the failure that says why it got no answer. */
async function registryGet(
  opts: RegistryOptions,
  url: string,
): Promise<Response | { status: 'failed'; reason: string }> {
  try {
    return await (opts.fetch ?? fetch)(url, {
      headers: { accept: 'application/json', 'user-agent': opts.userAgent },
      signal: AbortSignal.timeout(opts.timeoutMs),
      redirect: 'follow',
    })
  } catch (err) {
    return {
      status: 'failed',
      reason:
        err instanceof Error && err.name === 'TimeoutError'
          ? `no answer within ${opts.timeoutMs} ms`
          : `could not connect (${err instanceof Error ? err.message : String(err)})`,
    }
  }
}

/** The hits of an npm search answer (`objects[].package`): valid names only, at most SEARCH_SIZE. */
export function searchHits(doc: unknown): SearchHit[] {
  if (!isObject(doc) || !Array.isArray(doc.objects)) throw new Error('no "objects" array')
  const out: SearchHit[] = []
  for (const o of doc.objects.slice(0, SEARCH_SIZE)) {
    const p = isObject(o) && isObject(o.package) ? o.package : null
    const name = p ? value(p.name) : null
    if (!p || !name || !NPM_NAME.test(name)) continue
    out.push({ name, repository: isObject(p.links) ? value(p.links.repository) : null })
  }
  return out
}

/**
 * The settings an npm package's README sets in its own client config: one more read, of the version's tarball
 * (a document carries no README on every registry), only from the registry itself, bounded. Null when the tarball
 * was not read (none given, another origin, a failure): only a README read says the package sets nothing.
 */
async function npmReadmeSettings(
  get: (url: string) => ReturnType<typeof registryGet>,
  npmBase: string,
  identifier: string,
  doc: unknown,
): Promise<ReturnType<typeof settingsFromReadme> | null> {
  const dist = isObject(doc) && isObject(doc.dist) ? doc.dist : null
  const tarball = dist ? value(dist.tarball) : null
  if (!tarball || !sameOrigin(tarball, npmBase)) return null
  const res = await get(tarball)
  if (!(res instanceof Response)) return null
  if (res.status !== 200) {
    await res.body?.cancel().catch(() => {})
    return null
  }
  try {
    const readme = readmeOfTarball(await boundedBytes(res, MAX_TARBALL_BYTES))
    return readme ? settingsFromReadme(readme, identifier) : []
  } catch {
    return null
  }
}

/** A reader of package registry entries. */
export function registryReader(opts: RegistryOptions) {
  const get = (url: string) => registryGet(opts, url)
  const npmBase = opts.npmUrl.replace(/\/+$/, '')
  const pypiBase = opts.pypiUrl.replace(/\/+$/, '')

  /** npm's search for `text`: each hit's name and repository link (bounded like a package read). */
  async function search(text: string): Promise<SearchRead> {
    const url = `${npmBase}/-/v1/search?text=${encodeURIComponent(text.slice(0, 200))}&size=${SEARCH_SIZE}`
    const res = await get(url)
    if (!(res instanceof Response)) return res
    if (res.status === 404 || res.status === 405 || res.status === 501) {
      await res.body?.cancel().catch(() => {})
      return { status: 'unavailable', reason: `HTTP ${res.status}` }
    }
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {})
      return { status: 'failed', reason: `HTTP ${res.status}` }
    }
    try {
      return { status: 'read', hits: searchHits(await boundedJson(res, MAX_SEARCH_BYTES)) }
    } catch (err) {
      return { status: 'failed', reason: `unreadable answer (${err instanceof Error ? err.message : String(err)})` }
    }
  }

  async function read(
    registryType: PackageEvidence['registryType'],
    identifier: string,
    declared: string | null | undefined,
    at: Date,
    /** npm: also read the package's README for the settings its config sets (its entry declares none). */
    withReadme = false,
    /** The evidence read before: a version whose README was read is not read again (once per version). */
    known?: PackageEvidence | null,
  ): Promise<RegistryRead> {
    const version = isConcreteVersion(declared) ? declared : null
    let entryUrl: string
    if (registryType === 'npm') {
      if (!NPM_NAME.test(identifier)) return { status: 'failed', reason: 'not an npm package name' }
      // A scoped name keeps its "@" and encodes its "/", as the npm registry expects.
      entryUrl = `${npmBase}/${identifier.replace('/', '%2F')}/${version ? encodeURIComponent(version) : 'latest'}`
    } else {
      if (!PYPI_NAME.test(identifier)) return { status: 'failed', reason: 'not a PyPI project name' }
      entryUrl = version
        ? `${pypiBase}/${identifier}/${encodeURIComponent(version)}/json`
        : `${pypiBase}/${identifier}/json`
    }
    const base = { registryType, identifier, entryUrl, checkedAt: at.toISOString() }
    const res = await get(entryUrl)
    if (!(res instanceof Response)) return res
    if (res.status === 404 || res.status === 410) {
      await res.body?.cancel().catch(() => {})
      return { status: 'read', evidence: { ...base, version, outcome: 'missing', mcpNames: [], repositories: [] } }
    }
    if (res.status !== 200) {
      await res.body?.cancel().catch(() => {})
      return { status: 'failed', reason: `HTTP ${res.status}` }
    }
    try {
      const doc = await boundedJson(res, registryType === 'npm' ? MAX_NPM_BYTES : MAX_PYPI_BYTES)
      const facts = registryType === 'npm' ? npmFacts(doc) : pypiFacts(doc)
      const found = { ...base, ...facts, version: version ?? facts.version, outcome: 'found' as const }
      if (registryType !== 'npm' || !withReadme) return { status: 'read', evidence: found }
      const settings =
        known?.readmeSettings && known.version === found.version
          ? known.readmeSettings
          : await npmReadmeSettings(get, npmBase, identifier, doc)
      return { status: 'read', evidence: settings ? { ...found, readmeSettings: settings } : found }
    } catch (err) {
      return { status: 'failed', reason: `unreadable answer (${err instanceof Error ? err.message : String(err)})` }
    }
  }

  return {
    /** The host the registry of a type is on (the key of the per-host limit). */
    hostOf: (registryType: PackageEvidence['registryType']) =>
      new URL(registryType === 'npm' ? npmBase : pypiBase).host.toLowerCase(),
    read,
    search,
  }
}

/** The registry reader as built. */
export type RegistryReader = ReturnType<typeof registryReader>
