// Over 300 lines: one decision (which install model a listing gets, in preference order), read top to bottom;
// the repository guess (step 4) is in repository-guess.ts.
/**
 * Derives the one install model of a listing (`InstallModel`), from which every client config is
 * generated, and the short key the server gets under `mcpServers`.
 *
 * Preference order (first match wins):
 *  1. A local package of the registry entry that a client can spawn over stdio (transport `stdio` or
 *     not given): packages with evidence that they belong to the listing first, then npm (npx) > PyPI
 *     (uvx) > OCI (docker) > NuGet (dnx), ties in listed order. Local first because every client speaks
 *     stdio natively (Claude Desktop speaks nothing else), and the package entry names the environment
 *     variables the server needs, so the config is complete; a hosted endpoint often needs an OAuth sign-in
 *     or headers, and needs a bridge in some clients. npx and uvx come before docker and dnx because they
 *     need only a language runtime.
 *  2. A hosted endpoint (`remotes[]`): streamable-http before sse (SSE is deprecated in the MCP spec),
 *     ties in listed order; confidence `high` (the endpoint is the registry entry's own declaration). A remote
 *     whose name was seen resolving to a private address, or not resolving, or that no probe resolved yet although
 *     the listing was probed, is never used (withheld.ts).
 *  3. When the entry declares no packages and no remotes: the install the prober found in the repository
 *     README (`inferredInstall`). Its own client config is used as given; a package it only names (a
 *     mention, a guess) is used only when the package's registry entry links it to the listing.
 *  3b. When the README gave none: a package the prober found in npm or PyPI for the listing's repository
 *     (shared/src/install/lookup.ts), used only when its registry entry links it to the listing (basis
 *     `registry-link`, confidence `high`, npm before PyPI). A package found whose entry does not link back is never
 *     used, not even as a guess: found by a name alone it may be anyone's, and running it would run another
 *     author's code under this listing's name; its entry stays in the evidence, the listing falls through to 4.
 *  4. Otherwise a guess that runs the listing's own repository, as the prober read it (`repositoryRun`):
 *     `npx -y github:owner/repo`, or `uvx --from git+https://github.com/owner/repo <script>`. A guess never
 *     names a registry package the listing does not own, so the listing's name is never taken for one.
 *  5. Nothing (null): the Markdown says that nothing can be guessed safely. An entry that declares only
 *     packages no client can spawn (MCPB bundles, packages that serve HTTP on localhost) gets no model
 *     either: its own declaration says how it is run, and a guess would contradict it.
 *
 * Confidence of a package (1, 3 and 3b): `high` only with evidence that it belongs to the listing
 * (shared/src/install/evidence.ts: its registry metadata names the listing or links back to its repository).
 * Without it `low`, with a `note` that says what is missing; a declared package that the prober has not read
 * yet is `low` with the note "not yet checked". A declared package (registry entry, README config) keeps its
 * client configs at `low`: it is not a guess. Guesses (a README mention, the repository) get none.
 */
import type {
  EnvVarSpec,
  HeaderSpec,
  InstallBasis,
  InstallModel,
  Listing,
  PackageSpec,
  RemoteSpec,
} from '../contracts/listing'
import { cleanText } from '../text'
import { argumentTokens, type Runner, runtimeTokens } from './arguments'
import { varName } from './config-parts'
import { evidenceFor, judgeEvidence } from './evidence'
import { withReadmeSettings } from './readme-settings'
import { repositoryGuess } from './repository-guess'
import { withheldRemotes } from './withheld'

/** The listing fields an install model is derived from. */
export type InstallSource = Pick<Listing, 'name' | 'packages' | 'remotes' | 'repositoryUrl' | 'url' | 'source'> &
  Partial<Pick<Listing, 'inferredInstall' | 'installEvidence' | 'repositoryRun' | 'remoteAddresses'>>

type LocalModel = Extract<InstallModel, { kind: 'local' }>
type RemoteModel = Extract<InstallModel, { kind: 'remote' }>

