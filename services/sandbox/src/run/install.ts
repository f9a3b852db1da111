// Installs a package into a fresh throwaway directory, from the registry only and in a box of its own: the npm
// tree is resolved from the registry's metadata first and refused if any dependency is not a registry version;
// then npm (scripts off) or pip (wheels only) runs unprivileged under bubblewrap, with the network but none of
// the host's files, its size, file count and time bounded. The registries are NPM_REGISTRY_URL and PYPI_URL.
import { existsSync, readdirSync } from 'node:fs'
import { chmod, chown, copyFile, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { INSIDE, SANDBOX_UID } from './bwrap'
import { type BoxedRun, DEFAULT_INSTALL_LIMITS, INSTALL_DIR, type InstallLimits, runBoxed } from './installbox'
import { type InstallNetwork, installNetwork, trustStore } from './netconfig'
import { strayPackage } from './resolve'
import { resolveNpmTreeApart } from './resolve-apart'
import { PIP_WITHOUT_DIRECT_REFERENCES } from './pip-hook'

/** A package to install. */
export interface PackageRef {
  registryType: 'npm' | 'pypi'
  identifier: string
  version: string | null
}

/** Where packages come from. */
export interface Registries {
  npmUrl: string
  pypiUrl: string
  /**
   * Tests only: npm packages already installed by the lockfile (in this node_modules directory) are bound
   * read-only instead of installed, so tests never need the network; others come from the registry.
   */
  nodeModules?: string
}

/** An installed package: what to bind at /pkg, further read-only binds, and the command that starts it. */
export type Installed =
  | { ok: true; pkgDir: string; extraRo: [string, string][]; command: string[]; env: Record<string, string> }
  | { ok: false; missing: boolean; refused?: boolean; detail: string }

/** How installs run: the operator's network configuration, their bounds, and whether as nobody. */
export interface InstallOptions {
  timeoutMs: number
  signal?: AbortSignal
  net?: InstallNetwork
  limits?: InstallLimits
  asNobody?: boolean
}

const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/
const PYPI_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}$/

// The peak is rounded up: "at most" is a bound, and a peak just past the quota must not read as the quota itself.
const quotaRefusal = (r: BoxedRun): Installed => ({
  ok: false,
  missing: false,
  refused: true,
  detail: `install stopped: ${r.overQuota} (${Math.ceil(r.peakBytes / 1048576)} MiB on disk at most)`,
})

/** Picks the command an npm package declares (its only bin, or the one named like the package). */
export function npmBin(manifest: { name?: string; bin?: string | Record<string, string> }): string | null {
  const bin = manifest.bin
  if (typeof bin === 'string') return bin
  if (!bin || typeof bin !== 'object') return null
  const entries = Object.entries(bin)
  if (entries.length === 1) return entries[0]![1]
  const own = (manifest.name ?? '').split('/').pop()
  return entries.find(([k]) => k === own)?.[1] ?? entries[0]?.[1] ?? null
}

async function npmCommand(nodeModules: string, name: string, inside: string): Promise<string[] | null> {
  const manifest = JSON.parse(await readFile(join(nodeModules, name, 'package.json'), 'utf8')) as {
    name?: string
    bin?: string | Record<string, string>
  }
  const bin = npmBin(manifest)
  return bin ? ['node', `${inside}/${name}/${bin.replace(/^\.\//, '')}`] : null
}

// One install: the package, its fresh directory (the package goes to `pkgDir` in it), and how it is bounded.
interface InstallContext {
  ref: PackageRef
  dir: string
  pkgDir: string
  registries: Registries
  timeoutMs: number
  signal?: AbortSignal
  net: InstallNetwork
  limits: InstallLimits
  asNobody: boolean
}

/** Installs `ref` under `dir` (a fresh directory the caller removes). */
export async function installPackage(
  ref: PackageRef,
  dir: string,
  registries: Registries,
  options: InstallOptions,
): Promise<Installed> {
  if (ref.version !== null && !VERSION.test(ref.version)) return { ok: false, missing: false, detail: 'not a version' }
  const pkgDir = join(dir, 'pkg')
  await mkdir(pkgDir, { recursive: true })
  await mkdir(join(dir, 'home'))
  const asNobody = options.asNobody ?? false
  // The install box runs as nobody and writes here; the run box (nobody too) reads it.
  if (asNobody) for (const d of [dir, pkgDir, join(dir, 'home')]) await chown(d, SANDBOX_UID, SANDBOX_UID)
  await chmod(dir, 0o755)
  const ctx: InstallContext = {
    ref,
    dir,
    pkgDir,
    registries,
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    net: await stageConfig(options.net ?? installNetwork(), dir),
    limits: options.limits ?? DEFAULT_INSTALL_LIMITS,
    asNobody,
  }
  return ref.registryType === 'npm' ? installNpm(ctx) : installPypi(ctx)
}

