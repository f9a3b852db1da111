// An upstream may name as many servers as it likes that meet listings of another origin: each would be kept as a
// conflict for the operator, without end. An origin has at most so many open conflicts waiting; past them an entry
// is skipped, saying why, and once the operator decides some, the next import keeps more.
import { beforeAll, describe, expect, test } from 'bun:test'
import { and, count, eq, importConflicts, listings, serverVersions } from '@mcp-directory/shared/db'
import { MAX_OPEN_CONFLICTS } from '../src/import/conflict-record'
import { freshCatalog } from './fresh-catalog'

const OPERATOR = 'conflict-cap-test-operator-token'
const HOLDER = 'registry:https://holder.example'
const made = freshCatalog(OPERATOR)

const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `io.example/held-${i}`, description: `Server number ${i}` }))
const openOfImport = async () =>
  (
    await made.database.db
      .select({ n: count() })
      .from(importConflicts)
      .where(and(eq(importConflicts.origin, 'import'), eq(importConflicts.state, 'open')))
  )[0]!.n

beforeAll(async () => {
  // Ten listings another origin holds.
  await made.catalog.importDocument(entries(10), undefined, { origin: HOLDER })
})

describe('open conflicts of one origin', () => {
  test('the default leaves room for a real registry overlapping another', () => {
    expect(MAX_OPEN_CONFLICTS).toBeGreaterThanOrEqual(5_000)
  })

  test('past the cap, an entry is skipped saying why, not kept', async () => {
    const summary = await made.catalog.importDocument(entries(10), undefined, { maxOpenConflicts: 3 })
    expect(summary.conflicts).toHaveLength(3)
    const notKept = summary.skipped.filter((s) => s.reason.startsWith('conflict not kept'))
    expect(notKept).toHaveLength(7)
    expect(notKept[0]!.reason).toContain('most open conflicts')
    expect(summary.created + summary.updated).toBe(0)
    expect(await openOfImport()).toBe(3)
  })

  test('the same import again keeps no more, and the waiting ones stay as they were', async () => {
    const summary = await made.catalog.importDocument(entries(10), undefined, { maxOpenConflicts: 3 })
    expect(summary.skipped.filter((s) => s.reason.startsWith('conflict not kept'))).toHaveLength(7)
    expect(await openOfImport()).toBe(3)
  })

  test('once the operator decides one, the next import keeps one more', async () => {
    const [first] = await made.database.db
      .select({ id: importConflicts.id })
      .from(importConflicts)
      .where(and(eq(importConflicts.origin, 'import'), eq(importConflicts.state, 'open')))
      .limit(1)
    const res = await made.catalog.app.handle(
      new Request(`http://localhost/api/v1/admin/import-conflicts/${first!.id}/dismiss`, {
        method: 'POST',
        headers: { authorization: `Bearer ${OPERATOR}` },
      }),
    )
    expect(res.status).toBe(200)
    expect(await openOfImport()).toBe(2)
    const summary = await made.catalog.importDocument(entries(10), undefined, { maxOpenConflicts: 3 })
    expect(await openOfImport()).toBe(3)
    // The dismissed entry is not raised again; one more waits; six are still not kept.
    expect(summary.skipped.filter((s) => s.reason === 'conflict dismissed by the operator')).toHaveLength(1)
    expect(summary.skipped.filter((s) => s.reason.startsWith('conflict not kept'))).toHaveLength(6)
  })

  test("a claimed listing's changed entry not kept is not served as its version either", async () => {
    const NAME = 'io.example/claimed-tool'
    const entry = (pkg: string, version: string) => ({
      name: NAME,
      description: `Served from ${pkg}`,
      version,
      packages: [{ registryType: 'npm', identifier: pkg, version, transport: { type: 'stdio' } }],
    })
    await made.catalog.importDocument([entry('own-tool', '1.0.0')])
    const [{ id }] = (await made.database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.name, NAME))) as [{ id: string }]
    const claimed = await made.catalog.app.handle(
      new Request(`http://localhost/internal/listings/${id}/claims`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ claimId: 'cap-claim-1', claimant: 'owner', method: 'readme' }),
      }),
    )
    expect(claimed.status).toBe(200)
    // The origin's open conflicts are at the cap: the swapped package is a conflict that cannot be kept.
    expect(await openOfImport()).toBe(3)
    const summary = await made.catalog.importDocument([entry('swapped-tool', '2.0.0')], undefined, {
      maxOpenConflicts: 3,
    })
    expect(summary.skipped).toEqual([
      expect.objectContaining({ name: NAME, reason: expect.stringContaining('claimed') }),
    ])
    const [row] = await made.database.db.select().from(listings).where(eq(listings.id, id))
    expect(row!.packages.map((p) => p.identifier)).toEqual(['own-tool'])
    const versions = await made.database.db.select().from(serverVersions).where(eq(serverVersions.listingId, id))
    expect(versions.map((v) => v.version)).toEqual(['1.0.0'])
  })
})
