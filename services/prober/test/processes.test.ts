// Two prober processes (`bun run stack --replicas prober=2`) on the real PostgreSQL, Redis and NATS, the catalog and
// the gateway as processes too: listings imported through the operator API are probed once each between the two
// (counted at the MCP servers), and the public API then shows them as seen running.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  createFreshDatabase,
  deleteStream,
  freePort,
  isolatedEnv,
  runMigrationsAt,
  runToken,
  type FreshDatabase,
  dropRun,
} from '@mcp-directory/shared/testing'
import { startStack, type Stack } from '../../../scripts/stack-runner'
import { importThroughApi, waitFor } from '../../../test/e2e/processes'
import { startMcpServers } from './fakes'

const OPERATOR_TOKEN = 'prober-processes-operator-token'
const LISTINGS = 12
const token = runToken()
let fresh: FreshDatabase
let stack: Stack
let mcp: Awaited<ReturnType<typeof startMcpServers>>
const lines: string[] = []

beforeAll(async () => {
  fresh = await createFreshDatabase()
  await runMigrationsAt(fresh.url)
  mcp = await startMcpServers((id) => [{ name: `${id}_tool`, description: `The tool of ${id}`, params: ['q'] }], 20)
  const gatewayPort = freePort()
  const env = {
    ...isolatedEnv(token, fresh.url),
    OPERATOR_TOKEN,
    OUTBOUND_ALLOW_PRIVATE: '1',
    PROBE_CONCURRENCY: '2',
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
  }
  stack = startStack({
    env,
    gatewayPort,
    freePorts: true,
    services: ['catalog', 'prober'],
    replicas: { prober: 2 },
    onLine: (label, line) => lines.push(`${label}| ${line}`),
  })
  await stack.ready(90_000)
  await waitFor(`${stack.gatewayUrl}/api/v1/health`)
}, 120_000)

afterAll(async () => {
  await stack?.stop()
  await mcp?.close()
  await fresh?.drop()
  await dropRun(token)
  await deleteStream(`TEST_${token}_PROBES`)
  await deleteStream(`TEST_${token}_SANDBOX`)
})

test('two prober processes probe each listing once between them; verified=1 and Markdown show the result', async () => {
  expect(stack.procs.filter((p) => p.service === 'prober')).toHaveLength(2)
  const doc = Array.from({ length: LISTINGS }, (_, i) =>
    i % 2 === 0
      ? {
          name: `io.procs/s${i}`,
          description: `Streamable ${i}`,
          remotes: [{ type: 'streamable-http', url: `${mcp.base}/mcp/s${i}` }],
        }
      : { name: `io.procs/e${i}`, description: `SSE ${i}`, remotes: [{ type: 'sse', url: `${mcp.base}/sse/e${i}` }] },
  )
  expect((await importThroughApi(stack.gatewayUrl, OPERATOR_TOKEN, doc)).created).toBe(LISTINGS)

  const until = Date.now() + 60_000
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let body: any
  for (;;) {
    body = await (await fetch(`${stack.gatewayUrl}/api/v1/search?verified=1&limit=100`)).json()
    if (body.total === LISTINGS) break
    if (Date.now() > until) throw new Error(`verified ${body.total} of ${LISTINGS}\n${lines.slice(-40).join('\n')}`)
    await Bun.sleep(200)
  }
  // A moment more, in which a second probe (if there were one) would arrive.
  await Bun.sleep(1000)
  for (const l of doc) expect(mcp.initializes.get(l.name.split('/')[1]!)).toBe(1)
  // Both processes took a share of the work.
  const shares: number[] = []
  for (const p of stack.procs.filter((x) => x.service === 'prober')) {
    shares.push(
      ((await (await fetch(`http://127.0.0.1:${p.port}/internal/status`)).json()) as { probedByThisReplica: number })
        .probedByThisReplica,
    )
  }
  expect(shares.reduce((a, b) => a + b, 0)).toBe(LISTINGS)
  for (const n of shares) expect(n).toBeGreaterThan(0)
  for (const s of body.servers as { id: string }[]) {
    const md = await (await fetch(`${stack.gatewayUrl}/api/v1/mcp/${encodeURIComponent(s.id)}/markdown`)).text()
    expect(md.split('\n')[0]).toEndWith('[Health: Active]')
    expect(md).toContain('\n## Tools\n')
  }
}, 120_000)
