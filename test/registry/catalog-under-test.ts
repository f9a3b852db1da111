// One catalog on its own fresh PostgreSQL database, with its log lines kept, for the provenance tests.
import { createCatalogApp, type CatalogDeps, type CatalogService } from '@mcp-directory/catalog'
import { AGENT_HEADERS } from '@mcp-directory/shared/agent-tokens'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, testConfig } from '@mcp-directory/shared/testing'

/** A catalog under test: its database, the log lines it wrote, a call helper and how to close it all. */
export interface CatalogUnderTest {
  database: Database
  catalog: CatalogService
  lines: string[]
  call: (method: string, path: string, body?: unknown, token?: string) => Promise<Response>
  /** A request as the gateway forwards it for a verified agent token (the agent id header set, the token dropped). */
  asAgent: (agent: string | null, method: string, path: string, body?: unknown) => Promise<Response>
  /** Records a claim of a listing by an agent, as the claim-verifier does once the proof held. */
  claim: (id: string, agent: string, claimId?: string) => Promise<void>
  close: () => Promise<void>
}

/** Starts a catalog with the given environment (PUBLIC_BASE_URL and the rest) and operator token. */
export async function catalogUnderTest(
  env: Record<string, string>,
  operatorToken: string,
  extra: Partial<CatalogDeps> = {},
): Promise<CatalogUnderTest> {
  const fresh = await createFreshDatabase()
  const database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const lines: string[] = []
  const log = createLogger('test', 'info', { write: (line: string) => void lines.push(line) })
  const catalog = createCatalogApp({
    config: testConfig(env),
    database,
    bus: createMemoryBus(),
    log,
    operatorToken,
    registryRetry: { attempts: 2, baseDelayMs: 10 },
    ...extra,
  })
  const call = (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token) headers.authorization = `Bearer ${token}`
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }
    return catalog.app.handle(new Request(`http://localhost${path}`, init))
  }
  const asAgent = (agent: string | null, method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (agent) headers[AGENT_HEADERS.agentId] = agent
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }
    return catalog.app.handle(new Request(`http://localhost${path}`, init))
  }
  const claim = async (id: string, agent: string, claimId = `claim-${id}`) => {
    const res = await call('POST', `/internal/listings/${id}/claims`, {
      claimId,
      claimant: `agent:${agent}`,
      claimantKey: `agent:${agent}`,
      method: 'github',
    })
    if (res.status >= 300) throw new Error(`claim of ${id} by ${agent}: ${res.status} ${await res.text()}`)
  }
  return {
    database,
    catalog,
    lines,
    call,
    asAgent,
    claim,
    close: async () => {
      await catalog.close()
      await database.close()
      await fresh.drop()
    },
  }
}

/** A server.json as an upstream registry's page lists it: the server and the registry's own active record. */
export const record = (server: Record<string, unknown>) => ({
  server,
  _meta: {
    'io.modelcontextprotocol.registry/official': {
      status: 'active',
      isLatest: true,
      publishedAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
    },
  },
})
