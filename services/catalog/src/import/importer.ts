import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { storableValue } from '@mcp-directory/shared/text'
import { removeDemoListings } from './demo-removal'
import type { ServedVersions } from './ports'
import { DEMO_ORIGIN, IMPORT_ORIGIN } from '../listings/origin'
import { ImportFormatError, normalizeEntry, parseRegistryDocument } from './parse'
import { importDocument, type ImportOptions, type ImportProgress, type ImportSummary } from './service'
import { isTakedownSkip } from '../takedown/service'
import { recordsOf, recordVersions } from './versions'

/** Imports a registry document and records the versions the registry API serves of it. */
export type Importer = (doc: unknown, onProgress?: ImportProgress, opts?: ImportOptions) => Promise<ImportSummary>

/**
 * The catalog's one way in for a registry document (the endpoint, the CLI, the demo catalog, an upstream sync).
 * Real data (any origin but `demo`) first removes the demo catalog; entries kept for the operator are logged.
 */
export function createImporter(deps: {
  database: Database
  /** Where the versions the registry API serves of an import are kept. */
  versions: ServedVersions
  nudge: () => void
  log: Logger
  /** OUTBOUND_ALLOW_PRIVATE=1: remotes on loopback or private addresses are kept (tests, local development). */
  config?: Pick<Config, 'outboundAllowPrivate'>
  /** Settles once the start-up pass brought every stored identity (skeletons, keys) up to date. */
  after?: Promise<void>
}): Importer {
  return async (given, onProgress, opts = {}) => {
    // An entry is judged against stored skeletons: never against ones computed by rules older than its own.
    await deps.after
    // Cleaned here too, not only where the API reads a body: a file the command line parsed may hold a NUL (which
    // PostgreSQL refuses) or nest too deep to serialise, and either failed the versions after the listings committed.
    const doc = storableValue(given).value
    const origin = opts.origin ?? IMPORT_ORIGIN
    if (origin !== DEMO_ORIGIN && hasUsableEntry(doc) && (await removeDemoListings(deps.database, deps.log)))
      deps.nudge()
    const scope = { ...opts, allowPrivateRemotes: deps.config?.outboundAllowPrivate === true }
    const { summary, notKept } = await importDocument(deps.database, doc, onProgress, scope)
    // An entry a takedown refused brings no version either: what was taken down is never written again.
    const takenDown = summary.skipped.flatMap((s) => (s.name && isTakedownSkip(s.reason) ? [s.name] : []))
    const notServed = new Set([...notKept, ...takenDown])
    await recordVersions(deps.database, deps.versions, recordsOf(doc), origin, notServed)
    if (summary.conflicts.length)
      deps.log.warn(
        {
          origin,
          conflicts: summary.conflicts.length,
          first: summary.conflicts.slice(0, 5).map((c) => `${c.name}: ${c.reason}`),
        },
        'import conflicts kept for the operator (GET /api/v1/admin/import-conflicts)',
      )
    deps.nudge()
    return summary
  }
}

/**
 * Whether a document brings real data: at least one entry the importer can use. A document of nothing usable (an
 * empty list, entries without a name) would otherwise remove the demo catalog and put nothing in its place.
 */
function hasUsableEntry(doc: unknown): boolean {
  try {
    return parseRegistryDocument(doc).entries.some((e, i) => normalizeEntry(e, i).ok)
  } catch (err) {
    // Not the registry's format: the import refuses it, and nothing is removed.
    if (err instanceof ImportFormatError) return false
    throw err
  }
}
