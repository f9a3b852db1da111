// The directory the fuzzer talks to: the stack as separate processes on the machine's PostgreSQL, Redis and NATS
// (a fresh database, stream and key prefix), with real listings imported so generated ids reach real rows.
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  loadSharedData,
  runMigrationsAt,
  runToken,
  dropRun,
} from '@mcp-directory/shared/testing'
import { ROUTES } from '../../gateway/src/routes'
import { existingServices, startStack } from '../../scripts/stack-runner'

export async function startFuzzTarget(
  onLine: (label: string, line: string) => void = () => {},
  overrides: Record<string, string> = {},
) {
  const token = runToken()
  const fresh = await createFreshDatabase()
  const gatewayPort = freePort()
  const operatorToken = `fuzz-operator-token-${token}`
  const secret = `fuzz-server-secret-${token}-0123456789abcdef`
  const stack = startStack({
    env: {
      ...isolatedEnv(token, fresh.url),
      LOG_LEVEL: 'error',
      OPERATOR_TOKEN: operatorToken,
      SERVER_SECRET: secret,
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_WRITE_PER_HOUR: '1000000',
      PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
      ...overrides,
    },
    gatewayPort,
    freePorts: true,
    onLine,
  })
  const close = async () => {
    await stack.stop()
    await fresh.drop()
    await dropRun(token)
  }
  try {
    await runMigrationsAt(fresh.url)
    await stack.ready(90_000)
    const base = stack.gatewayUrl
    const servers = (await loadSharedData<unknown[]>('servers.json')).slice(0, 20)
    const res = await fetch(`${base}/api/v1/admin/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(servers),
    })
    if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`)
    await res.arrayBuffer()
    const search = (await (await fetch(`${base}/api/v1/search?limit=20`)).json()) as { servers: { id: string }[] }
    // Routes of services this checkout does not have yet would only measure the documented 503 of a missing service.
    const deployed = new Set<string>(existingServices())
    const routes = ROUTES.filter((r) => deployed.has(r.service))
    return {
      base,
      operatorToken,
      secret,
      stack,
      ids: search.servers.map((s) => s.id),
      routes,
      skipped: ROUTES.filter((r) => !deployed.has(r.service)).map((r) => `${r.method} ${r.path}`),
      close,
    }
  } catch (err) {
    await close()
    throw err
  }
}
