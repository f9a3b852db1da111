import type { Database } from '@mcp-directory/shared/db'
import { importDocument, type ImportOptions, type ImportProgress, type ImportSummary } from './service'
import { recordsOf, recordVersions } from './versions'

/** Imports a registry document and records the versions the registry API serves of it. */
export type Importer = (doc: unknown, onProgress?: ImportProgress, opts?: ImportOptions) => Promise<ImportSummary>

/** The catalog's one way in for a registry document (the endpoint, the CLI, the demo catalog, an upstream sync). */
export function createImporter(deps: { database: Database; namespace: string; nudge: () => void }): Importer {
  return async (doc, onProgress, opts) => {
    const summary = await importDocument(deps.database, doc, onProgress, opts)
    await recordVersions(deps.database, recordsOf(doc), deps.namespace)
    deps.nudge()
    return summary
  }
}
