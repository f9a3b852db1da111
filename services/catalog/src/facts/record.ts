// A probe's facts are written whole or the listing says they were not: a write that fails is tried again, and if it
// still fails the listing records the failure and stops looking current (not verified, health unknown), so a tool
// list the database refused never leaves the old, clean one standing as if it were the latest.
import { catalogOutbox, type Database, eq, listings } from '@mcp-directory/shared/db'
import { AppError } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { storableValue } from '@mcp-directory/shared/text'
import { writeFacts } from './repository'
import type { ListingFacts } from './service'

const WRITE_TRIES = 2

/** Writes the facts (which stamps `factsWrittenAt`); on a failure that is not the caller's, records it and rethrows. */
export async function writeFactsOrRecordFailure(database: Database, log: Logger, id: string, facts: ListingFacts) {
  // Cleaned again here: facts may come from a caller that did not read them through the JSON reader.
  const clean = storableValue(facts).value
  let lastError: unknown
  for (let attempt = 1; attempt <= WRITE_TRIES; attempt++) {
    try {
      return await writeFacts(database, id, clean)
    } catch (err) {
      if (err instanceof AppError) throw err
      lastError = err
      log.warn({ id, attempt, err: String(err) }, 'listing facts: write failed')
    }
  }
  await recordFailure(database, log, id, facts.checkedAt, lastError)
  throw lastError
}

// The listing stops looking current: the probe's outcome is unknown, so it is not verified until a write succeeds.
async function recordFailure(database: Database, log: Logger, id: string, checkedAt: string, err: unknown) {
  const reason = storableValue(String(err)).value.slice(0, 500)
  const probed = new Date(checkedAt)
  const at = Number.isNaN(probed.getTime()) ? new Date() : probed
  try {
    // With its event in the same transaction: the search index, the kept details and every cache stop showing the
    // listing as verified at once, as after any check that changed what the public sees.
    await database.db.transaction(async (tx) => {
      const [row] = await tx
        .update(listings)
        .set({
          factsWriteFailedAt: new Date(),
          factsWriteError: reason,
          health: 'unknown',
          healthCheckedAt: at,
          isVerifiedActive: false,
        })
        .where(eq(listings.id, id))
        .returning({ id: listings.id, name: listings.name, status: listings.status })
      if (row)
        await enqueueEvent(tx, catalogOutbox, 'listing.checked', {
          ...row,
          at: new Date().toISOString(),
          changed: ['health', 'isVerifiedActive'],
        })
    })
    log.error({ id, err: reason }, 'listing facts: not recorded; the listing is marked unknown and not verified')
  } catch (recordErr) {
    log.error({ id, err: reason, recordErr: String(recordErr) }, 'listing facts: not recorded, nor the failure')
  }
}
