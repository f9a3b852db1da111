// One directory for an MCP test: the real catalog, MCP service and gateway over HTTP on loopback, on the real
// PostgreSQL, Redis and NATS of an isolated run, with a read limit no test reaches.
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createLogger } from '@mcp-directory/shared/log'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { freePort, isolatedEnv, runToken, startBacking, testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../../../gateway/src/app'
import { createMcpApp, type McpService } from '../src'

export interface McpStack {
  base: string
  catalog: CatalogService
  mcp: McpService
  backing: Awaited<ReturnType<typeof startBacking>>
  close(): Promise<void>
}

/** Starts the stack (`name` keeps its tokens apart from other tests') and waits for search to be ready. */
export async function startMcpStack(name: string): Promise<McpStack> {
  const log = createLogger('test', 'silent')
  const operatorToken = `${name}-test-operator-token`
  const secret = `${name}-test-server-secret-0123456789abcdef`
  const backing = await startBacking(isolatedEnv(runToken(), ''), log)
  const { database, kv, bus } = backing
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const config = testConfig({ PUBLIC_BASE_URL: base, RATE_LIMIT_PER_MINUTE: '100000' })
  const catalog = createCatalogApp({ config, database, bus, log, operatorToken, secret })
  const upstream = inProcessUpstream('catalog', (r) => catalog.app.handle(r))
  const mcp = createMcpApp({
    config,
    log,
    publicApi: publicApiClient({ gatewayUrl: base, secret }),
    catalog: { upstream, secret },
  })
  const gateway = createGatewayApp({
    config,
    log,
    kv,
    bus,
    operatorToken,
    secret,
    upstreams: { catalog: upstream, mcp: inProcessUpstream('mcp', (r) => mcp.app.handle(r)) },
  })
  const server = Bun.serve({ port, hostname: '127.0.0.1', fetch: (r) => gateway.app.handle(r) })
  await catalog.search.ready
  return {
    base,
    catalog,
    mcp,
    backing,
    async close() {
      server.stop(true)
      await gateway.close()
      await mcp.close()
      await catalog.close()
      await backing.close()
    },
  }
}
