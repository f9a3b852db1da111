// Resolves an npm package's whole dependency tree from the registry's metadata (packuments) before anything is
// downloaded or extracted, and refuses a tree that names anything but a registry version: a `file:` or `link:`
// path, a git URL or shorthand, an http(s) tarball, an alias to one of those, a workspace. npm would copy the
// host's files or fetch the host's own addresses for such a spec, so nothing of it may reach npm at all.
import { readFileSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type pickManifestOf from 'npm-pick-manifest'
import { type InstallNetwork, trustStore } from './netconfig'

/** What the resolution found. */
export type Resolution =
  | { ok: true; packages: number; version: string }
  | { ok: false; refused: true; spec: string; detail: string }
  | { ok: false; refused: false; missing: boolean; detail: string }

interface Packument {
  name?: string
  'dist-tags'?: Record<string, string>
  versions?: Record<string, VersionManifest>
  time?: Record<string, string>
  /** Versions npm-pick-manifest also chooses from, when a registry names them. */
  stagedVersions?: { versions?: Record<string, VersionManifest> }
  policyRestrictions?: { versions?: Record<string, VersionManifest> }
}

interface VersionManifest {
  name?: string
  version?: string
  /** npm passes over a deprecated version, and one whose `engines` this node or npm does not fit. */
  deprecated?: string
  engines?: Record<string, string>
  /** The tarball carries an npm-shrinkwrap.json, whose `resolved` addresses npm would fetch as they are. */
  _hasShrinkwrap?: boolean
  dependencies?: Record<string, unknown>
  optionalDependencies?: Record<string, unknown>
  peerDependencies?: Record<string, unknown>
  dist?: { tarball?: string }
}

const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/i
// A semver range or dist-tag: digits, letters, the range operators, spaces and `||`; never `/`, `:` or `\`, and
// never a leading `.` (npm reads `.`, `..` or `.x` as a directory beside the package that declares it).
const REGISTRY_RANGE = /^(?!\.)[A-Za-z0-9.*+^~<>=|\s-]*$/
const MAX_PACKAGES = 3000
const MAX_PACKUMENT = 64 * 1024 * 1024

/**
 * What a dependency spec asks for: a registry range (for `npm:name@range` aliases, the aliased name), or why it
 * is refused.
 */
export function classifySpec(name: string, spec: unknown): { name: string; range: string } | { refused: string } {
  if (typeof spec !== 'string') return { refused: 'not a string' }
  const s = spec.trim()
  if (s.startsWith('npm:')) {
    const rest = s.slice(4)
    const at = rest.lastIndexOf('@')
    const aliased = at > 0 ? rest.slice(0, at) : rest
    const range = at > 0 ? rest.slice(at + 1) : ''
    if (!NPM_NAME.test(aliased)) return { refused: 'an alias to something that is not a registry package' }
    const inner = classifySpec(aliased, range)
    return 'refused' in inner ? { refused: `an alias to ${inner.refused}` } : inner
  }
  if (!REGISTRY_RANGE.test(s) || s.length > 256) return { refused: kindOf(s) }
  return { name, range: s || '*' }
}

function kindOf(s: string): string {
  if (/^(file|link):/i.test(s) || /^[./~\\]/.test(s)) return 'a path on the host'
  if (/^git(\+[a-z]+)?:|^(github|gitlab|bitbucket|gist):|\.git(#.*)?$/i.test(s)) return 'a git repository'
  if (/^https?:/i.test(s)) return 'a tarball URL'
  if (/^workspace:/i.test(s)) return 'a workspace'
  if (/^[\w.-]+\/[\w.-]+(#.*)?$/.test(s)) return 'a GitHub shorthand'
  return 'not a registry version'
}

/**
 * The node and npm versions npm's choice of a version reads `engines` against: those of the `node` and `npm` the
 * install box runs. npm's is read from its package; node's is asked once (`node --version` ends at once).
 */
export interface NpmRuntime {
  nodeVersion: string
  npmVersion: string | null
}

let runtime: NpmRuntime | null = null
/** The versions, read once. */
export function npmRuntime(): NpmRuntime {
  runtime ??= { nodeVersion: installedNodeVersion() ?? `v${process.versions.node}`, npmVersion: installedNpmVersion() }
  return runtime
}

function installedNodeVersion(): string | null {
  try {
    const r = Bun.spawnSync(['node', '--version'], { stdout: 'pipe', stderr: 'ignore', timeout: 5000 })
    return r.exitCode === 0 ? r.stdout.toString().trim() : null
  } catch {
    return null
  }
}

/** The version of the `npm` on the PATH, from its package.json beside its bin script. */
function installedNpmVersion(): string | null {
  try {
    const bin = Bun.which('npm')
    if (!bin) return null
    const pkg = join(dirname(realpathSync(bin)), '..', 'package.json')
    return (JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version ?? null
  } catch {
    return null
  }
}

/**
 * The version of `p` npm installs for `range`, chosen as npm chooses it (its own npm-pick-manifest: the `latest`
 * tag when it satisfies the range, else the highest version, preferring those not deprecated and fit for this
 * node and npm). Checking any other version than npm's would let a tree pass whose installed part was never read.
 */
export function pickVersion(p: Packument, range: string, rt: NpmRuntime = npmRuntime()): string | null {
  // Loaded here, not at the top: trees are resolved in a child process (resolve-child.ts), and the directory,
  // which imports this file for npmRuntime and strayPackage, need not hold npm's resolver modules.
  const pickManifest: typeof pickManifestOf = import.meta.require('npm-pick-manifest')
  try {
    return pickManifest(p, range, { nodeVersion: rt.nodeVersion, npmVersion: rt.npmVersion }).version
  } catch {
    return null
  }
}

/** What one version keeps of its manifest: what npm's choice of a version and the checks of the tree read. */
function slimManifest(m: VersionManifest): VersionManifest {
  const { version, deprecated, engines, _hasShrinkwrap, dependencies, optionalDependencies, peerDependencies } = m
  const tarball = m.dist?.tarball
  return {
    version,
    deprecated,
    engines,
    _hasShrinkwrap,
    dependencies,
    optionalDependencies,
    peerDependencies,
    ...(tarball === undefined ? {} : { dist: { tarball } }),
  }
}

/**
 * A packument cut to what the resolution reads (npm-pick-manifest: the name, dist-tags, versions and the staged or
 * restricted ones; the checks: each version's dependencies, shrinkwrap and tarball). A tree's packuments are held
 * until it is resolved, and a popular package's lists hundreds of versions with their files, bins and signatures:
 * a whole tree held as the registry sent it costs the directory tens of MiB for each sandbox start.
 */
export function slimPackument(p: Packument): Packument {
  const slimAll = (versions: Record<string, VersionManifest> | undefined) =>
    versions &&
    Object.fromEntries(Object.entries(versions).map(([v, m]) => [v, m && typeof m === 'object' ? slimManifest(m) : m]))
  const out: Packument & Record<string, unknown> = {
    name: p.name,
    'dist-tags': p['dist-tags'],
    versions: slimAll(p.versions),
  }
  if (p.time) out.time = p.time
  if (p.stagedVersions) out.stagedVersions = { versions: slimAll(p.stagedVersions.versions) }
  if (p.policyRestrictions) out.policyRestrictions = { versions: slimAll(p.policyRestrictions.versions) }
  return out
}

/** Fetches packuments through the operator's proxy and CAs, each once. */
function packumentReader(registry: string, net: InstallNetwork, signal?: AbortSignal) {
  const cache = new Map<string, Promise<Packument | null>>()
  const ca = trustStore(net)
  const read = async (name: string): Promise<Packument | null> => {
    const url = `${registry.replace(/\/$/, '')}/${name.replace('/', '%2F')}`
    const headers: Record<string, string> = { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json' }
    const auth = net.authFor(url)
    if (auth) headers.authorization = auth
    const proxy = net.proxyFor(url) ?? undefined
    const res = await fetch(url, { headers, signal, redirect: 'error', proxy, ...(ca ? { tls: { ca } } : {}) })
    if (res.status === 404) return null
    if (!res.ok) throw new Error(`the registry answered ${res.status} for ${name}`)
    const text = await res.text()
    if (text.length > MAX_PACKUMENT) throw new Error(`the registry's entry of ${name} is too large`)
    return slimPackument(JSON.parse(text) as Packument)
  }
  return (name: string) => {
    if (!cache.has(name)) cache.set(name, read(name))
    return cache.get(name)!
  }
}

/** Resolves `name@range` and every dependency under it, refusing the first spec that is not a registry version. */
export async function resolveNpmTree(
  name: string,
  range: string,
  registry: string,
  net: InstallNetwork,
  signal?: AbortSignal,
  rt: NpmRuntime = npmRuntime(),
): Promise<Resolution> {
  const packument = packumentReader(registry, net, signal)
  const seen = new Set<string>()
  const asked = new Set<string>()
  const queue: { name: string; range: string; from: string; optional: boolean }[] = [
    { name, range, from: '', optional: false },
  ]
  let root = ''
  try {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const p = await packument(next.name)
      const version = p ? pickVersion(p, next.range, rt) : null
      if (!p || !version) {
        // npm skips an optional dependency or peer it cannot find; it never reaches npm's fetch as a path or URL.
        if (next.optional) continue
        const what = `${next.name}@${next.range}`
        if (!next.from) return { ok: false, refused: false, missing: true, detail: `the registry has no ${what}` }
        return { ok: false, refused: false, missing: false, detail: `${next.from} needs ${what}, not in the registry` }
      }
      if (!next.from) root = version
      const id = `${next.name}@${version}`
      if (seen.has(id)) continue
      seen.add(id)
      if (seen.size > MAX_PACKAGES)
        return { ok: false, refused: true, spec: id, detail: `more than ${MAX_PACKAGES} packages in its tree` }
      const m = p.versions![version]!
      // npm fetches what the version names, during the install: a tarball or a shrinkwrap's addresses elsewhere
      // than the registry (the host's own loopback, say) are refused before npm runs, not found after.
      const elsewhere = offRegistry(m, registry)
      if (elsewhere) return { ok: false, refused: true, spec: id, detail: `${id} ${elsewhere}` }
      const groups = [m.dependencies, m.optionalDependencies, m.peerDependencies]
      for (const [i, group] of groups.entries())
        for (const [dep, spec] of Object.entries(group ?? {})) {
          const c = NPM_NAME.test(dep) ? classifySpec(dep, spec) : { refused: 'not an npm package name' }
          if ('refused' in c) {
            const named = `${dep}@${String(spec).slice(0, 200)}`
            return { ok: false, refused: true, spec: named, detail: `${id} depends on ${named}: ${c.refused}` }
          }
          if (asked.has(`${c.name}@${c.range}`)) continue
          asked.add(`${c.name}@${c.range}`)
          queue.push({ ...c, from: id, optional: i > 0 })
        }
    }
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err)
    return { ok: false, refused: false, missing: false, detail: `resolving: ${detail.slice(0, 200)}` }
  }
  return { ok: true, packages: seen.size, version: root }
}

/** Why a version would make npm fetch something other than the registry's own tarball, or null. */
function offRegistry(m: VersionManifest, registry: string): string | null {
  if (m._hasShrinkwrap) return 'ships an npm-shrinkwrap.json, whose addresses npm would follow'
  const tarball = m.dist?.tarball
  if (typeof tarball !== 'string') return null
  try {
    if (new URL(tarball).origin === new URL(registry).origin) return null
  } catch {}
  return `has its tarball elsewhere than the registry (${tarball.slice(0, 200)})`
}

/**
 * After the install: every package npm placed must have come from the registry (its hidden lockfile's
 * `resolved`), or from inside a registry tarball (bundled). Returns the first that did not.
 */
export function strayPackage(lock: unknown, registry: string): string | null {
  const packages = (lock as { packages?: Record<string, { resolved?: string; link?: boolean; inBundle?: boolean }> })
    ?.packages
  const origin = new URL(registry).origin
  for (const [path, entry] of Object.entries(packages ?? {})) {
    if (!path || entry.inBundle) continue
    if (entry.link) return `${path} (a link)`
    if (typeof entry.resolved === 'string' && new URL(entry.resolved, origin).origin !== origin)
      return `${path} (${entry.resolved.slice(0, 200)})`
  }
  return null
}
