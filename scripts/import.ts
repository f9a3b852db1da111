// `bun run import <file-or-url>`: imports a list in the official MCP registry's format into the database named by
// DATABASE_URL (embedded PGlite under DATA_DIR when unset), with the same code as POST /api/v1/admin/import.
// With --api <base-url> it posts to a running directory's operator API instead (needs OPERATOR_TOKEN).
// A registry's base URL (one that speaks the official registry's /v0.1 API) is paged through with cursors; with
// --follow it is then synced again every REGISTRY_SYNC_MINUTES with updated_since, until stopped.
import { createCatalogApp, registryBaseOf, type RegistrySyncSummary } from '@mcp-directory/catalog'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { loadConfig } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openMigratedDatabase, operatorTokenFrom } from '@mcp-directory/shared/runtime'

const MAX_BYTES = 64 * 1024 * 1024
const args = process.argv.slice(2)
const apiAt = args.indexOf('--api')
const apiBase = apiAt >= 0 ? args.splice(apiAt, 2)[1] : null
const followAt = args.indexOf('--follow')
const follow = followAt >= 0 && args.splice(followAt, 1).length === 1
const source = args[0]
if (!source) {
  console.error('usage: bun run import <file-or-url> [--api <directory-base-url>]')
  process.exit(2)
}

async function load(src: string): Promise<unknown> {
  if (/^https?:\/\//.test(src)) {
    const res = await fetch(src, { signal: AbortSignal.timeout(60_000) })
    if (!res.ok) throw new Error(`${src}: HTTP ${res.status}`)
    const text = await res.text()
    if (text.length > MAX_BYTES) throw new Error(`${src}: larger than ${MAX_BYTES} bytes`)
    return JSON.parse(text)
  }
  return JSON.parse(await Bun.file(src).text())
}

// A one-line progress bar on a terminal; silent when piped.
function progress(done: number, total: number) {
  if (!process.stderr.isTTY || total === 0) return
  const width = 30
  const filled = Math.round((done / total) * width)
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`)
  if (done === total) process.stderr.write('\n')
}

const registryBase = registryBaseOf(source)
if (registryBase) await importFromRegistry(registryBase)
else if (follow) {
  console.error('--follow needs a registry base URL (one serving /v0.1/servers), not a file or a document')
  process.exit(2)
}

/** Pages through a registry's /v0.1/servers into the database (the catalog's import module does the work). */
async function importFromRegistry(base: string): Promise<never> {
  if (apiBase) {
    console.error('a registry is imported into the database named by DATABASE_URL; --api takes a file or a document URL')
    process.exit(2)
  }
  const config = loadConfig()
  const log = createLogger('import', config.logLevel === 'info' ? 'warn' : config.logLevel)
  const database = await openMigratedDatabase(config, log)
  const bus = config.natsUrl ? openBus(config, log) : createMemoryBus()
  const catalog = createCatalogApp({ config, database, bus, log, operatorToken: operatorTokenFrom(config).token })
  const report = (s: RegistrySyncSummary) => {
    for (const k of s.skipped) console.log(`skipped #${k.index}${k.name ? ` ${k.name}` : ''}: ${k.reason}`)
    console.log(`${s.upstream}${s.since ? ` since ${s.since}` : ''}: ${s.pages} pages, ${s.total} entries: ${s.created} created, ${s.updated} updated, `
      + `${s.unchanged} unchanged, ${s.skipped.length} skipped; ${s.versions} versions, ${s.removed} removed, ${s.restored} restored`)
  }
  const stop = async (code: number) => {
    await catalog.flush().catch((err) => console.error(`events stay in the outbox and are published by the catalog service: ${err}`))
    await catalog.close()
    await bus.close()
    await database.close()
    process.exit(code)
  }
  if (!follow) {
    report(await catalog.syncFromRegistry(base, { full: true, onProgress: progress }).catch(async (err) => {
      console.error(`import failed: ${err instanceof Error ? err.message : String(err)}`)
      return stop(1)
    }))
    return stop(0)
  }
  console.log(`following ${base} every ${config.registrySyncMinutes} min (Ctrl-C stops)`)
  catalog.followRegistry(base, config.registrySyncMinutes * 60_000, report)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop(0))
  return new Promise<never>(() => {})
}

const doc = await load(source)
let summary: { total: number; created: number; updated: number; unchanged: number; skipped: { index: number; name: string | null; reason: string }[] }
if (apiBase) {
  const token = process.env.OPERATOR_TOKEN
  if (!token) throw new Error('--api needs OPERATOR_TOKEN')
  const res = await fetch(`${apiBase.replace(/\/+$/, '')}/api/v1/admin/import`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(doc) })
  if (!res.ok) throw new Error(`import failed: HTTP ${res.status} ${await res.text()}`)
  summary = await res.json()
} else {
  const config = loadConfig()
  const log = createLogger('import', config.logLevel === 'info' ? 'warn' : config.logLevel)
  const database = await openMigratedDatabase(config, log)
  const bus = config.natsUrl ? openBus(config, log) : createMemoryBus()
  const catalog = createCatalogApp({ config, database, bus, log, operatorToken: operatorTokenFrom(config).token })
  summary = await catalog.importDocument(doc, progress)
  await catalog.flush().catch((err) => console.error(`events stay in the outbox and are published by the catalog service: ${err}`))
  await catalog.close()
  await bus.close()
  await database.close()
}
for (const s of summary.skipped) console.log(`skipped #${s.index}${s.name ? ` ${s.name}` : ''}: ${s.reason}`)
console.log(`${summary.total} entries: ${summary.created} created, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.skipped.length} skipped`)
process.exit(0)
