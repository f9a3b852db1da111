// `bun run stack` as operators rely on it: one combined log with process labels, /metrics on every process, a
// crashed process restarted (the gateway answering Error objects, not hanging, meanwhile), SIGTERM draining.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  runMigrationsAt,
  runToken,
  type FreshDatabase,
  dropRun,
} from '@mcp-directory/shared/testing'
import { existingServices, startStack, type Stack } from '../../scripts/stack-runner'
import { waitFor } from './processes'

const METRICS_TOKEN = 'e2e-metrics-token-0123456789'
const token = runToken()
let fresh: FreshDatabase
let stack: Stack
const lines: string[] = []

beforeAll(async () => {
  fresh = await createFreshDatabase()
  await runMigrationsAt(fresh.url)
  const gatewayPort = freePort()
  const env = {
    ...isolatedEnv(token, fresh.url),
    LOG_LEVEL: 'info',
    OPERATOR_TOKEN: 'e2e-operator-token-operations',
    SERVER_SECRET: 'e2e-server-secret-operations-0123456789',
    METRICS_TOKEN,
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
  }
  stack = startStack({ env, gatewayPort, freePorts: true, onLine: (label, line) => lines.push(`${label}| ${line}`) })
  await stack.ready(90_000)
  await waitFor(`${stack.gatewayUrl}/api/v1/health`)
}, 180_000)
afterAll(async () => {
  await stack?.stop()
  await fresh?.drop()
  await dropRun(token)
})

const proc = (label: string) => stack.procs.find((p) => p.label === label)!
const local = (label: string, path: string, init?: RequestInit) =>
  fetch(`http://127.0.0.1:${proc(label).port}${path}`, init)

describe('stack: one combined log', () => {
  test('every process of the checkout runs and its lines carry its label', () => {
    expect(stack.procs.map((p) => p.label).sort()).toEqual([...existingServices(), 'gateway'].sort())
    for (const p of stack.procs)
      expect(lines.some((l) => l.startsWith(`${p.label}| `) && l.includes('listening'))).toBe(true)
  })
})

describe('stack: /metrics', () => {
  test('each service exposes request counts by route and status, and latency histograms, after traffic', async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${stack.gatewayUrl}/api/v1/search?q=github`)).arrayBuffer()
    for (const svc of existingServices()) {
      await (await local(svc, '/api/v1/health')).arrayBuffer()
      const res = await local(svc, '/metrics')
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toContain('text/plain')
      const text = await res.text()
      expect(text).toMatch(
        new RegExp(`http_requests_total\\{route="/api/v1/health",method="GET",status="\\d+",service="${svc}"\\} \\d+`),
      )
      expect(text).toContain(
        `http_request_duration_seconds_bucket{le="0.005",route="/api/v1/health",method="GET",status="200",service="${svc}"}`,
      )
      expect(text).toContain('process_resident_memory_bytes')
    }
    const catalog = await (await local('catalog', '/metrics')).text()
    expect(catalog).toMatch(
      /http_requests_total\{route="\/api\/v1\/search",method="GET",status="200",service="catalog"\} [1-9]/,
    )
  })

  test('the gateway serves /metrics on its public port only to a Bearer of METRICS_TOKEN', async () => {
    const anonymous = await fetch(`${stack.gatewayUrl}/metrics`)
    expect(anonymous.status).toBe(404)
    expect(((await anonymous.json()) as { error: string }).error).toBe('not_found')
    const wrong = await fetch(`${stack.gatewayUrl}/metrics`, {
      headers: { authorization: 'Bearer not-the-metrics-token' },
    })
    expect(wrong.status).toBe(404)
    await wrong.arrayBuffer()
    const res = await fetch(`${stack.gatewayUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(text).toMatch(
      /http_requests_total\{route="\/api\/v1\/search",method="GET",status="200",service="gateway"\} [1-9]/,
    )
    // Unknown paths share the catch-all's label, so clients cannot grow the label set.
    expect(text).toMatch(/http_requests_total\{route="\/\*",method="GET",status="404",service="gateway"\} [1-9]/)
    expect(text).not.toContain('route="/metrics"')
  })
})

describe('stack: supervision', () => {
  test('a crashed catalog is restarted; meanwhile the gateway answers 503 Error objects at once', async () => {
    const catalog = proc('catalog')
    const before = catalog.child!.pid
    catalog.child!.kill('SIGKILL')
    await catalog.child!.exited
    const started = Date.now()
    // A query nobody asked before: the gateway's micro-cache cannot answer it for the dead catalog.
    const res = await fetch(`${stack.gatewayUrl}/api/v1/search?q=github-${Date.now()}`, {
      signal: AbortSignal.timeout(5000),
    })
    expect(Date.now() - started).toBeLessThan(2000)
    expect(res.status).toBe(503)
    const body = (await res.json()) as { error: string; status: number }
    expect(body).toMatchObject({ error: 'service_unavailable', status: 503 })
    expect(res.headers.get('retry-after')).toBeTruthy()

    await waitFor(`${stack.gatewayUrl}/api/v1/health`, 30_000)
    expect(catalog.restarts).toBe(1)
    expect(catalog.child!.pid).not.toBe(before)
    expect(lines.some((l) => l.startsWith('stack| catalog exited with') && l.includes('restarting'))).toBe(true)
    // The gateway skipped the dead replica for a few seconds; within that it must come back to 200.
    const until = Date.now() + 10_000
    let status = 0
    while (Date.now() < until && status !== 200) {
      const r = await fetch(`${stack.gatewayUrl}/api/v1/search?q=github`)
      status = r.status
      await r.arrayBuffer()
      if (status !== 200) await Bun.sleep(250)
    }
    expect(status).toBe(200)
  }, 60_000)

  test('SIGTERM under light load: every in-flight request completes and each service exits 0', async () => {
    for (const p of stack.procs.filter((p) => p.service !== 'gateway')) {
      p.stopped = true // no restart: this is a deliberate stop
      const inFlight = Array.from({ length: 10 }, () =>
        local(p.label, '/api/v1/health').then(
          (r) => r.status,
          (err) => `error: ${err}`,
        ),
      )
      await Bun.sleep(15)
      p.child!.kill('SIGTERM')
      expect(await Promise.all(inFlight)).toEqual(Array(10).fill(200))
      expect(await p.child!.exited).toBe(0)
    }
  }, 60_000)
})
