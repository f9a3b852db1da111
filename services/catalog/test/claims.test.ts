// Claim state, owned by the catalog, through its internal claims API on the real PostgreSQL: a claim, its re-checks
// and their effects (official, revoked, events in the outbox) each written in one transaction; and the migration
// that moved the claim-verifier's rows into the catalog.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { catalogClient } from '@mcp-directory/shared/catalog-client'
import { eq, listings, openDatabase, runMigrations, sql, type Database } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, testConfig, type FreshDatabase } from '@mcp-directory/shared/testing'
import { createCatalogApp, type CatalogService } from '../src'

const log = createLogger('test', 'silent')
let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
let client: ReturnType<typeof catalogClient>
const ids: string[] = []

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  catalog = createCatalogApp({
    config: testConfig({ VIEW_FLUSH_MS: '60000', CLAIM_RECHECK_HOURS: '24', CLAIM_GRACE_DAYS: '7' }),
    database,
    bus: createMemoryBus(),
    log,
    operatorToken: 'claims-test-operator-token',
  })
  client = catalogClient((r) => catalog.app.handle(r))
  await catalog.importDocument([
    { name: 'io.example/claimed', description: 'Claimed' },
    { name: 'io.example/revoked', description: 'Revoked' },
  ])
  for (const name of ['io.example/claimed', 'io.example/revoked']) {
    const [row] = await database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, name))
    ids.push(row!.id)
  }
})
afterAll(async () => {
  await catalog?.close()
  await database?.close()
  await fresh?.drop()
})

const outbox = (claimId: string) =>
  database.rows<{ subject: string }>(
    sql`select subject from catalog.outbox where payload->>'claimId' = ${claimId} order by id`,
  )
const claimRow = async (claimId: string) =>
  (
    await database.rows<{ state: string; revoked: boolean; checks: number }>(
      sql`select state, revoked_at is not null as revoked,
        (select count(*) from catalog.claim_checks k where k.claim_id = c.claim_id)::int as checks
        from catalog.listing_claims c where claim_id = ${claimId}`,
    )
  )[0]
const isOfficial = async (id: string) =>
  (await database.db.select({ o: listings.isOfficial }).from(listings).where(eq(listings.id, id)))[0]!.o
const makeDue = (claimId: string, extra = sql``) =>
  database.db.execute(
    sql`update catalog.listing_claims set next_check_at = now() - interval '1 minute' ${extra} where claim_id = ${claimId}`,
  )

