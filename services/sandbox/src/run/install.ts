// Installs a package into a fresh throwaway directory, outside the sandbox (it needs the registry) but with
// install scripts off, so no code of the package runs here: npm with --ignore-scripts, pip with wheels only
// (--only-binary=:all:, an sdist would run its setup). The registries are NPM_REGISTRY_URL and PYPI_URL.
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { INSIDE } from './bwrap'

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
  | { ok: false; missing: boolean; detail: string }

const NPM_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/
const PYPI_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+_-]{0,63}$/
const INSTALL_OUTPUT = 64 * 1024

async function run(
  argv: string[],
  env: Record<string, string>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<{ code: number | null; output: string }> {
  // The install dies with this process, however it ends (a SIGKILL runs no cleanup): boxes have bwrap's
  // --die-with-parent, an install has the parent-death signal setpriv asks for.
  const proc = Bun.spawn(['setpriv', '--pdeathsig', 'KILL', '--', ...argv], {
    env,
    stdout: 'pipe',
    stderr: 'pipe',
    stdin: 'ignore',
  })
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs)
  signal?.addEventListener('abort', () => proc.kill('SIGKILL'), { once: true })
  const read = async (s: ReadableStream<Uint8Array>) => (await new Response(s).text()).slice(-INSTALL_OUTPUT)
  const [out, err, code] = await Promise.all([read(proc.stdout), read(proc.stderr), proc.exited])
  clearTimeout(timer)
  return { code: proc.signalCode ? null : code, output: `${out}\n${err}` }
}

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

// One install: the package, its fresh directory (the package goes to `pkgDir` in it), and how long it may take.
interface InstallContext {
  ref: PackageRef
  dir: string
  pkgDir: string
  registries: Registries
  timeoutMs: number
  signal?: AbortSignal
}

/** Installs `ref` under `dir` (a fresh directory the caller removes). */
export async function installPackage(
  ref: PackageRef,
  dir: string,
  registries: Registries,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Installed> {
  if (ref.version !== null && !VERSION.test(ref.version)) return { ok: false, missing: false, detail: 'not a version' }
  const pkgDir = join(dir, 'pkg')
  await mkdir(pkgDir, { recursive: true })
  // The sandbox user (nobody) reads what root installed.
  await chmod(dir, 0o755)
  const ctx: InstallContext = { ref, dir, pkgDir, registries, timeoutMs, signal }
  return ref.registryType === 'npm' ? installNpm(ctx) : installPypi(ctx)
}

/** An npm package: bound from the lockfile's node_modules when there (tests), else installed from the registry. */
async function installNpm(ctx: InstallContext): Promise<Installed> {
  const { ref, dir, pkgDir, registries } = ctx
  if (!NPM_NAME.test(ref.identifier)) return { ok: false, missing: false, detail: 'not an npm package name' }
  if (registries.nodeModules && existsSync(join(registries.nodeModules, ref.identifier, 'package.json')))
    return fromLockfile(pkgDir, registries.nodeModules, ref.identifier)
  const spec = ref.version && ref.version !== 'latest' ? `${ref.identifier}@${ref.version}` : ref.identifier
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: join(dir, 'home'),
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_userconfig: '/dev/null',
    npm_config_update_notifier: 'false',
  }
  const npmArgs = [
    'install',
    '--ignore-scripts',
    '--no-audit',
    '--no-fund',
    '--no-save',
    '--omit=dev',
    '--no-package-lock',
  ]
  const r = await run(
    ['npm', ...npmArgs, '--prefix', pkgDir, '--registry', registries.npmUrl, spec],
    env,
    ctx.timeoutMs,
    ctx.signal,
  )
  // npm names a registry's 404 (E404) and a version it lacks (ETARGET); a network failure is neither.
  if (r.code !== 0) {
    const missing = /\bE404\b|404 Not Found|is not in this registry|\bETARGET\b|No matching version/i.test(r.output)
    return {
      ok: false,
      missing,
      detail: lastLine(r.output, r.code === null ? 'install timed out' : `npm exited ${r.code}`),
    }
  }
  await run(['chmod', '-R', 'a+rX', pkgDir], env, 30_000)
  const command = await npmCommand(join(pkgDir, 'node_modules'), ref.identifier, `${INSIDE.pkg}/node_modules`).catch(
    () => null,
  )
  if (!command) return { ok: false, missing: false, detail: 'the package declares no command (bin)' }
  return { ok: true, pkgDir, extraRo: [], command, env: {} }
}

/** An npm package the lockfile already installed: its node_modules bound read-only, nothing downloaded. */
async function fromLockfile(pkgDir: string, nodeModules: string, name: string): Promise<Installed> {
  await mkdir(join(pkgDir, 'node_modules'))
  const command = await npmCommand(nodeModules, name, `${INSIDE.pkg}/node_modules`).catch(() => null)
  if (!command) return { ok: false, missing: true, detail: 'not in the lockfile' }
  return { ok: true, pkgDir, extraRo: [[nodeModules, `${INSIDE.pkg}/node_modules`]], command, env: {} }
}

/** A PyPI package: wheels only, into `<pkgDir>/site`, started by its console script. */
async function installPypi(ctx: InstallContext): Promise<Installed> {
  const { ref, dir, pkgDir, registries } = ctx
  if (!PYPI_NAME.test(ref.identifier)) return { ok: false, missing: false, detail: 'not a PyPI package name' }
  const site = join(pkgDir, 'site')
  const index = registries.pypiUrl.replace(/\/pypi\/?$/, '/simple')
  const env = {
    PATH: '/usr/bin:/bin',
    HOME: join(dir, 'home'),
    PIP_NO_CACHE_DIR: '1',
    PIP_CONFIG_FILE: '/dev/null',
    PIP_RETRIES: '1',
    PIP_TIMEOUT: '15',
  }
  const spec = ref.version ? `${ref.identifier}==${ref.version}` : ref.identifier
  const pipArgs = ['-m', 'pip', 'install', '--no-input', '--disable-pip-version-check', '--only-binary=:all:']
  const argv = ['python3', ...pipArgs, '--target', site, '--index-url', index, spec]
  const r = await run(argv, env, ctx.timeoutMs, ctx.signal)
  if (r.code !== 0) return pipFailure(r)
  await run(['chmod', '-R', 'a+rX', pkgDir], env, 30_000)
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

// pip says "No matching distribution" also when it could not reach the index: only an index that answered
// proves the package is not there (a wrong "missing" would retire a guess at once).
function pipFailure(r: { code: number | null; output: string }): Installed {
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
