// Both protocol eras, each with a local server built on the official SDK (v2) that speaks only one: the prober's
// client asks server/discover first and falls back to the 2025 handshake, and records which revision it spoke
// and how long the server says its tool list stays fresh.
import { afterAll, expect, test } from 'bun:test'
import { createMcpHandler, legacyStatelessFallback, McpServer } from '@modelcontextprotocol/server'
import { createOutboundFetcher } from '@mcp-directory/shared/outbound'
import { z } from 'zod'
import { probedElsewhere, remoteFreshUntil, skippedAsFresh } from '../src/probe/listing-remotes'
import { probeRemote } from '../src/probe/remote'

/** A server with one tool; `versions` are the revisions it speaks. */
function serverWith(versions: string[]) {
  const server = new McpServer(
    { name: 'era-stand-in', version: '1.0.0' },
    { supportedProtocolVersions: versions, cacheHints: { 'tools/list': { ttlMs: 120_000, cacheScope: 'public' } } },
  )
  server.registerTool(
    'echo',
    { description: 'Echoes its input', inputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  )
  return server
}

// 2026-07-28 only: a 2025 request is refused with the unsupported-version error.
const modern = createMcpHandler(() => serverWith(['2026-07-28']), { legacy: 'reject' })
// 2025-06-18 only: no server/discover, the initialize handshake at that revision.
const legacy = legacyStatelessFallback(() => serverWith(['2025-06-18']))

const http = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (req) => (new URL(req.url).pathname === '/modern' ? modern.fetch(req) : legacy(req)),
})
const base = `http://127.0.0.1:${http.port}`
const outbound = createOutboundFetcher({ allowPrivate: true, timeoutMs: 5000 })
const probe = (path: string) =>
  probeRemote(`${base}${path}`, 'streamable-http', { fetch: outbound.fetch, timeoutMs: 5000 })

afterAll(async () => {
  http.stop(true)
  await modern.close()
})

test('a server that speaks only 2026-07-28 is verified through server/discover; its era and ttlMs recorded', async () => {
  const r = await probe('/modern')
  expect(r.outcome).toBe('ok')
  expect(r.tools?.map((t) => t.name)).toEqual(['echo'])
  expect(r.protocol).toEqual({ version: '2026-07-28', era: 'modern', ttlMs: 120_000, source: 'streamable-http' })
})

test('a server that speaks only 2025-06-18 is verified through the 2025 handshake; its era recorded', async () => {
  const r = await probe('/legacy')
  expect(r.outcome).toBe('ok')
  expect(r.tools?.map((t) => t.name)).toEqual(['echo'])
  expect(r.protocol).toEqual({ version: '2025-06-18', era: 'legacy', ttlMs: null, source: 'streamable-http' })
})

test('re-probing respects the ttlMs an active 2026-07-28 endpoint gave, up to a day', () => {
  const checkedAt = '2026-11-26T12:00:00.000Z'
  const at = (iso: string) => Date.parse(iso)
  const seen = (ttlMs: number | null, source = 'streamable-http') => ({
    health: 'active',
    mcpProtocol: { version: '2026-07-28', era: 'modern' as const, ttlMs, source, checkedAt },
  })
  expect(remoteFreshUntil(seen(3_600_000), at('2026-11-26T12:30:00Z'))?.toISOString()).toBe('2026-11-26T13:00:00.000Z')
  expect(remoteFreshUntil(seen(3_600_000), at('2026-11-26T13:00:00Z'))).toBeNull()
  // A year-long ttlMs keeps it for a day at most; no ttlMs, the sandbox's word or an endpoint not active: probed.
  expect(remoteFreshUntil(seen(31_536_000_000), at('2026-11-27T12:00:01Z'))).toBeNull()
  expect(remoteFreshUntil(seen(null), at('2026-11-26T12:00:01Z'))).toBeNull()
  expect(remoteFreshUntil(seen(3_600_000, 'sandbox'), at('2026-11-26T12:00:01Z'))).toBeNull()
  expect(remoteFreshUntil({ ...seen(3_600_000), health: 'down' }, at('2026-11-26T12:00:01Z'))).toBeNull()
})

test('a ttlMs and a health seen on an endpoint the listing no longer has do not stand for its new one', () => {
  const checkedAt = new Date(Date.now() - 60_000).toISOString()
  const listing = {
    health: 'active',
    mcpProtocol: {
      version: '2026-07-28',
      era: 'modern' as const,
      ttlMs: 86_400_000,
      source: 'streamable-http',
      checkedAt,
    },
    remotes: [{ type: 'streamable-http' as const, url: 'https://new.example/mcp', headers: [] }],
  } as unknown as Parameters<typeof skippedAsFresh>[0]
  const history = [
    { kind: 'remote', target: 'https://old.example/mcp', outcome: 'skipped' },
    { kind: 'remote', target: 'https://old.example/mcp', outcome: 'ok' },
  ]
  const elsewhere = probedElsewhere(listing, history)
  expect(elsewhere).toBe('https://old.example/mcp')
  const results: Parameters<typeof skippedAsFresh>[1] = []
  const skipped = skippedAsFresh(listing, results, new Date(), elsewhere)
  expect(skipped).toBe(false)
  expect(results).toEqual([])
  // The same endpoint, still listed: its ttlMs stands.
  const same = [{ kind: 'remote', target: 'https://new.example/mcp', outcome: 'ok' }]
  expect(probedElsewhere(listing, same)).toBeNull()
  expect(skippedAsFresh(listing, [], new Date(), probedElsewhere(listing, same))).toBe(true)
})
