// Two gateway processes in stack mode (each its own process, sharing Redis and NATS) in front of the agent-auth
// process: a token revoked through one gateway, or behind both, is refused by the other within one second.
// The captured output of every process is then searched for the codes and tokens of the run.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  runMigrationsAt,
  runToken,
  startSmtpSink,
  type FreshDatabase,
  dropRun,
} from '@mcp-directory/shared/testing'
import { startStack, type Stack } from '../../scripts/stack-runner'

const run = runToken()
const lines: string[] = []
let fresh: FreshDatabase
let stack: Stack
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let second: ReturnType<typeof Bun.spawn> | null = null
let g1 = ''
let g2 = ''
let agentAuthUrl = ''
const secrets = { codes: [] as string[], tokens: [] as string[] }

async function pipe(stream: ReadableStream<Uint8Array>, label: string) {
  const decoder = new TextDecoder()
  for await (const chunk of stream)
    lines.push(
      ...decoder
        .decode(chunk)
        .split('\n')
        .map((l) => `${label}| ${l}`),
    )
}

async function waitOk(url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) })
      if (res.status === 200) return
    } catch {}
    if (Date.now() > until) throw new Error(`${url} did not come up`)
    await Bun.sleep(200)
  }
}

beforeAll(async () => {
  fresh = await createFreshDatabase()
  await runMigrationsAt(fresh.url)
  sink = await startSmtpSink()
  const p1 = freePort()
  const p2 = freePort()
  const env = {
    ...isolatedEnv(run, fresh.url),
    LOG_LEVEL: 'debug',
    SMTP_URL: sink.url,
    SERVER_SECRET: `replicas-secret-${run}-0123456789abcdefghij`,
    PUBLIC_BASE_URL: `http://localhost:${p1}`,
    RATE_LIMIT_WRITE_PER_HOUR: '1000',
    OPERATOR_TOKEN: 'replicas-operator-token-123',
  }
  stack = startStack({
    env,
    services: ['catalog', 'agent-auth'],
    gatewayPort: p1,
    freePorts: true,
    onLine: (label, line) => lines.push(`${label}| ${line}`),
  })
  agentAuthUrl = `http://127.0.0.1:${stack.procs.find((p) => p.service === 'agent-auth')!.port}`
  const catalogUrl = `http://127.0.0.1:${stack.procs.find((p) => p.service === 'catalog')!.port}`
  // The second gateway: same environment and services, another port (as a second replica behind a balancer).
  second = Bun.spawn(['bun', join(import.meta.dir, '../src/main.ts')], {
    env: { ...process.env, ...env, PORT: String(p2), AGENT_AUTH_URL: agentAuthUrl, CATALOG_URL: catalogUrl },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  void pipe(second.stdout as ReadableStream<Uint8Array>, 'gateway#2')
  void pipe(second.stderr as ReadableStream<Uint8Array>, 'gateway#2')
  g1 = stack.gatewayUrl
  g2 = `http://127.0.0.1:${p2}`
  await stack.ready(90_000)
  await waitOk(`${g1}/auth.md`)
  await waitOk(`${g2}/auth.md`)
}, 120_000)
afterAll(async () => {
  second?.kill('SIGTERM')
  await Promise.race([second?.exited, Bun.sleep(8000)])
  await stack?.stop()
  await sink?.close()
  await fresh?.drop()
  await dropRun(run)
})

const post = (base: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const me = (base: string, token: string) =>
  fetch(`${base}/api/v1/agent/me`, { headers: { authorization: `Bearer ${token}` } })

async function token(email: string): Promise<string> {
  const before = sink.messages.length
  const reg = await post(g1, '/api/v1/agent/register', { email })
  expect(reg.status).toBe(200)
  await sink.waitFor(before + 1)
  const code = sink.messages
    .slice(before)
    .find((m) => m.to.includes(email))!
    .raw.match(/confirmation code is (\d{6})/)![1]
  secrets.codes.push(code)
  const res = await post(g2, '/api/v1/agent/register/confirm', { email, code })
  expect(res.status).toBe(200)
  const t = (await res.json()).token as string
  secrets.tokens.push(t)
  return t
}

/** Polls a gateway until the gateway itself (not the service: no x-served-by) refuses the token; returns ms. */
async function refusedWithin(base: string, t: string, since: number): Promise<number> {
  for (;;) {
    const res = await me(base, t)
    await res.arrayBuffer()
    if (res.status === 401 && !res.headers.get('x-served-by')) {
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"')
      return Date.now() - since
    }
    if (Date.now() - since > 5000)
      throw new Error(`${base} still answers ${res.status} (served by ${res.headers.get('x-served-by')})`)
    await Bun.sleep(20)
  }
}

describe('two gateway processes', () => {
  test('a token revoked through one gateway is refused by the other within one second', async () => {
    const t = await token(`replica-a-${run}@example.com`)
    for (const g of [g1, g2]) expect((await me(g, t)).status).toBe(200) // both have it cached now
    const rev = await post(g1, '/api/v1/agent/revoke', undefined, { authorization: `Bearer ${t}` })
    expect(rev.status).toBe(200)
    const since = Date.now()
    expect(await refusedWithin(g2, t, since)).toBeLessThan(1000)
    expect((await post(g2, '/api/v1/agent/revoke', undefined, { authorization: `Bearer ${t}` })).status).toBe(401)
  })

  test('a token revoked behind both gateways (only the token.revoked event tells them) is refused by both within one second', async () => {
    const t = await token(`replica-b-${run}@example.com`)
    for (const g of [g1, g2]) expect((await me(g, t)).status).toBe(200)
    const rev = await post(agentAuthUrl, '/api/v1/agent/revoke', undefined, { authorization: `Bearer ${t}` })
    expect(rev.status).toBe(200)
    const since = Date.now()
    const [a, b] = await Promise.all([refusedWithin(g1, t, since), refusedWithin(g2, t, since)])
    expect(Math.max(a, b)).toBeLessThan(1000)
  })

  test('no code and no token appears in the output of any process', async () => {
    const t = await token(`replica-c-${run}@example.com`)
    expect((await me(g2, t)).status).toBe(200)
    // A few failures too, so error paths log as well.
    await post(g1, '/api/v1/agent/register/confirm', { email: `replica-c-${run}@example.com`, code: '000000' })
    await post(g2, '/api/v1/agent/revoke', undefined, { authorization: `Bearer ${t.slice(0, -1)}x` })
    await Bun.sleep(500)
    const out = lines.join('\n')
    expect(out).toContain('agent-auth')
    expect(out).toContain('gateway#2')
    expect(out).toContain('agent token minted') // the service did log the flows searched here
    for (const tk of secrets.tokens) expect(out).not.toContain(tk.slice(7))
    for (const c of secrets.codes) expect(out).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${c}([^0-9A-Za-z]|$)`))
  })
})
