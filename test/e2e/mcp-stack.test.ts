// The MCP endpoint in the stack: two mcp processes behind one gateway answer one client's requests in turn
// (stateless: no session to lose), and the agent flow runs over MCP alone against real processes, the real SMTP
// sink and a DNS server on loopback.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  loadSharedData,
  runMigrationsAt,
  runToken,
  startDnsServer,
  startSmtpSink,
  type FreshDatabase,
  dropRun,
} from '@mcp-directory/shared/testing'
import { describeModernEra } from '../../services/mcp/test/modern'
import { startStack, type Stack } from '../../scripts/stack-runner'
import { importThroughApi, waitFor } from './processes'

const OPERATOR_TOKEN = 'e2e-operator-token-mcp-stack'
const token = runToken()
let fresh: FreshDatabase
let stack: Stack
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let dns: Awaited<ReturnType<typeof startDnsServer>>
const lines: string[] = []

beforeAll(async () => {
  fresh = await createFreshDatabase()
  await runMigrationsAt(fresh.url)
  sink = await startSmtpSink()
  dns = await startDnsServer()
  const gatewayPort = freePort()
  const env = {
    ...isolatedEnv(token, fresh.url),
    OPERATOR_TOKEN,
    SERVER_SECRET: 'e2e-server-secret-mcp-stack-0123456789',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_WRITE_PER_HOUR: '100000',
    SMTP_URL: sink.url,
    DNS_SERVERS: dns.address,
    OUTBOUND_ALLOW_PRIVATE: '1',
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
    MCP_ALLOWED_ORIGINS: 'https://inspector.example',
  }
  stack = startStack({
    env,
    gatewayPort,
    freePorts: true,
    replicas: { mcp: 2 },
    services: ['catalog', 'submission', 'agent-auth', 'claim-verifier', 'mcp'],
    onLine: (label, line) => lines.push(`${label}| ${line}`),
  })
  await stack.ready(90_000)
  await waitFor(`${stack.gatewayUrl}/api/v1/health`)
  await importThroughApi(
    stack.gatewayUrl,
    OPERATOR_TOKEN,
    (await loadSharedData<unknown[]>('servers-official.json')).slice(0, 100),
  )
}, 300_000)
afterAll(async () => {
  await stack?.stop()
  await sink?.close()
  await dns?.close()
  await fresh?.drop()
  await dropRun(token)
})

/** An SDK client on the gateway's /api/mcp that notes which mcp replica answered each request. */
async function connect(servedBy: string[] = [], headers: Record<string, string> = {}) {
  const client = new Client({ name: 'mcp-stack-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${stack.gatewayUrl}/api/mcp`), {
    requestInit: { headers },
    fetch: async (url, init) => {
      const res = await fetch(url, init)
      const by = res.headers.get('x-served-by')
      if (by) servedBy.push(by)
      return res
    },
  })
  await client.connect(transport)
  return client
}