// Identifiers end up as arguments of a command the user runs, so each must look exactly like a name
// of its registry; in particular none may start with "-" and be taken for an option of npx/uvx/docker.
const NPM_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i
const PYPI_NAME = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?$/i
const NUGET_ID = /^[a-z0-9_][a-z0-9._-]*$/i
// registry[:port]/path[:tag][@digest], lower-case path components as Docker requires.
const OCI_REF =
  /^[a-z0-9][a-z0-9.-]*(?::\d+)?(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/
// A concrete release: digits with dots and an optional pre-release/build suffix, never a range or tag.
const CONCRETE_VERSION = /^\d+(?:\.\d+){0,3}(?:[-+][0-9a-z.+-]+)?$/i
const OCI_TAG = /^[\w][\w.-]{0,127}$/
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/
// Narrower than HTTP allows: mcp-remote's --header parser accepts only these characters.
const HEADER_NAME = /^[A-Za-z0-9_-]+$/
const MAX_IDENTIFIER = 214 // npm's own limit; generous for the others

const RUNNER_RANK: Readonly<Record<string, number>> = { npm: 0, pypi: 1, oci: 2, nuget: 3 }

/** True for a concrete version such as `1.2.3` or `0.10.0-beta.1` (not `latest`, not a range). */
export function isConcreteVersion(v: string | undefined | null): v is string {
  return typeof v === 'string' && v.length <= 64 && CONCRETE_VERSION.test(v)
}

// Env vars with a usable name, first occurrence wins.
function cleanEnv(env: readonly EnvVarSpec[] | undefined): EnvVarSpec[] {
  const seen = new Set<string>()
  const out: EnvVarSpec[] = []
  for (const e of env ?? []) {
    if (!e || typeof e.name !== 'string' || !ENV_NAME.test(e.name) || e.name.length > 128 || seen.has(e.name)) continue
    seen.add(e.name)
    out.push(e)
  }
  return out
}

function isStdio(p: PackageSpec): boolean {
  const t = p.transport?.type
  return t === undefined || t === null || t === '' || t === 'stdio'
}

// The program each registry's packages are run with (mcpb bundles are installed by double-clicking, not a command).
const RUNNERS = { npm: 'npx', pypi: 'uvx', oci: 'docker', nuget: 'dnx' } as const satisfies Record<string, Runner>

/**
 * The command that runs one package, or null when no client could run it.
 * Versions: a concrete version is pinned (`pkg@1.2.3`), because a registry entry describes exactly
 * that release (its variables and transport) and a pin keeps npx from reusing a stale cached copy.
 * `latest` and ranges are not pinned, nor are ToolSDK versions: those are a third party's dependency
 * pins that go stale, so the newest release is the better bet.
 */
function localFromPackage(p: PackageSpec, source: string, basis: InstallBasis): LocalModel | null {
  const id = typeof p.identifier === 'string' ? p.identifier.trim() : ''
  if (!id || id.length > MAX_IDENTIFIER) return null
  const pin = source !== 'toolsdk-registry' && isConcreteVersion(p.version) ? p.version : null
  const env = cleanEnv(p.environmentVariables)
  const base = {
    kind: 'local' as const,
    registryType: p.registryType,
    identifier: id,
    env,
    confidence: 'low' as const,
    basis,
  }
  // Required arguments without a value get a placeholder (`<postgres-url>`): the config shows what is needed. The
  // runtime ones are the runner's own options, of which only a few are allowed (`runtimeTokens`).
  const runner = Object.hasOwn(RUNNERS, p.registryType) ? RUNNERS[p.registryType as keyof typeof RUNNERS] : null
  const runtime = runner ? runtimeTokens(runner, p.runtimeArguments) : null
  if (!runtime) return null
  const own = argumentTokens(p.packageArguments)
  const declared = [...(p.runtimeArguments ?? []), ...(p.packageArguments ?? [])]
  if (declared.length) Object.assign(base, { arguments: declared })
  switch (p.registryType) {
    case 'npm':
      if (!NPM_NAME.test(id)) return null
      return { ...base, runner: 'npx', command: 'npx', args: ['-y', ...runtime, pin ? `${id}@${pin}` : id, ...own] }
    case 'pypi':
      if (!PYPI_NAME.test(id)) return null
      // uvx takes an exact version as `name@version` (uv ≥ 0.4); the command is assumed to match the package.
      return { ...base, runner: 'uvx', command: 'uvx', args: [...runtime, pin ? `${id}@${pin}` : id, ...own] }
    case 'oci': {
      if (!OCI_REF.test(id)) return null
      // Most identifiers carry their tag already; otherwise a given version is the tag.
      const lastPart = id.slice(id.lastIndexOf('/') + 1)
      const tagged = lastPart.includes(':') || id.includes('@')
      const image =
        !tagged && p.version && p.version !== 'latest' && OCI_TAG.test(p.version) ? `${id}:${p.version}` : id
      // `-e NAME` forwards NAME from the client-provided environment; an unset NAME is not forwarded,
      // so optional variables are listed too and cost nothing when left out.
      return {
        ...base,
        runner: 'docker',
        command: 'docker',
        args: ['run', '-i', '--rm', ...env.flatMap((e) => ['-e', e.name]), ...runtime, image, ...own],
      }
    }
    case 'nuget':
      if (!NUGET_ID.test(id)) return null
      // dnx ships with the .NET 10 SDK; `--yes` skips its confirmation prompt (which would hang a client).
      return { ...base, runner: 'dnx', command: 'dnx', args: [...runtime, pin ? `${id}@${pin}` : id, '--yes', ...own] }
    default:
      return null // mcpb bundles are installed by double-clicking, not by a command
  }
}

function cleanHeaders(headers: readonly HeaderSpec[] | undefined): HeaderSpec[] {
  const seen = new Set<string>()
  const out: HeaderSpec[] = []
  for (const h of headers ?? []) {
    if (!h || typeof h.name !== 'string' || !HEADER_NAME.test(h.name) || h.name.length > 128) continue
    const key = h.name.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(h)
  }
  return out
}

// Only plain http(s) URLs without template braces, characters that would need escaping anywhere, or hidden ones.
function usableUrl(u: unknown): string | null {
  if (typeof u !== 'string') return null
  const s = u.trim()
  if (s.length > 2048 || /[\s"'<>{}\\`^|]/.test(s) || /[\u0000-\u001f\u007f]/.test(s)) return null
  // A bidi or invisible character (U+202E in the path) would reorder or hide what the user reads in the config.
  if (cleanText(s) !== s) return null
  try {
    const parsed = new URL(s)
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  } catch {
    return null
  }
  return s
}

// A URL variable's name, and what it may be filled with: a host label or a path segment, nothing that changes the
// address's shape (no slash, no "@", no port).
const URL_VARIABLE = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/

/**
 * The endpoint of a remote with each declared `{name}` as its placeholder `<NAME>` (what its user fills in); an
 * undeclared `{…}` leaves the URL unusable. The address is checked with every variable standing as a plain label.
 */
function remoteUrl(r: RemoteSpec): string | null {
  const names = [...r.url.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1] ?? '')
  if (names.some((n) => !URL_VARIABLE.test(n) || !r.variables || !Object.hasOwn(r.variables, n))) return null
  if (!usableUrl(r.url.replace(/\{[^{}]*\}/g, 'x'))) return null
  return r.url.replace(/\{([^{}]*)\}/g, (_, n: string) => `<${varName(n)}>`)
}

function remoteModel(r: RemoteSpec): RemoteModel | null {
  if (r.type !== 'streamable-http' && r.type !== 'sse') return null
  const url = remoteUrl(r)
  if (!url) return null
  const variables = r.url.includes('{') ? r.variables : undefined
  return {
    kind: 'remote',
    transport: r.type,
    url,
    headers: cleanHeaders(r.headers),
    ...(variables ? { variables } : {}),
    confidence: 'high',
    basis: 'registry',
  }
}

const NOT_READ: Readonly<Record<string, string>> = {
  oci: 'not checked: the directory does not read OCI image labels (io.modelcontextprotocol.server.name), so nothing shows that the image belongs to this listing',
  nuget:
    'not checked: the directory does not read NuGet package metadata, so nothing shows that the package belongs to this listing',
}

/** The confidence of a package model: `high` only with evidence that the package belongs to the listing. */
function withEvidence(m: LocalModel, l: InstallSource): LocalModel {
  const stored = evidenceFor(l.installEvidence, m.registryType, m.identifier)
  if (!stored) {
    const note =
      NOT_READ[m.registryType] ??
      `not yet checked: the directory has not yet read the ${m.registryType === 'pypi' ? 'PyPI' : 'npm'} entry of ${m.identifier}`
    return { ...m, confidence: 'low', note }
  }
  const { evidence, missing } = judgeEvidence(stored, l)
  const judged = withReadmeSettings(m, stored)
  return missing
    ? { ...judged, confidence: 'low', note: missing, evidence }
    : { ...judged, confidence: 'high', evidence }
}

const linked = (l: InstallSource, p: PackageSpec): boolean => {
  const e = evidenceFor(l.installEvidence, p.registryType, typeof p.identifier === 'string' ? p.identifier.trim() : '')
  return e !== null && judgeEvidence(e, l).missing === null
}

/** Step 3b: the first package found in npm, then PyPI, whose registry entry links it to the listing. */
function registryFind(l: InstallSource): LocalModel | null {
  const found = (Array.isArray(l.installEvidence) ? l.installEvidence : [])
    .filter((e) => e && typeof e === 'object' && e.outcome === 'found' && typeof e.identifier === 'string')
    .filter((e) => judgeEvidence(e, l).missing === null)
    .sort((a, b) => (RUNNER_RANK[a.registryType] ?? 9) - (RUNNER_RANK[b.registryType] ?? 9))
  for (const e of found) {
    const p = { registryType: e.registryType, identifier: e.identifier, environmentVariables: [] }
    const m = localFromPackage(p, l.source, 'registry-link')
    if (m) return withEvidence(m, l)
  }
  return null
}

/** The install model of a listing (see the preference order above), or null when none is sensible. */
export function deriveInstallModel(l: InstallSource): InstallModel | null {
  const packages = Array.isArray(l.packages) ? l.packages : []
  const remotes = Array.isArray(l.remotes) ? l.remotes : []
  const ranked = packages
    .map((p, i) => ({ p, i, rank: p && typeof p === 'object' ? RUNNER_RANK[p.registryType] : undefined }))
    .filter((x): x is { p: PackageSpec; i: number; rank: number } => x.rank !== undefined && isStdio(x.p))
    .map((x) => ({ ...x, linked: linked(l, x.p) }))
    .sort((a, b) => Number(b.linked) - Number(a.linked) || a.rank - b.rank || a.i - b.i)
  for (const { p } of ranked) {
    const m = localFromPackage(p, l.source, 'registry')
    if (m) return withEvidence(m, l)
  }
  // A remote seen resolving to a private address, or not to any, or not yet resolved, gets no install line (withheld.ts).
  const withheld = new Set(withheldRemotes(l).map((w) => w.url))
  const byTransport = remotes
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => r && typeof r === 'object' && !withheld.has(r.url))
    .sort((a, b) => Number(b.r.type === 'streamable-http') - Number(a.r.type === 'streamable-http') || a.i - b.i)
  for (const { r } of byTransport) {
    const m = remoteModel(r)
    if (m) return m
  }
  if (packages.length > 0 || remotes.length > 0) return null
  // 3. What the prober found in the repository README.
  const found = l.inferredInstall
  if (found && typeof found === 'object' && typeof found.identifier === 'string') {
    const basis = found.basis === 'readme-config' ? 'readme-config' : 'readme-mention'
    const m = localFromPackage(
      { registryType: found.registryType, identifier: found.identifier, environmentVariables: [] },
      l.source,
      basis,
    )
    if (m) {
      const judged = withEvidence(m, l)
      if (basis === 'readme-config') return judged
      // A mention is a guess: it may name any package, so it is used only when that package is the listing's own.
      if (judged.confidence === 'high') {
        return {
          ...judged,
          confidence: 'low',
          note: 'a package the repository README names (its registry entry links it to this listing), not a configuration the README gives; verify it against the README',
        }
      }
    }
  }
  // 3b. A package found in the registries for the listing's repository, when its entry links it to the listing.
  const find = registryFind(l)
  if (find) return find
  // 4. A guess that runs the repository itself.
  return repositoryGuess(l, l.repositoryRun)
}

/** True when the model is only a guess (a README mention, or the repository run as it is): it gets no client configs. */
export function isGuess(m: InstallModel): boolean {
  return m.kind === 'local' && (m.basis === 'readme-mention' || m.basis === 'repository')
}

// Last segments that say nothing about the server; the namespace is used instead.
const GENERIC_SEGMENT = /^(?:mcp|server|mcp-?server|server-?mcp|mcp-?remote|remote|api|app|main|default)$/
const MAX_INSTALL_NAME = 64

function slugPart(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off, so "café" → "cafe" rather than "caf"
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
}

/**
 * The short key a listing gets under `mcpServers` (only `[a-z0-9-_]`, at most 64 characters): the last
 * segment of its name, e.g. `io.github.owner/postgres-mcp` → `postgres-mcp`,
 * `@modelcontextprotocol/server-postgres` → `server-postgres`; when that segment is generic
 * (`com.supabase/mcp`, `com.cloudflare.mcp/mcp`) the last telling label of the namespace is used
 * (`supabase`, `cloudflare`). A slash counts as a namespace separator only in scoped npm names and
 * reverse-DNS names; in other names (ToolSDK keys such as `tekton-ci/cd`) it is part of the name.
 */
export function installName(l: Pick<Listing, 'name'>): string {
  const name = typeof l.name === 'string' ? l.name.trim() : ''
  const slash = name.lastIndexOf('/')
  const ns = slash > 0 ? name.slice(0, slash) : ''
  const namespaced = ns.startsWith('@') || (ns.includes('.') && !/\s/.test(ns))
  let key = slugPart(namespaced ? name.slice(slash + 1) : name)
  if (namespaced && (!key || GENERIC_SEGMENT.test(key))) {
    const labels = ns.replace(/^@/, '').split(/[./]/).map(slugPart).filter(Boolean)
    const telling = labels.reverse().find((x) => !GENERIC_SEGMENT.test(x))
    key = telling ?? key
  }
  key = key.slice(0, MAX_INSTALL_NAME).replace(/[-_]+$/, '')
  return key || 'mcp-server'
}
