// `bun run import <file-or-url>`: imports a list in the official MCP registry's format, with the same code as
// POST /api/v1/admin/import. Where it goes:
//   - with --api [<base-url>]: through a running directory's operator API;
//   - when an all-in-one directory runs on DATA_DIR (it holds the lock there): through its API, never its files;
//   - else into the database named by DATABASE_URL (embedded PGlite under DATA_DIR when unset).
// A registry's base URL (one that speaks the official registry's /v0.1 API) is paged through with cursors into the
// database; with --follow it is then synced again every REGISTRY_SYNC_MINUTES with updated_since, until stopped.
import { statSync } from 'node:fs'
import {
  createCatalogApp,
  ImportFormatError,
  parseRegistryDocument,
  registryBaseOf,
  type RegistrySyncSummary,
} from '@mcp-directory/catalog'
import { adminImport } from '@mcp-directory/catalog/contracts'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { loadConfig, type Config } from '@mcp-directory/shared/config'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import { isRefusal } from '@mcp-directory/shared/errors'
import { readStreamUpTo } from '@mcp-directory/shared/http'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openMigratedDatabase } from '@mcp-directory/shared/runtime'
import { CommandError, parseCommand, runCommand, urlOption } from './cli'
import { bareApiFlag, callOperatorApi, holdDataDir, operatorApi, runningEmbeddedDirectory } from './operator-api'

const NAME = 'bun run import'
const USAGE = `usage: ${NAME} <file-or-url> [--api [<base-url>]]
       ${NAME} <registry-base-url> [--follow]

Imports a list in the official MCP registry's format (a JSON array of server.json objects, or an object with a
"servers" array). Idempotent: prints how many entries were created, updated, unchanged and skipped (and why).

  <file-or-url>       a local file, or an http(s) address to download it from
  <registry-base-url> a registry serving /v0.1/servers (the official registry, another directory): paged through
                      with cursors into the database of DATABASE_URL (embedded under DATA_DIR when unset)
  --follow            with a registry: keep syncing what changed every REGISTRY_SYNC_MINUTES, until stopped
  --api [<base-url>]  go through the operator API of a running directory (default: the one running on DATA_DIR,
                      else http://localhost:$PORT); the token is OPERATOR_TOKEN, else the one kept in DATA_DIR
  -h, --help          this text

Without --api, a directory running on DATA_DIR is used through its API; otherwise the database of DATABASE_URL
(embedded under DATA_DIR when unset) is written directly.`

const MAX_BYTES = 64 * 1024 * 1024

/** What one import did (the operator API's answer). */
interface ImportSummary {
  total: number
  created: number
  updated: number
  unchanged: number
  skipped: { index: number; name: string | null; reason: string }[]
  /** Entries another origin (or a claimed listing) holds, kept for the operator. */
  conflicts?: { name: string; reason: string }[]
}

/** Where a document comes from: the first source that accepts the argument reads it. */
interface ImportSource {
  accepts(arg: string): boolean
  read(arg: string): Promise<unknown>
}

/** Where a document goes. */
type ImportTarget = (doc: unknown) => Promise<ImportSummary>

function parseJson(text: string, from: string): unknown {
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new CommandError(`${from} is not JSON: ${err instanceof Error ? err.message : String(err)}`)
  }
}

const httpSource: ImportSource = {
  accepts: (arg) => /^https?:\/\//i.test(arg),
  read: async (url) => {
    let res: Response
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(60_000) })
    } catch (err) {
      throw new CommandError(`cannot download ${url}: ${err instanceof Error ? err.message : String(err)}`)
    }
    if (!res.ok) throw new CommandError(`${url}: HTTP ${res.status}`)
    if (Number(res.headers.get('content-length') ?? 0) > MAX_BYTES)
      throw new CommandError(`${url}: larger than ${MAX_BYTES} bytes`)
    // Read up to the bound, not whole: a body that announces no length may never end.
    const bytes = await readStreamUpTo(res.body, MAX_BYTES)
    if (bytes === null) throw new CommandError(`${url}: larger than ${MAX_BYTES} bytes`)
    return parseJson(new TextDecoder().decode(bytes), url)
  },
}

const fileSource: ImportSource = {
  accepts: () => true,
  read: async (path) => {
    let size: number
    try {
      const st = statSync(path)
      if (!st.isFile()) throw new CommandError(`${path} is not a file`)
      size = st.size
    } catch (err) {
      if (err instanceof CommandError) throw err
      const code = (err as NodeJS.ErrnoException).code
      throw new CommandError(
        `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : String(err)}`,
      )
    }
    if (size > MAX_BYTES) throw new CommandError(`${path}: larger than ${MAX_BYTES} bytes`)
    return parseJson(await Bun.file(path).text(), path)
  },
}

// Registry documents come from a file or an http(s) address; add a source here to read another kind.
const SOURCES: ImportSource[] = [httpSource, fileSource]

/** Through the operator API of a running directory. */
function apiTarget(config: Config, base: string | undefined): ImportTarget {
  const api = operatorApi(config, base)
  return async (doc) => {
    console.error(`importing through ${api.base}`)
    return await callOperatorApi(api, adminImport, { body: doc as BodyOf<typeof adminImport> })
  }
}

// Writes of a command-line import go in small transactions with a full collection after each: every PGlite query
// leaves native garbage the collector would otherwise let pile up to several times the live size.
const CLI_BATCH = 50

type Catalog = ReturnType<typeof createCatalogApp>

