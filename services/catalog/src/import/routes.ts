import { readJsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { adminImport } from './contract'
import type { Importer } from './importer'

// The import endpoint takes a whole registry list; 32 MiB holds the official registry many times over.
const MAX_IMPORT_BYTES = 32 * 1024 * 1024
const SERVED_IMPORT_BATCH = 100

/** `POST /api/v1/admin/import` (operator): a list in the official registry's format, imported idempotently. */
export function importRoutes(deps: { importDocument: Importer; log: Logger }) {
  return new Elysia({ name: 'catalog:import' }).use(
    mount(
      adminImport,
      async ({ body }) => {
        // Transactions of 100 with a collection asked for after each (not forced, so requests are not held up): a
        // serving process otherwise let an import's garbage pile up to 900 MiB for the 5,047 listings (340 now).
        // Between two transactions the event loop gets a turn (embedded PostgreSQL answers without I/O): requests are
        // answered and the outbox relay publishes as the import goes, rather than thousands of events at its end.
        const between = async () => {
          await new Promise<void>((resolve) => setImmediate(resolve))
          Bun.gc(false)
        }
        const summary = await deps.importDocument(body, between, { batchSize: SERVED_IMPORT_BATCH })
        deps.log.info(
          { created: summary.created, updated: summary.updated, skipped: summary.skipped.length },
          'import finished',
        )
        return summary
      },
      {
        // The contract's operator guard runs before this reader: an anonymous caller never makes it buffer 32 MiB.
        parse: ({ request }: { request: Request }) =>
          readJsonBody(request, MAX_IMPORT_BYTES, (removed) => deps.log.info({ removed }, 'import: NUL removed')),
      },
    ),
  )
}
