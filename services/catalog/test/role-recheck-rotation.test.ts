// The re-check of publisher marks reaches every (organisation, login) pair in turn: a pass asks at most 500 pairs,
// the least recently checked first, so a publisher who registers 500 organisations named `aaa…` (GitHub
// organisations are free) cannot keep a later organisation's demoted admin's mark from being asked. Replicas share
// the pairs instead of each asking GitHub about all of them, and the first pass comes minutes after start, not a day.
import { afterAll, beforeAll, beforeEach, expect, test } from 'bun:test'
import { type Database, openDatabase, runMigrations, sql } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { createFreshDatabase, type FreshDatabase } from '@mcp-directory/shared/testing'
import type { RoleCheck } from '../src/publish/org-role'
import { ROLE_RECHECK_MS, recheckRoles, startRoleRecheck } from '../src/publish/role-recheck'

const log = createLogger('test', 'silent')
let fresh: FreshDatabase
let database: Database

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const orgs = [...Array.from({ length: 500 }, (_, i) => `aaa${String(i).padStart(3, '0')}`), 'victimorg']
  for (const org of orgs)
    await database.db.execute(sql`
      insert into catalog.listings (id, name, description, category, source, status, origin, published_by)
      values (${`id-${org}`}, ${`io.github.${org}/tool`}, 'A tool', 'other', 'registry', 'active',
              ${`publisher:io.github.${org}`}, ${org === 'victimorg' ? 'alice' : 'mallory'})`)
}, 60_000)
afterAll(async () => {
  await database?.close()
  await fresh?.drop()
})
// Each test starts with no pair ever checked.
beforeEach(async () => {
  await database.db.execute(sql`delete from catalog.role_rechecks`)
})

/** A role check that records what it was asked (and, optionally, waits a little each time). */
function recorder(pauseMs = 0) {
  const asked: string[] = []
  const roles: RoleCheck = async (org, login) => {
    asked.push(`${org}/${login}`)
    if (pauseMs) await Bun.sleep(pauseMs)
    return { held: true }
  }
  return { asked, roles }
}

test("a demoted admin's mark past the first 500 pairs is asked at the next pass, and only what is due is asked", async () => {
  const first = recorder()
  await recheckRoles(database, first.roles, log, { dueAfterMs: ROLE_RECHECK_MS })
  expect(first.asked).toHaveLength(500)
  const second = recorder()
  await recheckRoles(database, second.roles, log, { dueAfterMs: ROLE_RECHECK_MS })
  // The pair the first pass left is asked now; the 500 asked an instant ago are not due again.
  expect(second.asked).toEqual(['victimorg/alice'])
  // An operator's pass ("now") asks again, least recently checked first: the first pass's pairs.
  const now = recorder()
  await recheckRoles(database, now.roles, log)
  expect(now.asked[0]).toBe('aaa000/mallory')
  expect(now.asked).not.toContain('victimorg/alice')
})

test('two replicas passing at once ask GitHub about each pair once between them', async () => {
  const a = recorder(1)
  const b = recorder(1)
  await Promise.all([
    recheckRoles(database, a.roles, log, { dueAfterMs: ROLE_RECHECK_MS }),
    recheckRoles(database, b.roles, log, { dueAfterMs: ROLE_RECHECK_MS }),
  ])
  const all = [...a.asked, ...b.asked]
  expect(all).toHaveLength(501)
  expect(new Set(all).size).toBe(501)
  expect(all).toContain('victimorg/alice')
})

test('the first pass comes soon after start, not a pass interval later', async () => {
  const r = recorder()
  const recheck = startRoleRecheck(database, r.roles, log, {
    firstMs: 20,
    passMs: 3_600_000,
    dueAfterMs: ROLE_RECHECK_MS,
  })
  try {
    const until = Date.now() + 20_000
    while (r.asked.length < 500 && Date.now() < until) await Bun.sleep(50)
  } finally {
    await recheck.stop()
  }
  expect(r.asked).toHaveLength(500)
})
