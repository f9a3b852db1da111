// A second directory in stack mode (its gateway and catalog as processes on the real PostgreSQL, Redis and NATS)
// follows the first with `bun run import <first> --follow`: it ends with the same servers and versions, a listing
// removed upstream shows as deleted downstream, and a new version upstream becomes the latest downstream.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { eq, listings, openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  loadSharedData,
  runMigrationsAt,
  runToken,
  testConfig,
  type FreshDatabase,
  dropRun,
} from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../../gateway/src/app'
import { startStack, type Stack } from '../../scripts/stack-runner'
import { waitFor } from './processes'

const ROOT = join(import.meta.dir, '..', '..')
const OFFICIAL = 'io.modelcontextprotocol.registry/official'
const MULTI = 'io.example.stack-follow/multi'
const log = createLogger('test', 'silent')
const token = runToken()

// The first directory: the catalog and gateway factories in this process, served over HTTP on loopback.
let upstreamDb: FreshDatabase
let upstreamDatabase: Database
let upstream: CatalogService
let upstreamGateway: ReturnType<typeof createGatewayApp>
let upstreamServer: ReturnType<typeof Bun.serve>
let upstreamUrl: string
// The second: a stack, and the follower process writing into its database.
let downstreamDb: FreshDatabase
let stack: Stack
let follower: ReturnType<typeof Bun.spawn>
const followerLines: string[] = []
const stackLines: string[] = []
let official: { name: string }[]

const multi = (version: string) => ({
  name: MULTI,
  description: `Stack follow test server ${version}`,
  version,
  packages: [{ registryType: 'npm', identifier: '@example/stack-follow', version, transport: { type: 'stdio' } }],
})

