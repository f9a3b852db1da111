// An import plans its entries against the listings it read, then writes them. A submission or a claim landing in
// between must not be overrun: the import writes under the same identity lock as submissions and claims, and an
// entry that a listing written since the plan now meets waits for the operator like any other conflict.
import { describe, expect, test } from 'bun:test'
import { and, eq, inArray, listings } from '@mcp-directory/shared/db'
import { freshCatalog } from './fresh-catalog'

const OPERATOR = 'import-race-test-operator-token'
const made = freshCatalog(OPERATOR)

/** A pending listing, as the submission service creates it through the internal API. */
async function submit(name: string, url: string) {
  const res = await made.catalog.app.handle(
    new Request('http://localhost/internal/listings', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, url, description: 'Submitted while an import ran', category: 'Developer Tools' }),
    }),
  )
  expect(res.status).toBe(201)
}

const holdersOf = (repositoryUrl: string) =>
  made.database.db
    .select({ name: listings.name, origin: listings.origin })
    .from(listings)
    .where(and(eq(listings.repositoryUrl, repositoryUrl), inArray(listings.status, ['pending', 'active', 'flagged'])))

describe('a submission between an import plan and its writes', () => {
  test('a repository submitted meanwhile is not listed twice: the entry waits for the operator', async () => {
    const repo = 'https://github.com/racer/tool'
    let submitted = false
    const summary = await made.catalog.importDocument(
      [{ name: 'io.github.racer/tool', description: 'Imported', repository: { url: repo, source: 'github' } }],
      async () => {
        if (submitted) return
        submitted = true
        await submit('io.github.racer/tool-submitted', repo)
      },
    )
    expect(submitted).toBe(true)
    expect(await holdersOf(repo)).toEqual([{ name: 'io.github.racer/tool-submitted', origin: 'submission' }])
    expect(summary.created).toBe(0)
    expect(summary.conflicts).toEqual([expect.objectContaining({ name: 'io.github.racer/tool', reason: 'repository' })])
  })

  test('a look-alike name submitted meanwhile is not listed twice either', async () => {
    let submitted = false
    const summary = await made.catalog.importDocument(
      [{ name: 'io.github.racer/LookAlike', description: 'Imported' }],
      async () => {
        if (submitted) return
        submitted = true
        await submit('io.github.racer/lookalike', 'https://github.com/racer/lookalike')
      },
    )
    const names = await made.database.db
      .select({ name: listings.name })
      .from(listings)
      .where(inArray(listings.name, ['io.github.racer/LookAlike', 'io.github.racer/lookalike']))
    // Names that differ only in case look the same: the one submitted first holds it.
    expect(names.map((n) => n.name)).toEqual(['io.github.racer/lookalike'])
    expect(summary.conflicts).toEqual([
      expect.objectContaining({ name: 'io.github.racer/LookAlike', reason: 'skeleton' }),
    ])
  })

  test("a claim recorded meanwhile keeps the owner's packages: the entry waits for the operator", async () => {
    const NAME = 'io.github.racer/claimed'
    const entry = (pkg: string) => ({
      name: NAME,
      description: `Served from ${pkg}`,
      packages: [{ registryType: 'npm', identifier: pkg, version: '1.0.0', transport: { type: 'stdio' } }],
    })
    await made.catalog.importDocument([entry('own-tool')])
    const [{ id }] = await made.database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, NAME))
    let claimed = false
    const summary = await made.catalog.importDocument([entry('swapped-tool')], async () => {
      if (claimed) return
      claimed = true
      const res = await made.catalog.app.handle(
        new Request(`http://localhost/internal/listings/${id}/claims`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ claimId: 'race-claim', claimant: 'agent:owner', method: 'github', evidence: {} }),
        }),
      )
      expect(res.status).toBe(200)
    })
    const [row] = await made.database.db
      .select({ packages: listings.packages, isOfficial: listings.isOfficial })
      .from(listings)
      .where(eq(listings.id, id!))
    expect(row!.isOfficial).toBe(true)
    expect(JSON.stringify(row!.packages)).toContain('own-tool')
    expect(summary.updated).toBe(0)
    expect(summary.conflicts).toEqual([expect.objectContaining({ name: NAME, reason: 'claimed', listingId: id })])
  })

  test('a submission given the id the plan chose for a later entry still holds its repository', async () => {
    const repo = 'https://github.com/racer/shared-id'
    let submitted = false
    const summary = await made.catalog.importDocument(
      [
        { name: 'io.github.racer/first', description: 'Imported', repository: { url: repo, source: 'github' } },
        { name: 'io.github.racer/beta', description: 'Imported later in the document' },
      ],
      async () => {
        if (submitted) return
        submitted = true
        // Its id is `beta`, the id the plan chose for the second entry.
        await submit('beta', repo)
      },
      { batchSize: 1 },
    )
    expect(await holdersOf(repo)).toEqual([{ name: 'beta', origin: 'submission' }])
    expect(summary.conflicts).toEqual([
      expect.objectContaining({ name: 'io.github.racer/first', reason: 'repository' }),
    ])
    // The later entry is written under another id.
    const [later] = await made.database.db
      .select({ id: listings.id })
      .from(listings)
      .where(eq(listings.name, 'io.github.racer/beta'))
    expect(later!.id).not.toBe('beta')
  })

  test('an entry the plan saw unchanged by anyone is written as before', async () => {
    let calls = 0
    const summary = await made.catalog.importDocument(
      [{ name: 'io.github.racer/calm', description: 'Nobody else wants this one' }],
      () => {
        calls++
      },
    )
    expect(calls).toBeGreaterThan(0)
    expect(summary.created).toBe(1)
    expect(summary.conflicts).toEqual([])
  })
})