describe('the internal claims API', () => {
  test('a claim is recorded once with its re-check state; the listing is official', async () => {
    const claim = {
      claimId: 'claim-one',
      claimant: 'agent:one',
      claimantKey: 'agent:one',
      method: 'dns',
      websiteUrl: null,
      reciprocal: { readme: true, site: false },
      evidence: { checks: [] },
    }
    expect(await client.recordClaim(ids[0]!, claim)).toMatchObject({ isOfficial: true, recorded: true })
    expect(await client.recordClaim(ids[0]!, claim)).toMatchObject({ recorded: false })
    expect(await isOfficial(ids[0]!)).toBe(true)
    expect(await outbox('claim-one')).toEqual([{ subject: 'listing.claimed' }])
    const [row] = await database.rows<{ key: string; state: string; readme: boolean; due: boolean }>(
      sql`select claimant_key as key, state, reciprocal_readme as readme, next_check_at > now() + interval '23 hours' as due
        from catalog.listing_claims where claim_id = 'claim-one'`,
    )
    expect(row).toEqual({ key: 'agent:one', state: 'verified', readme: true, due: true })
    // Not due yet.
    expect((await client.dueClaims(100)).map((c) => c.claimId)).not.toContain('claim-one')
  })

  test('a due claim is leased once; a failed re-check is recorded and the claim stands', async () => {
    await makeDue('claim-one')
    const due = await client.dueClaims(100)
    expect(due.find((c) => c.claimId === 'claim-one')).toEqual({
      claimId: 'claim-one',
      listingId: ids[0]!,
      claimantKey: 'agent:one',
      method: 'dns',
      websiteUrl: null,
      state: 'verified',
    })
    expect((await client.dueClaims(100)).map((c) => c.claimId)).not.toContain('claim-one')
    const result = { proofOk: false, reciprocalReadme: true, reciprocalSite: false, details: { checks: [] } }
    expect(await client.recordRecheck('claim-one', result)).toMatchObject({
      state: 'failing',
      changed: true,
      revoked: false,
    })
    expect(await claimRow('claim-one')).toEqual({ state: 'failing', revoked: false, checks: 1 })
    expect(await isOfficial(ids[0]!)).toBe(true)
    // The same result again changes nothing and publishes nothing more.
    expect(await client.recordRecheck('claim-one', result)).toMatchObject({ state: 'failing', changed: false })
    expect(await outbox('claim-one')).toEqual([{ subject: 'listing.claimed' }, { subject: 'claim.rechecked' }])
  })

  test('failing for the whole grace period revokes the claim, the official mark and publishes both events at once', async () => {
    const claim = { claimId: 'claim-two', claimant: 'agent:two', method: 'github', evidence: {} }
    expect(await client.recordClaim(ids[1]!, claim)).toMatchObject({ recorded: true })
    const owner = async () =>
      (await database.db.select({ o: listings.ownerAgent }).from(listings).where(eq(listings.id, ids[1]!)))[0]?.o
    // The claiming agent owns the listing, until nothing proves it any more.
    expect(await owner()).toBe('two')
    await makeDue('claim-two', sql`, state = 'failing', failing_since = now() - interval '8 days'`)
    const result = { proofOk: false, reciprocalReadme: false, reciprocalSite: false }
    expect(await client.recordRecheck('claim-two', result)).toMatchObject({ state: 'revoked', revoked: true })
    expect(await claimRow('claim-two')).toEqual({ state: 'revoked', revoked: true, checks: 1 })
    expect(await isOfficial(ids[1]!)).toBe(false)
    expect(await owner()).toBeNull()
    expect(await outbox('claim-two')).toEqual([
      { subject: 'listing.claimed' },
      { subject: 'claim.rechecked' },
      { subject: 'listing.claim_revoked' },
    ])
    // A revoked claim is neither due nor re-checked again.
    expect((await client.dueClaims(100)).map((c) => c.claimId)).not.toContain('claim-two')
    expect(await client.recordRecheck('claim-two', result)).toBeNull()
  })

  test('bodies and parameters are checked by the models', async () => {
    const post = (path: string, body: unknown) =>
      catalog.app.handle(
        new Request(`http://catalog.internal${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const bad = await post(`/internal/listings/${ids[0]}/claims`, { claimId: 'x', method: 7 })
    expect(bad.status).toBe(400)
    const body = await bad.json()
    expect(body.error).toBe('invalid_body')
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual(['claimant', 'method'])
    expect((await post('/internal/claims/claim-one/rechecks', { proofOk: 'yes' })).status).toBe(400)
    expect((await post('/internal/claims/due?limit=0', {})).status).toBe(400)
    expect(
      (
        await post('/internal/claims/no-such-claim/rechecks', {
          proofOk: true,
          reciprocalReadme: false,
          reciprocalSite: false,
        })
      ).status,
    ).toBe(404)
  })
})

describe('the migration into the catalog', () => {
  test("the claim-verifier's claims, re-checks and unpublished events are copied; its schema is dropped", async () => {
    const old = await createFreshDatabase()
    const db = await openDatabase({ url: old.url })
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'))
    try {
      // Every migration before the move, then rows as the two services wrote them.
      const source = new URL('../../../infra/migrations/', import.meta.url)
      cpSync(source, dir, { recursive: true })
      const journalPath = join(dir, 'meta', '_journal.json')
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
      const upTo = journal.entries.findIndex((e) => e.tag.endsWith('_claims_in_catalog'))
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }))
      await runMigrations(db, pathToFileURL(`${dir}/`))
      await db.db.execute(
        sql.raw(`
        insert into catalog.listing_claims values
          ('c1', 'l1', 'claim-url:0123456789abcdef', 'website_badge', '{}', now() - interval '3 days', null),
          ('c2', 'l2', 'agent:orphan', 'dns', '{}', now(), null),
          ('c3', 'l3', 'claim-url:fedcba9876543210', 'dns', '{}', now(), null);
        insert into claims.claims values ('c1', 'l1', 'claim-url:0123456789abcdef0123456789abcdef', 'website_badge',
          'http://x.example/', '{}', true, false, 'failing', now(), now(), now() - interval '1 day', now() + interval '1 day');
        insert into claims.checks (claim_id, at, proof_ok, reciprocal_readme, reciprocal_site, details)
          values ('c1', now(), false, true, false, '{}');
        insert into claims.outbox (subject, payload) values ('claim.rechecked', '{"claimId": "c1"}');
      `),
      )
      await runMigrations(db)
      const rows = await db.rows<Record<string, unknown>>(
        sql`select claim_id, claimant_key, website_url, state, reciprocal_readme, failing_since is not null as failing,
          next_check_at is not null as scheduled from catalog.listing_claims order by claim_id`,
      )
      expect(rows).toEqual([
        {
          claim_id: 'c1',
          claimant_key: 'claim-url:0123456789abcdef0123456789abcdef',
          website_url: 'http://x.example/',
          state: 'failing',
          reciprocal_readme: true,
          failing: true,
          scheduled: true,
        },
        // Recorded by the catalog only: an agent's label is its key, re-checked from now on.
        {
          claim_id: 'c2',
          claimant_key: 'agent:orphan',
          website_url: null,
          state: 'verified',
          reciprocal_readme: false,
          failing: false,
          scheduled: true,
        },
        // A claim link's shortened hash cannot recompute a proof: never re-checked.
        {
          claim_id: 'c3',
          claimant_key: 'claim-url:fedcba9876543210',
          website_url: null,
          state: 'verified',
          reciprocal_readme: false,
          failing: false,
          scheduled: false,
        },
      ])
      expect(await db.rows(sql`select claim_id from catalog.claim_checks`)).toEqual([{ claim_id: 'c1' }])
      expect(await db.rows(sql`select subject from catalog.outbox`)).toEqual([{ subject: 'claim.rechecked' }])
      expect(await db.rows(sql`select nspname from pg_namespace where nspname = 'claims'`)).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
      await db.close()
      await old.drop()
    }
  })
})
