// One catalog on its own fresh PostgreSQL database, with its log lines kept, for the provenance tests.
import { createCatalogApp, type CatalogDeps, type CatalogService } from '@mcp-directory/catalog'
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
  return {
    database,
    catalog,
    lines,
    call,
    close: async () => {
      await catalog.close()
      await database.close()
      await fresh.drop()
    },
  }
}
