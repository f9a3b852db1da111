// What an open database is, whichever driver holds it: the handle services and the migration runner stand on.
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema'

/** Drizzle handle over either driver; the query builder is the same for both. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** An open database: the drizzle handle plus raw helpers that behave the same on both drivers. */
export interface Database {
  kind: 'postgres' | 'pglite'
  db: Db
  /** Runs a raw statement and returns its rows (same shape on both drivers). */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>
  /** Runs several statements separated by semicolons (migrations, DDL). */
  execScript(script: string): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

/** The transaction a `database.db.transaction` callback is given: repositories take it to run in the caller's. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** The rows of a raw result, whichever driver produced it (postgres.js returns an array, PGlite `{ rows }`). */
export function resultRows<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[]
}
