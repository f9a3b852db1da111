// A catalog and a prober against a real DNS server on loopback, for the tests of remotes whose names point inward:
// every probe of an endpoint is answered by a stand-in fetch (a 404, not MCP), so nothing leaves this machine and
// only what the prober resolved, and what the catalog makes of it, is under test.
import { expect } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createNatsBus } from '@mcp-directory/shared/bus'
import { type Database, listings, openDatabase, runMigrations, sql } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import {
  createFreshDatabase,
  deleteStream,
  type FreshDatabase,
  runToken,
  startDnsServer,
  TEST_SERVICES,
  testConfig,
} from '@mcp-directory/shared/testing'
import { createProberApp, type ProberService, probeQueueNames } from '../src'

export const PUBLIC_V4 = '93.184.215.14'
export const PUBLIC_V6 = '2606:2800:21f:cb07:6820:80da:af6b:8b2c'

/** The stack, its DNS server (set names before a probe) and the reads the tests make of the catalog. */
export async function inwardStack(label: string) {
  const log = createLogger('test', 'silent')
  const token = runToken()
  const stream = `TEST_${label}_${token}`
  const subjectPrefix = `test_${token}.directory`
  const dns = await startDnsServer()
  const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix, log })
  const ids = new Map<string, string>()
  const probed: string[] = []
  const standIn = (async (input: string | URL | Request) => {
    probed.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    return new Response('not found', { status: 404, headers: { 'content-type': 'text/plain' } })
  }) as typeof fetch
  let fresh: FreshDatabase | undefined
  let catalogServer: ReturnType<typeof Bun.serve> | undefined
  const s = {
    dns,
    ids,
    /** Every endpoint address a probe asked for. */
    probed,
    catalog: undefined as unknown as CatalogService,
    database: undefined as unknown as Database,
    prober: undefined as unknown as ProberService,
    id: (name: string) => ids.get(name) as string,
    // Parsed JSON bodies are indexed freely in tests.
    async json(path: string): Promise<any> {
      const res = await s.catalog.app.handle(new Request(`http://localhost${path}`))
      expect(res.status).toBe(200)
      return res.json()
    },
    text: async (path: string) => (await s.catalog.app.handle(new Request(`http://localhost${path}`))).text(),
    /** Starts the round and waits until the prober has probed every listing imported. */
    async probeRound(round: number, timeoutMs = 30_000) {
      expect((await s.prober.startRound(round)).started).toBe(true)
      const until = Date.now() + timeoutMs
      for (;;) {
        const rows = await s.database.rows<{ n: number }>(
          sql`select count(*)::int as n from prober.listing_states where last_round = ${round}`,
        )
        if ((rows[0]?.n ?? 0) >= ids.size) break
        if (Date.now() > until) throw new Error(`round ${round} not finished`)
        await Bun.sleep(100)
      }
      await s.catalog.flush()
    },
    /** The search hit of a listing with its install hint for Claude Code. */
    async hitOf(name: string) {
      const body = await s.json(`/api/v1/search?q=${encodeURIComponent('inward')}&client=claude-code&limit=50`)
      return (body.servers as { name: string; install: unknown }[]).find((h) => h.name === name)
    },
    async start() {
      fresh = await createFreshDatabase()
      s.database = await openDatabase({ url: fresh.url })
      await runMigrations(s.database)
      const config = testConfig({
        PUBLIC_BASE_URL: 'https://dir.example',
        VIEW_FLUSH_MS: '60000',
        OUTBOUND_ALLOW_PRIVATE: '0',
        DNS_SERVERS: dns.address,
        NATS_URL: TEST_SERVICES.nats,
        NATS_STREAM: stream,
        EVENT_SUBJECT_PREFIX: subjectPrefix,
        PROBE_TIMEOUT_MS: '3000',
        PROBE_INTERVAL_MINUTES: '43200',
        SANDBOX: 'off',
      })
      s.catalog = createCatalogApp({ config, database: s.database, bus, log, operatorToken: 'op' })
      catalogServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => s.catalog.app.handle(r) })
      s.prober = createProberApp({
        config,
        database: s.database,
        bus,
        log,
        consumerName: `prober_${token}`,
        schedule: false,
        outboundFetch: standIn,
        catalog: httpCatalogHandler([`http://127.0.0.1:${catalogServer.port}`], log),
      })
      await s.prober.ready()
    },
    /** Imports the entries and notes each listing's id by name; answers how many were created. */
    async importAll(doc: unknown[]): Promise<number> {
      const { created } = await s.catalog.importDocument(doc)
      for (const r of await s.database.db.select({ id: listings.id, name: listings.name }).from(listings))
        ids.set(r.name, r.id)
      await s.catalog.flush()
      return created
    },
    async close() {
      await s.prober?.close()
      await s.catalog?.close()
      catalogServer?.stop(true)
      await bus.close()
      await s.database?.close()
      await fresh?.drop()
      await dns.close()
      await deleteStream(stream)
      await deleteStream(probeQueueNames(stream, subjectPrefix).stream)
    },
  }
  return s
}
