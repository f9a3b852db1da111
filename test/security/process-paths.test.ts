// The paths every process's `serve()` answers outside its router (/metrics, /healthz, /readyz) are the process's
// own. At the gateway's public port they belong to the gateway, which serves /metrics only to a Bearer of
// METRICS_TOKEN. A browser's GET of a path no route knows is forwarded to the web service for its 404 page; were
// /metrics forwarded so, the web service (whose internal port serves /metrics to anyone who reaches it) would
// answer its own metrics to any client sending `Accept: text/html`. Real processes: the gateway
// (gateway/src/main.ts) in front of the web service (services/web/src/main.ts), on the local Redis.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SERVICE_URL_VARS } from '@mcp-directory/shared/config'
import { freePort, runToken, TEST_SERVICES } from '@mcp-directory/shared/testing'
import { join } from 'node:path'
import { waitFor } from '../e2e/processes'

const token = runToken()
const ROOT = join(import.meta.dir, '..', '..')
let gateway: ReturnType<typeof Bun.spawn>
let web: ReturnType<typeof Bun.spawn>
let base: string
let webBase: string

beforeAll(async () => {
  const gatewayPort = freePort()
  const webPort = freePort()
  base = `http://127.0.0.1:${gatewayPort}`
  webBase = `http://127.0.0.1:${webPort}`
  const common = {
    ...process.env,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    SERVER_SECRET: `process-paths-secret-${token}-0123456789abcdef`,
    REDIS_URL: TEST_SERVICES.redis,
    REDIS_KEY_PREFIX: `test:${token}:`,
    NATS_URL: '',
    GATEWAY_URL: base,
    PUBLIC_BASE_URL: base,
  }
  // Every service but web is nowhere: only the web service's 404 page is asked for here.
  const urls = Object.fromEntries(Object.values(SERVICE_URL_VARS).map((v) => [v, 'http://127.0.0.1:9']))
  web = Bun.spawn(['bun', join(ROOT, 'services/web/src/main.ts')], {
    env: { ...common, PORT: String(webPort) },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  gateway = Bun.spawn(['bun', join(ROOT, 'gateway/src/main.ts')], {
    env: {
      ...common,
      ...urls,
      WEB_URL: webBase,
      PORT: String(gatewayPort),
      OPERATOR_TOKEN: `process-paths-operator-${token}`,
    },
    stdout: 'inherit',
    stderr: 'inherit',
  })
  await waitFor(`${webBase}/healthz`, 30_000)
  await waitFor(`${base}/healthz`, 30_000)
}, 60_000)
afterAll(async () => {
  gateway?.kill('SIGTERM')
  web?.kill('SIGTERM')
  await gateway?.exited
  await web?.exited
})

describe("a process's own paths through the gateway", () => {
  test('the web service serves its metrics on its own port (the premise)', async () => {
    const res = await fetch(`${webBase}/metrics`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('http_requests_total')
  })

  test('GET /metrics asking for HTML is not the web service metrics, only a 404', async () => {
    // `/metrics?` is not the gateway's own /metrics (its suffix test), yet its path is /metrics at the web service.
    for (const [path, accept] of [
      ['/metrics', 'text/html'],
      ['/metrics', 'text/html,application/xhtml+xml,*/*;q=0.8'],
      ['/metrics?', 'text/html'],
      ['/./metrics', 'text/html'],
    ] as const) {
      const res = await fetch(`${base}${path}`, { headers: { accept } })
      const body = await res.text()
      expect({ path, accept, status: res.status }).toEqual({ path, accept, status: 404 })
      expect(body).not.toContain('http_requests_total')
      expect(body).not.toContain('process_cpu')
      expect(res.headers.get('x-served-by')).toBeNull()
    }
  })

  test('a wrong METRICS bearer asking for HTML gets no metrics either', async () => {
    const res = await fetch(`${base}/metrics`, { headers: { accept: 'text/html', authorization: 'Bearer nope' } })
    expect(res.status).toBe(404)
    expect(await res.text()).not.toContain('http_requests_total')
  })

  test('an unknown page asking for HTML still gets the web service 404 page', async () => {
    const res = await fetch(`${base}/no-such-page`, { headers: { accept: 'text/html' } })
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('<!doctype html>')
  })
})