/**
 * The operator's configuration files, copied into the work directory readable by the install's user (the
 * originals may be readable by the service alone) and bound from there; the run box never sees them.
 */
async function stageConfig(net: InstallNetwork, dir: string): Promise<InstallNetwork> {
  if (!net.binds.length) return net
  const staged = join(dir, '.install-config')
  await mkdir(staged, { mode: 0o755 })
  const binds: [string, string][] = []
  for (const [i, [from, to]] of net.binds.entries()) {
    const copy = join(staged, String(i))
    await copyFile(from, copy)
    await chmod(copy, 0o444)
    binds.push([copy, to])
  }
  return { ...net, binds }
}

/** An npm package: bound from the lockfile's node_modules when there (tests), else installed from the registry. */
async function installNpm(ctx: InstallContext): Promise<Installed> {
  const { ref, pkgDir, registries } = ctx
  if (!NPM_NAME.test(ref.identifier)) return { ok: false, missing: false, detail: 'not an npm package name' }
  if (registries.nodeModules && existsSync(join(registries.nodeModules, ref.identifier, 'package.json')))
    return fromLockfile(pkgDir, registries.nodeModules, ref.identifier)
  const range = ref.version && ref.version !== 'latest' ? ref.version : 'latest'
  // The resolution shares the install's time bound: a registry that answers slowly cannot hold a start forever.
  const bounded = AbortSignal.any([AbortSignal.timeout(ctx.timeoutMs), ...(ctx.signal ? [ctx.signal] : [])])
  const tree = await resolveNpmTreeApart(ref.identifier, range, registries.npmUrl, ctx.net, bounded)
  if (!tree.ok)
    return tree.refused
      ? { ok: false, missing: false, refused: true, detail: `refused: ${tree.detail}` }
      : { ok: false, missing: tree.missing, detail: tree.detail }
  const env = {
    npm_config_cache: `${INSTALL_DIR}/npm-cache`,
    npm_config_update_notifier: 'false',
    // Not the host's: a path that does not exist inside the box (npm refuses /dev/null for two configs).
    npm_config_globalconfig: `${INSTALL_DIR}/.no-global-npmrc`,
    ...(ctx.net.env.npm_config_userconfig ? {} : { npm_config_userconfig: '/dev/null' }),
  }
  const npmArgs = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--no-save', '--omit=dev']
  // The version checked, not the range: a version published since cannot be the one npm starts from.
  const spec = `${ref.identifier}@${tree.version}`
  const command = ['npm', ...npmArgs, '--prefix', `${INSTALL_DIR}/pkg`, '--registry', registries.npmUrl, spec]
  const r = await runBoxed(ctx, command, env)
  if (r.overQuota) return quotaRefusal(r)
  // npm names a registry's 404 (E404) and a version it lacks (ETARGET); a network failure is neither.
  if (r.code !== 0) {
    const missing = /\bE404\b|404 Not Found|is not in this registry|\bETARGET\b|No matching version/i.test(r.output)
    return {
      ok: false,
      missing,
      detail: lastLine(r.output, r.code === null ? 'install timed out' : `npm exited ${r.code}`),
    }
  }
  // What npm placed, checked again: only registry tarballs (a registry that answered otherwise the second time).
  const lock = await readFile(join(pkgDir, 'node_modules', '.package-lock.json'), 'utf8').then(JSON.parse, () => null)
  const stray = strayPackage(lock, registries.npmUrl)
  if (stray) return { ok: false, missing: false, refused: true, detail: `refused: ${stray} is not from the registry` }
  await Bun.spawn(['chmod', '-R', 'a+rX', pkgDir]).exited
  const bin = await npmCommand(join(pkgDir, 'node_modules'), ref.identifier, `${INSIDE.pkg}/node_modules`).catch(
    () => null,
  )
  if (!bin) return { ok: false, missing: false, detail: 'the package declares no command (bin)' }
  return { ok: true, pkgDir, extraRo: [], command: bin, env: {} }
}

/** An npm package the lockfile already installed: its node_modules bound read-only, nothing downloaded. */
async function fromLockfile(pkgDir: string, nodeModules: string, name: string): Promise<Installed> {
  await mkdir(join(pkgDir, 'node_modules'))
  const command = await npmCommand(nodeModules, name, `${INSIDE.pkg}/node_modules`).catch(() => null)
  if (!command) return { ok: false, missing: true, detail: 'not in the lockfile' }
  return { ok: true, pkgDir, extraRo: [[nodeModules, `${INSIDE.pkg}/node_modules`]], command, env: {} }
}