beforeAll(async () => {
  upstreamDb = await createFreshDatabase()
  upstreamDatabase = await openDatabase({ url: upstreamDb.url })
  await runMigrations(upstreamDatabase)
  const config = testConfig({ PUBLIC_BASE_URL: 'https://first.example', RATE_LIMIT_REGISTRY_PER_MINUTE: '1000000' })
  upstream = createCatalogApp({
    config,
    database: upstreamDatabase,
    bus: createMemoryBus(),
    log,
    operatorToken: 'first-operator-token',
  })
  upstreamGateway = createGatewayApp({
    config,
    log,
    kv: createMemoryStore(),
    operatorToken: 'first-operator-token',
    upstreams: { catalog: inProcessUpstream('catalog', (r) => upstream.app.handle(r)) },
  })
  upstreamServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => upstreamGateway.app.handle(r) })
  upstreamUrl = `http://127.0.0.1:${upstreamServer.port}`
  official = await loadSharedData<{ name: string }[]>('servers-official.json')
  await upstream.importDocument(official.slice(0, 150))
  await upstream.importDocument([multi('1.0.0')])
  await upstream.importDocument([multi('1.1.0')])
  await upstream.flush()

  downstreamDb = await createFreshDatabase()
  await runMigrationsAt(downstreamDb.url)
  const gatewayPort = freePort()
  const env = {
    ...isolatedEnv(token, downstreamDb.url),
    RATE_LIMIT_REGISTRY_PER_MINUTE: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
  }
  stack = startStack({
    env,
    services: ['catalog'],
    gatewayPort,
    freePorts: true,
    onLine: (label, line) => stackLines.push(`${label}| ${line}`),
  })
  await stack.ready(90_000)
  await waitFor(`${stack.gatewayUrl}/api/v1/health`)
  follower = Bun.spawn(['bun', 'run', 'import', upstreamUrl, '--follow'], {
    cwd: ROOT,
    env: { ...process.env, ...env, REGISTRY_SYNC_MINUTES: '1' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  void (async () => {
    for await (const chunk of follower.stdout as ReadableStream<Uint8Array>)
      followerLines.push(...new TextDecoder().decode(chunk).split('\n').filter(Boolean))
  })()
  void (async () => {
    for await (const chunk of follower.stderr as ReadableStream<Uint8Array>)
      followerLines.push(...new TextDecoder().decode(chunk).split('\n').filter(Boolean))
  })()
}, 300_000)

afterAll(async () => {
  follower?.kill('SIGTERM')
  await follower?.exited
  await stack?.stop()
  upstreamServer?.stop(true)
  await upstreamGateway?.close()
  await upstream?.close()
  await upstreamDatabase?.close()
  await upstreamDb?.drop()
  await downstreamDb?.drop()
  await dropRun(token)
})

const summaries = () => followerLines.filter((l) => / pages, \d+ entries: /.test(l))
async function waitForSummaries(n: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs
  while (summaries().length < n) {
    if (Date.now() > until) throw new Error(`no sync summary; follower said:\n${followerLines.join('\n')}`)
    await Bun.sleep(200)
  }
}

/** Every version a directory serves through its gateway, deleted ones included, keyed name@version. */
async function served(base: string) {
  const out = new Map<string, { server: unknown; status: string; isLatest: boolean }>()
  let cursor: string | undefined
  do {
    const q = new URLSearchParams({ limit: '100', include_deleted: 'true', ...(cursor ? { cursor } : {}) })
    const res = await fetch(`${base}/v0.1/servers?${q}`)
    expect(res.status).toBe(200)
    const page = (await res.json()) as {
      servers: {
        server: { name: string; version: string }
        _meta: Record<string, { status: string; isLatest: boolean }>
      }[]
      metadata: { nextCursor?: string }
    }
    for (const s of page.servers)
      out.set(`${s.server.name}@${s.server.version}`, {
        server: s.server,
        status: s._meta[OFFICIAL].status,
        isLatest: s._meta[OFFICIAL].isLatest,
      })
    cursor = page.metadata.nextCursor
  } while (cursor)
  return out
}

describe('stack: following another directory', () => {
  test('the follower ends with the same servers and versions', async () => {
    await waitForSummaries(1, 120_000)
    expect(summaries()[0]).toContain('151 entries: 151 created')
    const [mine, theirs] = [await served(stack.gatewayUrl), await served(upstreamUrl)]
    expect(mine.size).toBe(152)
    expect(mine).toEqual(theirs)
  }, 180_000)

  test('a listing removed upstream shows as deleted downstream; a new version upstream becomes the latest', async () => {
    const removed = official[5].name
    const [row] = await upstreamDatabase.db.select({ id: listings.id }).from(listings).where(eq(listings.name, removed))
    const flagged = await upstream.app.handle(
      new Request(`http://localhost/internal/listings/${row.id}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'flagged' }),
      }),
    )
    expect(flagged.status).toBe(200)
    await upstream.importDocument([multi('2.0.0')])
    await upstream.flush()
    // The next round (REGISTRY_SYNC_MINUTES=1) asks for what changed since the first.
    await waitForSummaries(2, 150_000)
    expect(summaries()[1]).toContain(' since ')
    const mine = await served(stack.gatewayUrl)
    expect(mine).toEqual(await served(upstreamUrl))
    expect([...mine].filter(([k]) => k.startsWith(`${removed}@`)).map(([, v]) => v.status)).toEqual(['deleted'])
    expect(mine.get(`${MULTI}@2.0.0`)?.isLatest).toBe(true)
    expect(mine.get(`${MULTI}@1.1.0`)?.isLatest).toBe(false)
    const latest = await fetch(`${stack.gatewayUrl}/v0.1/servers/${encodeURIComponent(MULTI)}/versions/latest`)
    expect(((await latest.json()) as { server: { version: string } }).server.version).toBe('2.0.0')
    // Gone from the downstream catalog's own API too.
    const search = (await (
      await fetch(`${stack.gatewayUrl}/api/v1/search?q=${encodeURIComponent(removed)}&limit=100`)
    ).json()) as { servers: { name: string }[] }
    expect(search.servers.map((s) => s.name)).not.toContain(removed)
  }, 200_000)

  test('the follower stops cleanly', async () => {
    follower.kill('SIGTERM')
    expect(await follower.exited).toBe(0)
  }, 30_000)
})
