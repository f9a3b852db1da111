// The operator's network configuration reaches the install (and only the install): an HTTPS registry stand-in
// signed by a CA of its own installs with NODE_EXTRA_CA_CERTS or an npmrc's cafile, and fails without; a proxy
// variable sends the install's requests through a forward proxy. The started server sees none of it.
import { afterAll, describe, expect, test } from 'bun:test'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_LIMITS } from '../src/run/bwrap'
import { installNetwork } from '../src/run/netconfig'
import { startPackage, type StartOptions } from '../src/run/start'
import { type StandIn, startNpmRegistry } from './registry'

const work = mkdtempSync(join(tmpdir(), 'sandbox-ca-'))
chmodSync(work, 0o755)
const openssl = (...args: string[]) => {
  const r = Bun.spawnSync(['openssl', ...args], { cwd: work, stderr: 'pipe' })
  if (r.exitCode !== 0) throw new Error(`openssl ${args[0]}: ${r.stderr.toString()}`)
}
openssl(
  'req',
  '-x509',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-keyout',
  'ca.key',
  '-out',
  'ca.pem',
  '-days',
  '2',
  '-subj',
  '/CN=test registry CA',
)
openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=127.0.0.1')
writeFileSync(
  join(work, 'ext'),
  'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n',
)
openssl(
  'x509',
  '-req',
  '-in',
  'srv.csr',
  '-CA',
  'ca.pem',
  '-CAkey',
  'ca.key',
  '-CAcreateserial',
  '-out',
  'srv.pem',
  '-extfile',
  'ext',
)
openssl('x509', '-in', 'srv.pem', '-noout') // it parses
const CA = join(work, 'ca.pem')

// The server reports which of the operator's variables it was given (none, it must be).
const reporter: StandIn = {
  name: 'reports-env',
  source: `const seen = ['NODE_EXTRA_CA_CERTS', 'HTTPS_PROXY', 'HTTP_PROXY', 'npm_config_userconfig'].filter((k) => process.env[k])
require('./mcp-lines')([{ name: 'env', description: 'saw:' + seen.join(','), inputSchema: { type: 'object' } }])`,
}
const https = startNpmRegistry([reporter], {
  cert: readFileSync(join(work, 'srv.pem'), 'utf8'),
  key: readFileSync(join(work, 'srv.key'), 'utf8'),
})
const plainRegistry = startNpmRegistry([reporter])

// A forward proxy: requests in absolute form, passed on to the registry.
const proxied: string[] = []
const proxy = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: async (req) => {
    proxied.push(new URL(req.url).pathname)
    const upstream = await fetch(req.url, { headers: { accept: req.headers.get('accept') ?? '*/*' } })
    return new Response(await upstream.arrayBuffer(), { status: upstream.status, headers: upstream.headers })
  },
})

const options = (registry: string, env: Record<string, string>): StartOptions => ({
  registries: { npmUrl: registry, pypiUrl: '' },
  limits: { ...DEFAULT_LIMITS, timeMs: 15_000 },
  installTimeoutMs: 60_000,
  asNobody: process.getuid?.() === 0,
  net: installNetwork(env),
})
const start = (registry: string, env: Record<string, string> = {}) =>
  startPackage({ registryType: 'npm', identifier: 'reports-env', version: null, variables: [] }, options(registry, env))

afterAll(() => {
  https.close()
  plainRegistry.close()
  proxy.stop(true)
  rmSync(work, { recursive: true, force: true })
})

describe("the operator's network configuration", () => {
  test('an HTTPS registry with its own CA: fails without it, installs and starts with NODE_EXTRA_CA_CERTS', async () => {
    const without = await start(https.url)
    expect(without.verdict).toBe('install_failed')
    const r = await start(https.url, { NODE_EXTRA_CA_CERTS: CA })
    expect(r.detail).toBe('1 tools')
    expect(r.verdict).toBe('ran')
    expect(r.tools![0]!.description).toBe('saw:')
  }, 90_000)

  test('SANDBOX_NPMRC naming the CA as its cafile installs too; the server never sees the npmrc', async () => {
    const npmrc = join(work, 'npmrc')
    writeFileSync(npmrc, `cafile=${CA}\n`)
    const r = await start(https.url, { SANDBOX_NPMRC: npmrc })
    expect(r.verdict).toBe('ran')
    expect(r.tools![0]!.description).toBe('saw:')
  }, 90_000)

  test('HTTP_PROXY sends the resolution and the install through the proxy', async () => {
    proxied.length = 0
    const r = await start(plainRegistry.url, { HTTP_PROXY: `http://127.0.0.1:${proxy.port}` })
    expect(r.verdict).toBe('ran')
    expect(r.tools![0]!.description).toBe('saw:')
    expect(proxied).toContain('/reports-env')
    expect(proxied).toContain('/-/reports-env-1.0.0.tgz')
  }, 90_000)
})