/** A PyPI package: wheels only, from the index only, into `<pkgDir>/site`, started by its console script. */
async function installPypi(ctx: InstallContext): Promise<Installed> {
  const { ref, pkgDir, registries } = ctx
  if (!PYPI_NAME.test(ref.identifier)) return { ok: false, missing: false, detail: 'not a PyPI package name' }
  const direct = await pypiDirectReference(ctx)
  if (direct) return { ok: false, missing: false, refused: true, detail: `refused: it requires ${direct}` }
  const index = registries.pypiUrl.replace(/\/pypi\/?$/, '/simple')
  const env = {
    PIP_NO_CACHE_DIR: '1',
    PIP_RETRIES: '1',
    PIP_TIMEOUT: '15',
    ...(ctx.net.env.PIP_CONFIG_FILE ? {} : { PIP_CONFIG_FILE: '/dev/null' }),
  }
  const spec = ref.version ? `${ref.identifier}==${ref.version}` : ref.identifier
  const pipArgs = ['-c', PIP_WITHOUT_DIRECT_REFERENCES, 'install', '--no-input', '--disable-pip-version-check']
  const indexArgs = ctx.net.env.PIP_INDEX_URL ? [] : ['--index-url', index]
  const r = await runBoxed(
    ctx,
    ['python3', ...pipArgs, '--only-binary=:all:', '--target', `${INSTALL_DIR}/pkg/site`, ...indexArgs, spec],
    env,
  )
  if (r.overQuota) return quotaRefusal(r)
  const refusedRef = /direct reference refused: (.*)/.exec(r.output)?.[1]
  if (refusedRef)
    return {
      ok: false,
      missing: false,
      refused: true,
      detail: `refused: ${refusedRef.trim().slice(0, 300)}, a direct reference`,
    }
  if (r.code !== 0) return pipFailure(r)
  // A dependency installed from a URL or a repository rather than the index (pip records it in direct_url.json).
  const site = join(pkgDir, 'site')
  const stray = readdirSync(site).find((d) => d.endsWith('.dist-info') && existsSync(join(site, d, 'direct_url.json')))
  if (stray) return { ok: false, missing: false, refused: true, detail: `refused: ${stray} is not from the index` }
  await Bun.spawn(['chmod', '-R', 'a+rX', pkgDir]).exited
  // The console script named like the package (pip writes it to <target>/bin).
  const script = ref.identifier.toLowerCase().replace(/[._]/g, '-')
  return {
    ok: true,
    pkgDir,
    extraRo: [],
    command: ['python3', `${INSIDE.pkg}/site/bin/${script}`],
    env: { PYTHONPATH: `${INSIDE.pkg}/site` },
  }
}

/**
 * A direct reference (`name @ url`, a VCS or file URL) in the package's own metadata, read from the index's JSON
 * API before anything is installed. (An index that is not PyPI's may not answer it: nothing to refuse then.)
 */
async function pypiDirectReference(ctx: InstallContext): Promise<string | null> {
  const base = ctx.registries.pypiUrl.replace(/\/$/, '')
  const path = ctx.ref.version ? `${ctx.ref.identifier}/${ctx.ref.version}` : ctx.ref.identifier
  const proxy = ctx.net.proxyFor(`${base}/`) ?? undefined
  try {
    const ca = trustStore(ctx.net)
    const res = await fetch(`${base}/${path}/json`, {
      signal: AbortSignal.any([AbortSignal.timeout(30_000), ...(ctx.signal ? [ctx.signal] : [])]),
      redirect: 'error',
      proxy,
      ...(ca ? { tls: { ca } } : {}),
    })
    if (!res.ok) return null
    const body = (await res.json()) as { info?: { requires_dist?: unknown } }
    const requires = Array.isArray(body.info?.requires_dist) ? body.info.requires_dist : []
    const direct = requires.find((r): r is string => typeof r === 'string' && /^[^;]*\s@\s*\S/.test(r))
    return direct ? direct.slice(0, 200) : null
  } catch {
    return null
  }
}

// pip says "No matching distribution" also when it could not reach the index: only an index that answered
// proves the package is not there (a wrong "missing" would retire a guess at once).
function pipFailure(r: BoxedRun): Installed {
  const unreachable =
    /NewConnectionError|Could not fetch URL|ConnectTimeout|ReadTimeout|ProxyError|SSLError|Max retries exceeded|Name or service not known/i.test(
      r.output,
    )
  const missing = !unreachable && /No matching distribution found|HTTP error 404|404 Client Error/i.test(r.output)
  return {
    ok: false,
    missing,
    detail: lastLine(r.output, r.code === null ? 'install timed out' : `pip exited ${r.code}`),
  }
}

const lastLine = (output: string, fallback: string) =>
  output.trim().split('\n').filter(Boolean).slice(-3).join(' ').replace(/\s+/g, ' ').slice(0, 300) || fallback
