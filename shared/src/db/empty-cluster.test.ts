import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { emptyClusterPath, keptEmptyClusters, pgliteVersion, placeEmptyCluster } from './empty-cluster'
import { openDatabase, runMigrations } from './index'

const root = mkdtempSync(join(tmpdir(), 'mcpdir-cluster-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** The cluster's identity: initdb gives every cluster it makes a new one, so equal ones were loaded, not made. */
async function systemIdentifier(dataDir: string | null): Promise<string> {
  const database = await openDatabase({ url: dataDir === null ? 'memory://' : null, dataDir: dataDir ?? undefined })
  try {
    await runMigrations(database)
    const [row] = await database.rows<{ id: string }>(
      sql`select system_identifier::text as id from pg_control_system()`,
    )
    // The loaded cluster is a working one: the search extension and the migrated tables are there.
    const [trgm] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`,
    )
    expect(trgm!.n).toBe(1)
    return row!.id
  } finally {
    await database.close()
  }
}

describe('the shipped empty cluster', () => {
  test('one is kept for the installed PGlite, and only that one', () => {
    const path = emptyClusterPath()
    if (!existsSync(path))
      throw new Error(
        `no empty cluster for PGlite ${pgliteVersion()}: run bun run db:empty-cluster and commit the file`,
      )
    expect(keptEmptyClusters()).toEqual([path])
  })

  test('new embedded databases, on disk and in memory, are loaded from it rather than made by initdb', async () => {
    const first = await systemIdentifier(join(root, 'a'))
    const second = await systemIdentifier(join(root, 'b'))
    const inMemory = await systemIdentifier(null)
    expect(second).toBe(first)
    expect(inMemory).toBe(first)
    // Placed whole through a staging folder, which is gone afterwards.
    expect(existsSync(join(root, 'a', 'pglite', 'PG_VERSION'))).toBe(true)
    expect(readFileSync(join(root, 'a', 'pglite', 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/)
    expect(readdirSync(join(root, 'a'))).toEqual(['pglite'])
  }, 60_000)

  test('an existing database is opened as it is, its data kept', async () => {
    const dir = join(root, 'kept')
    const database = await openDatabase({ url: null, dataDir: dir })
    await database.execScript('create table kept_rows (n int); insert into kept_rows values (7)')
    await database.close()
    const again = await openDatabase({ url: null, dataDir: dir })
    try {
      expect(await again.rows<{ n: number }>(sql`select n from kept_rows`)).toEqual([{ n: 7 }])
    } finally {
      await again.close()
    }
  }, 60_000)

  test('an empty folder gets the cluster; a folder holding anything else is never touched', async () => {
    const empty = join(root, 'empty')
    mkdirSync(join(empty, 'pglite'), { recursive: true })
    expect(await systemIdentifier(empty)).toBe(await systemIdentifier(join(root, 'c')))
    const other = join(root, 'other', 'pglite')
    mkdirSync(join(other, 'base'), { recursive: true })
    writeFileSync(join(other, 'base', 'leftover'), 'x')
    expect(await placeEmptyCluster(other)).toBe(false)
    expect(readdirSync(other)).toEqual(['base'])
    expect(readFileSync(join(other, 'base', 'leftover'), 'utf8')).toBe('x')
  }, 60_000)
})
