// What a probe saw belongs to what it probed. When an origin replaces a listing's endpoint or package, as when an
// owner does, the listing is no longer verified or seen running until the new ones are, and the old endpoint's
// health and protocol (whose ttlMs would put off the new one's first probe) are gone.
import { expect, test } from 'bun:test'
import { eq, listings, sql } from '@mcp-directory/shared/db'
import { freshCatalog } from './fresh-catalog'

const made = freshCatalog('import-probed-test-operator-token')
const NAME = 'io.github.prober/hosted'

const entry = (description: string, remote: string, pkg: string) => ({
  name: NAME,
  description,
  remotes: [{ type: 'streamable-http', url: remote }],
  packages: [{ registryType: 'npm', identifier: pkg, version: '1.0.0', transport: { type: 'stdio' } }],
})

/** The listing as the prober left it: verified, seen running, active, with the protocol its endpoint spoke. */
async function probed() {
  await made.database.rows(sql`update catalog.listings set is_verified_active = true, seen_running = true,
    health = 'active', health_checked_at = now(),
    mcp_protocol = '{"version":"2026-07-28","era":"modern","ttlMs":86400000,"source":"streamable-http"}'
    where name = ${NAME}`)
}

const seen = async () => {
  const [row] = await made.database.db
    .select({
      verified: listings.isVerifiedActive,
      seenRunning: listings.seenRunning,
      health: listings.health,
      healthCheckedAt: listings.healthCheckedAt,
      protocol: listings.mcpProtocol,
    })
    .from(listings)
    .where(eq(listings.name, NAME))
  return { ...row!, healthCheckedAt: row!.healthCheckedAt !== null, protocol: row!.protocol !== null }
}
const asProbed = { verified: true, seenRunning: true, health: 'active', healthCheckedAt: true, protocol: true }

test('an entry that changes neither keeps what was seen', async () => {
  await made.catalog.importDocument([entry('First', 'https://a.example/mcp', 'hosted-mcp')])
  await probed()
  expect((await made.catalog.importDocument([entry('Second', 'https://a.example/mcp', 'hosted-mcp')])).updated).toBe(1)
  expect(await seen()).toEqual(asProbed)
})

test('another package: not verified nor seen running until probed; the endpoint keeps its health', async () => {
  await made.catalog.importDocument([entry('Second', 'https://a.example/mcp', 'other-mcp')])
  expect(await seen()).toEqual({ ...asProbed, verified: false, seenRunning: false })
})

test('another endpoint: its health and protocol were the old one’s, and are gone', async () => {
  await probed()
  await made.catalog.importDocument([entry('Second', 'https://b.example/mcp', 'other-mcp')])
  expect(await seen()).toEqual({
    verified: false,
    seenRunning: false,
    health: null,
    healthCheckedAt: false,
    protocol: false,
  })
})
