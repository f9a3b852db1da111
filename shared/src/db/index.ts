/** Database factory (postgres.js or embedded PGlite), the migration runner, and every service's tables. */
// Each driver is loaded only when a database of its kind is opened: a process holds one of them, not both.
import { mkdirSync } from 'node:fs'
import type { SQL } from 'drizzle-orm'
import type postgres from 'postgres'
import { emptyClusterBlob, placeEmptyCluster } from './empty-cluster'
import { type Database, type Db, resultRows } from './database'
import * as schema from './schema'

export * from './schema'
export { runMigrations } from './migrate'
export { type Database, type Db, resultRows, type Tx } from './database'
export { emptyClusterPath, keptEmptyClusters, pgliteVersion } from './empty-cluster'

/** Options for opening the database. */
export interface DatabaseOptions {
  /** `postgres://…`, `memory://`, or null for PGlite stored under `dataDir`. */
  url: string | null
  dataDir?: string
  /** postgres.js pool size. */
  max?: number
  /** Fail a query after this long instead of hanging on a dead server. */
  connectTimeoutSeconds?: number
}

/**
 * Embedded PostgreSQL's memory settings. PGlite starts with PostgreSQL's defaults (initdb writes shared_buffers =
 * 128MB and max_connections = 100), and the buffer pool and the per-connection shared structures are written at
 * start, so they are resident from the first second: about 120 MiB of a small directory's footprint. One process
 * is the only connection; search reads its own index in memory, so the buffers serve detail reads and writes, and
 * 8 MB of them keep what is hot (16 MB cost the process 13 MiB more); pages beyond come from the operating system's
 * file cache. Index builds (migrations) get 16 MB instead of 64 MB: WebAssembly memory, once grown, is never given
 * back.
 */
export const PGLITE_SETTINGS = ['shared_buffers=8MB', 'max_connections=5', 'maintenance_work_mem=16MB']

// A statement this small is prepared: its parameters are few and its text short, so the distinct ones are the
// code's own queries (bounded), not one per size of an IN list or a batch of values.
const PREPARED_MAX_PARAMETERS = 16
const PREPARED_MAX_TEXT = 2_000

type Sql = postgres.Sql

/**
 * drizzle runs each query as an unnamed statement, which postgres.js must describe before it can bind it: two round
 * trips a query. The small queries the services make over and over (a listing by id, a counter, a token) run as
 * prepared statements instead: described once per connection, then one round trip. So do those of a transaction.
 * A connection pooler in front of PostgreSQL must keep prepared statements (PgBouncer 1.21+ with
 * `max_prepared_statements`, or session pooling).
 */
function preparing<T extends Sql>(sql: T): T {
  return new Proxy(sql, {
    get(target, key) {
      const value = Reflect.get(target, key, target)
      if (key === 'unsafe')
        return (query: string, params?: unknown[], options?: { prepare?: boolean }) =>
          target.unsafe(query, params as never, {
            ...options,
            prepare:
              options?.prepare === true ||
              ((params?.length ?? 0) <= PREPARED_MAX_PARAMETERS && query.length <= PREPARED_MAX_TEXT),
          })
      if (key === 'begin' || key === 'savepoint')
        return (...args: unknown[]) => {
          const run = args.pop() as (tx: Sql) => unknown
          return (value as (...a: unknown[]) => unknown).call(target, ...args, (tx: Sql) => run(preparing(tx)))
        }
      return typeof value === 'function' ? value.bind(target) : value
    },
  }) as T
}

/** Opens PostgreSQL (postgres.js) for `postgres://` URLs, otherwise embedded PGlite with pg_trgm. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url && /^postgres(ql)?:\/\//.test(opts.url)) {
    const { default: postgres } = await import('postgres')
    const { drizzle: drizzlePostgres } = await import('drizzle-orm/postgres-js')
    const client = postgres(opts.url, {
      max: opts.max ?? 10,
      connect_timeout: opts.connectTimeoutSeconds ?? 5,
      idle_timeout: 30,
      onnotice: () => {},
      // Dates and bigints arrive as strings from raw queries; drizzle's builder maps its own columns.
    })
    const db = drizzlePostgres(preparing(client), { schema }) as unknown as Db
    return {
      kind: 'postgres',
      db,
      rows: async <T>(q: SQL) => resultRows<T>(await db.execute(q)),
      execScript: async (script) => {
        await client.unsafe(script)
      },
      ping: async () => {
        await client`select 1`
      },
      close: async () => {
        await client.end({ timeout: 5 })
      },
    }
  }
  let dataDir: string | undefined
  if (opts.url !== 'memory://') {
    dataDir = opts.dataDir ?? './.data'
    mkdirSync(dataDir, { recursive: true })
    dataDir = `${dataDir.replace(/\/+$/, '')}/pglite`
  }
  // A new database starts from the shipped empty cluster rather than being made by initdb (see empty-cluster.ts).
  if (dataDir !== undefined) await placeEmptyCluster(dataDir)
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite')
  const client = await PGlite.create({
    dataDir,
    loadDataDir: dataDir === undefined ? (emptyClusterBlob() ?? undefined) : undefined,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    kind: 'pglite',
    db,
    rows: async <T>(q: SQL) => resultRows<T>(await db.execute(q)),
    execScript: async (script) => {
      await client.exec(script)
    },
    ping: async () => {
      await client.query('select 1')
    },
    close: async () => {
      await client.close()
    },
  }
}

/** Escapes a value for LIKE patterns. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export { sql, eq, and, or, gt, gte, lt, inArray, isNull, desc, asc, count, type SQL } from 'drizzle-orm'