/**
 * Runs `work` with a catalog on the database itself (only when no directory holds DATA_DIR): embedded, DATA_DIR is
 * held meanwhile, so a directory started then refuses instead of opening it too. Events written are published (or
 * stay in the outbox for the catalog service) before everything is closed.
 */
async function withCatalog<T>(config: Config, work: (catalog: Catalog) => Promise<T>): Promise<T> {
  const log = createLogger('import', config.logLevel === 'info' ? 'warn' : config.logLevel)
  const release = config.databaseUrl === null ? holdDataDir(config.dataDir, NAME) : () => {}
  const database = await openMigratedDatabase(config, log)
  const bus = config.natsUrl ? openBus(config, log) : createMemoryBus()
  // This catalog serves no requests, so its operator token is never checked: a random one.
  const operatorToken = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url')
  const catalog = createCatalogApp({ config, database, bus, log, operatorToken })
  try {
    return await work(catalog)
  } finally {
    await catalog
      .flush()
      .catch((err) => console.error(`events stay in the outbox and are published by the catalog service: ${err}`))
    await catalog.close()
    await bus.close()
    await database.close()
    release()
  }
}

/** Straight into the database (only when no directory holds DATA_DIR). */
function databaseTarget(config: Config): ImportTarget {
  return (doc) =>
    withCatalog(config, (catalog) =>
      catalog.importDocument(
        doc,
        (done, total) => {
          Bun.gc(true)
          progress(done, total)
        },
        { batchSize: CLI_BATCH },
      ),
    )
}

/** Pages through a registry's /v0.1/servers into the database (the catalog's import module does the work). */
async function importFromRegistry(config: Config, base: string, follow: boolean): Promise<void> {
  if (runningEmbeddedDirectory(config)) {
    throw new CommandError(
      `a directory is running on ${config.dataDir}: stop it, or start it with REGISTRY_UPSTREAM_URL=${base}`,
    )
  }
  const report = (s: RegistrySyncSummary) => {
    for (const k of s.skipped) console.log(`skipped #${k.index}${k.name ? ` ${k.name}` : ''}: ${k.reason}`)
    console.log(
      `${s.upstream}${s.since ? ` since ${s.since}` : ''}: ${s.pages} pages, ${s.total} entries: ${s.created} created, ` +
        `${s.updated} updated, ${s.unchanged} unchanged, ${s.skipped.length} skipped; ${s.versions} versions, ${s.removed} removed, ` +
        `${s.restored} restored`,
    )
    if (s.conflicts.length) console.log(`${s.conflicts.length} kept for the operator (bun run admin conflicts)`)
    if (s.stopped) console.log(`stopped early: ${s.stopped}`)
  }
  await withCatalog(config, async (catalog) => {
    if (!follow) {
      try {
        report(await catalog.syncFromRegistry(base, { full: true, onProgress: progress }))
      } catch (err) {
        throw new CommandError(`import from ${base} failed: ${err instanceof Error ? err.message : String(err)}`)
      }
      return
    }
    console.log(`following ${base} every ${config.registrySyncMinutes} min (Ctrl-C stops)`)
    catalog.followRegistry(base, config.registrySyncMinutes * 60_000, report)
    await new Promise<void>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve())
    })
  })
}

// A one-line progress bar on a terminal; silent when piped.
function progress(done: number, total: number) {
  if (!process.stderr.isTTY || total === 0) return
  const width = 30
  const filled = Math.round((done / total) * width)
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`)
  if (done === total) process.stderr.write('\n')
}

await runCommand(NAME, async () => {
  const { values, positionals } = parseCommand(
    {
      name: NAME,
      usage: USAGE,
      options: { api: { type: 'string' }, follow: { type: 'boolean' } },
      positionals: { min: 1, max: 1, names: 'the file or URL to import' },
    },
    bareApiFlag(process.argv.slice(2)),
  )
  const config = loadConfig()
  const api = values.api === undefined ? undefined : values.api === '' ? '' : urlOption(NAME, 'api', values.api)
  const source = positionals[0]!
  const registryBase = registryBaseOf(source)
  if (registryBase) {
    if (api !== undefined)
      throw new CommandError('a registry is imported into the database; --api takes a file or a document URL')
    return importFromRegistry(config, registryBase, values.follow === true)
  }
  if (values.follow)
    throw new CommandError('--follow needs a registry base URL (one serving /v0.1/servers), not a file or a document')
  const target =
    api !== undefined || runningEmbeddedDirectory(config) ? apiTarget(config, api || undefined) : databaseTarget(config)
  const doc = await SOURCES.find((s) => s.accepts(source))!.read(source)
  // The document's shape is checked before anything is opened or sent.
  try {
    parseRegistryDocument(doc)
  } catch (err) {
    if (err instanceof ImportFormatError) throw new CommandError(`${source}: ${err.message}`)
    throw err
  }
  let summary: ImportSummary
  try {
    summary = await target(doc)
  } catch (err) {
    // The document's shape is wrong (the same 400 the operator API answers).
    if (isRefusal(err)) throw new CommandError(`${source}: ${err.message}`)
    throw err
  }
  for (const s of summary.skipped) console.log(`skipped #${s.index}${s.name ? ` ${s.name}` : ''}: ${s.reason}`)
  console.log(
    `${summary.total} entries: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.skipped.length} skipped`,
  )
  if (summary.conflicts?.length)
    console.log(`${summary.conflicts.length} kept for the operator (bun run admin conflicts)`)
})
process.exit(0)
