import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import { type Database, resultRows } from './database'

/** Where drizzle-kit writes the committed migrations. */
const MIGRATIONS_DIR = new URL('../../../infra/migrations/', import.meta.url)

// Any fixed number: every process that migrates takes the same lock, so replicas starting together queue up.
const ADVISORY_LOCK_KEY = 7_310_457_001

interface JournalEntry {
  idx: number
  tag: string
}

/** Applies every committed migration not yet applied, in order, under an advisory lock; returns the tags applied. */
export async function runMigrations(database: Database, dir: URL = MIGRATIONS_DIR): Promise<string[]> {
  const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', dir), 'utf8')) as { entries: JournalEntry[] }
  const entries = [...journal.entries].sort((a, b) => a.idx - b.idx)
  const applied: string[] = []
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCK_KEY})`)
    await tx.execute(
      sql`create table if not exists public.directory_migrations (tag text primary key, applied_at timestamptz not null default now())`,
    )
    const rows = resultRows<{ tag: string }>(await tx.execute(sql`select tag from public.directory_migrations`))
    const done = new Set(rows.map((r) => r.tag))
    for (const e of entries) {
      if (done.has(e.tag)) continue
      const text = readFileSync(new URL(`${e.tag}.sql`, dir), 'utf8')
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.execute(sql.raw(statement))
      }
      await tx.execute(sql`insert into public.directory_migrations (tag) values (${e.tag})`)
      applied.push(e.tag)
    }
  })
  return applied
}