const call = (client: Client, name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<CallToolResult>

describe('stack: the MCP endpoint on two replicas', () => {
  test('two mcp processes answer one client in turn, without session errors', async () => {
    const mcps = stack.procs.filter((p) => p.service === 'mcp')
    expect(mcps.length).toBe(2)
    expect(new Set(mcps.map((p) => p.child?.pid)).size).toBe(2)
    const servedBy: string[] = []
    const client = await connect(servedBy)
    try {
      const { tools } = await client.listTools()
      expect(tools.length).toBe(15)
      for (let i = 0; i < 8; i++) {
        const r = await call(client, 'search_mcp_servers', { query: 'github', limit: 3 })
        expect(r.isError).toBeFalsy()
        const rest = await (await fetch(`${stack.gatewayUrl}/api/v1/search?q=github&limit=3&client=claude-code`)).json()
        expect(r.structuredContent).toEqual(rest)
      }
      const cats = await call(client, 'list_mcp_categories')
      expect(cats.isError).toBeFalsy()
    } finally {
      await client.close()
    }
    const replicas = servedBy.filter((s) => s.startsWith('mcp/'))
    expect(replicas.length).toBeGreaterThanOrEqual(10)
    expect(new Set(replicas).size).toBe(2)
    // Consecutive requests of the one client went to different processes.
    expect(replicas.some((s, i) => i > 0 && s !== replicas[i - 1])).toBe(true)
  })

  test('Origin: none, the directory’s own and an allowed one are served; another is a 403 JSON-RPC error', async () => {
    const rpc = (origin?: string) =>
      fetch(`${stack.gatewayUrl}/api/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...(origin ? { origin } : {}),
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'list_mcp_categories', arguments: {} },
        }),
      })
    for (const origin of [
      undefined,
      new URL(stack.gatewayUrl.replace('127.0.0.1', 'localhost')).origin,
      'https://inspector.example',
    ]) {
      const res = await rpc(origin)
      expect(res.status).toBe(200)
      expect(((await res.json()) as { result: CallToolResult }).result.isError).toBeFalsy()
    }
    for (const origin of ['https://evil.example', 'null']) {
      const res = await rpc(origin)
      expect(res.status).toBe(403)
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null })
    }
  })

  test('a tool call costs one read: RateLimit-Remaining drops by one per tools/call, and the tool’s REST read is free', async () => {
    const rpc = () =>
      fetch(`${stack.gatewayUrl}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'search_mcp_servers', arguments: { query: 'github', limit: 2 } },
        }),
      })
    const left: number[] = []
    for (let i = 0; i < 4; i++) {
      const res = await rpc()
      expect(res.status).toBe(200)
      await res.arrayBuffer()
      left.push(Number(res.headers.get('ratelimit-remaining')))
    }
    const rest = await fetch(`${stack.gatewayUrl}/api/v1/categories`)
    await rest.arrayBuffer()
    left.push(Number(rest.headers.get('ratelimit-remaining')))
    expect(left.slice(1).map((n, i) => left[i]! - n)).toEqual([1, 1, 1, 1])
  })

  test('the agent flow over MCP alone: register → confirm → challenge → TXT record → verify → official', async () => {
    const client = await connect()
    try {
      const host = `mcp-stack-${token}.example.com`
      const submitted = await call(client, 'submit_mcp_server', {
        name: `tides-${token}`,
        url: `https://${host}/mcp`,
        description: 'Tide tables and harbour data for agents, by port or coordinates.',
        category: 'developer-tools',
        email: `owner-${token}@example.com`,
      })
      expect(submitted.structuredContent, JSON.stringify(submitted.content)).toMatchObject({
        success: true,
        status: 'pending',
      })
      const { id } = submitted.structuredContent as { id: string }

      const email = `agent-${token}@example.com`
      const before = sink.messages.length
      expect((await call(client, 'register_mcp_agent', { email })).isError).toBeFalsy()
      const until = Date.now() + 20_000
      let code: string | undefined
      while (!code) {
        code = sink.messages
          .slice(before)
          .find((m) => m.to.includes(email))
          ?.raw.match(/confirmation code is (\d{6})/)?.[1]
        if (!code && Date.now() > until) throw new Error('no confirmation mail')
        if (!code) await Bun.sleep(50)
      }
      const confirmed = await call(client, 'confirm_mcp_agent', { email, code })
      const agentToken = (confirmed.structuredContent as { token: string }).token
      expect(agentToken).toMatch(/^mcpdir_/)

      const challenge = await call(client, 'get_claim_challenge', { id, agentToken })
      expect(challenge.isError, JSON.stringify(challenge.content)).toBeFalsy()
      const { dns: record } = (challenge.structuredContent as { methods: { dns: { names: string[]; value: string } } })
        .methods
      for (const name of record.names) dns.setTxt(name, [record.value])

      const claimed = await call(client, 'verify_mcp_claim', { id, method: 'dns', agentToken })
      expect(claimed.structuredContent, JSON.stringify(claimed.content)).toMatchObject({
        success: true,
        pending: false,
        isOfficial: true,
      })
      const detail = await call(client, 'get_mcp_server', { id })
      expect((detail.structuredContent as { server: { isOfficial: boolean } }).server.isOfficial).toBe(true)
    } finally {
      await client.close()
    }
  }, 60_000)
})

// The 2026-07-28 revision with the SDK v2 client, as in the in-process test: the same endpoint on two processes.
describeModernEra(() => stack.gatewayUrl)
