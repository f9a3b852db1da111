// The operator's network configuration, for installs only: proxy variables, extra CA bundles, pip's index and
// an npmrc / pip.conf the operator names (tokens for a private mirror live there). The install box gets these
// files bound read-only at fixed paths; the box a server runs in gets none of it.
import { existsSync, readFileSync } from 'node:fs'
import { rootCertificates } from 'node:tls'

/** Variables passed through to the install as they are. */
const PASSED = [
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
] as const

/** Variables naming a CA bundle: the file is bound inside, the variable points at it there. */
const CA_FILES = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'PIP_CERT', 'REQUESTS_CA_BUNDLE'] as const

/** Where the operator's files are seen inside the install box. */
export const INSTALL_CONFIG_DIR = '/etc/sandbox-install'

/** What an install gets of the operator's configuration. */
export interface InstallNetwork {
  /** Environment of npm / pip inside the install box. */
  env: Record<string, string>
  /** Host file → path inside the install box, read-only. */
  binds: [string, string][]
  /** Extra CA certificates (PEM) the resolver trusts besides the system's. */
  ca: string[]
  /** The proxy the resolver uses for the registry (null: none, or the registry is in NO_PROXY). */
  proxyFor: (url: string) => string | null
  /** `Authorization` for the registry, from the npmrc's `//host/:_authToken`. */
  authFor: (url: string) => string | null
  /** The variables this was read from (and nothing else): what a resolver in a process of its own reads it again from. */
  source: Record<string, string>
}

/** Every variable `installNetwork` reads. */
const READ = [...PASSED, ...CA_FILES, 'SANDBOX_NPMRC', 'SANDBOX_PIP_CONF'] as const

const readable = (path: string | undefined): path is string => !!path && path.startsWith('/') && existsSync(path)

/** Lines `key=value` of an npmrc (comments and blanks skipped; `${VAR}` is not expanded). */
function npmrcEntries(text: string): [string, string][] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.startsWith(';') && l.includes('='))
    .map((l) => [l.slice(0, l.indexOf('=')).trim(), l.slice(l.indexOf('=') + 1).trim()] as [string, string])
}

function noProxy(url: string, env: NodeJS.ProcessEnv): boolean {
  const host = new URL(url).hostname
  const list = (env.NO_PROXY ?? env.no_proxy ?? '').split(',').map((s) => s.trim().replace(/^\*?\./, ''))
  return list.some((h) => h === '*' || (h && (host === h || host.endsWith(`.${h}`))))
}

/** Reads the operator's configuration from `env` (the service's environment). */
export function installNetwork(env: NodeJS.ProcessEnv = process.env): InstallNetwork {
  const out: Record<string, string> = {}
  const binds: [string, string][] = []
  const ca: string[] = []
  for (const k of PASSED) if (env[k]) out[k] = env[k]!
  for (const k of CA_FILES) {
    const path = env[k]
    if (!readable(path)) continue
    const inside = `${INSTALL_CONFIG_DIR}/${k.toLowerCase()}.pem`
    binds.push([path, inside])
    out[k] = inside
    ca.push(readFileSync(path, 'utf8'))
  }
  const entries: [string, string][] = []
  if (readable(env.SANDBOX_NPMRC)) {
    binds.push([env.SANDBOX_NPMRC, `${INSTALL_CONFIG_DIR}/npmrc`])
    out.npm_config_userconfig = `${INSTALL_CONFIG_DIR}/npmrc`
    entries.push(...npmrcEntries(readFileSync(env.SANDBOX_NPMRC, 'utf8')))
    // Its cafile is read where it names it: bound there, read-only.
    const cafile = entries.find(([k]) => k === 'cafile')?.[1]
    if (readable(cafile)) {
      binds.push([cafile, cafile])
      ca.push(readFileSync(cafile, 'utf8'))
    }
  }
  if (readable(env.SANDBOX_PIP_CONF)) {
    binds.push([env.SANDBOX_PIP_CONF, `${INSTALL_CONFIG_DIR}/pip.conf`])
    out.PIP_CONFIG_FILE = `${INSTALL_CONFIG_DIR}/pip.conf`
  }
  const npmrcProxy = entries.find(([k]) => k === 'https-proxy' || k === 'proxy')?.[1]
  const source: Record<string, string> = {}
  for (const k of READ) if (env[k] !== undefined) source[k] = env[k]!
  return {
    env: out,
    binds,
    ca,
    source,
    proxyFor: (url) => {
      if (noProxy(url, env)) return null
      const https = url.startsWith('https:')
      return (https ? (env.HTTPS_PROXY ?? env.https_proxy) : (env.HTTP_PROXY ?? env.http_proxy)) ?? npmrcProxy ?? null
    },
    authFor: (url) => {
      const u = new URL(url)
      const token = entries.find(([k]) => k === `//${u.host}${u.pathname.replace(/[^/]*$/, '')}:_authToken`)
      const anyPath = entries.find(([k]) => k.startsWith(`//${u.host}/`) && k.endsWith(':_authToken'))
      const value = (token ?? anyPath)?.[1]
      return value ? `Bearer ${value}` : null
    },
  }
}

/** The trust store of the resolver's fetches: the system's roots plus the operator's CAs. */
export const trustStore = (net: InstallNetwork) => (net.ca.length ? [...rootCertificates, ...net.ca] : undefined)
