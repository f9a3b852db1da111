// Listings' live facts as the prober and the sandbox report them, the operator's clearing of a risk, the probe
// targets, and the sandbox's (most viewed first) with its coverage. A change the public can see writes
// `listing.checked` (and a changed tool list `listing.tools_changed`, changed skills `listing.skills_changed`) into
// the catalog outbox in the same transaction. A probe's facts are written whole or the listing says they were
// not: a write that fails is tried again, and if it still fails the listing records the failure and stops looking
// current (not verified, health unknown), so a tool list the database refused never leaves the old, clean one
// standing as if it were the latest.
import { probeBasisOf, type SandboxCoverage } from '@mcp-directory/shared/contracts/catalog-internal'
import { catalogOutbox, type Database, type Tx } from '@mcp-directory/shared/db'
import { Conflict, InvalidParameter, isRefusal, NotFound } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import type { ListChange } from '@mcp-directory/shared/events'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { storableValue } from '@mcp-directory/shared/text'
import { observe } from './observe'
import { activeListingIds, lockListing, markFactsFailed, updateListing } from './repository'
import type { ListingFacts } from './rules'
import { dueSandboxTargets, sandboxVerdictCounts } from './sandbox-repository'

type Row = NonNullable<Awaited<ReturnType<typeof lockListing>>>

const WRITE_TRIES = 2

/** `listing.checked` for the public fields of `row` that changed. */
const checked = (tx: Tx, row: Pick<Row, 'id' | 'name' | 'status'>, at: Date, changed: string[]) =>
  enqueueEvent(tx, catalogOutbox, 'listing.checked', {
    id: row.id,
    name: row.name,
    status: row.status,
    at: at.toISOString(),
    changed,
  })

/** `listing.tools_changed` or `listing.skills_changed`: how the observed list changed. */
const listChanged = (
  tx: Tx,
  subject: 'listing.tools_changed' | 'listing.skills_changed',
  row: Pick<Row, 'id' | 'name' | 'status'>,
  c: ListChange & { at: string },
) =>
  enqueueEvent(tx, catalogOutbox, subject, {
    id: row.id,
    name: row.name,
    status: row.status,
    at: c.at,
    fromHash: c.fromHash,
    toHash: c.toHash,
    added: c.added,
    removed: c.removed,
    changed: c.changed,
    source: c.source,
  })

/** Writes a probe's facts; returns the publicly visible fields that changed (an event is written when any did). */
export async function writeFacts(
  database: Database,
  id: string,
  facts: ListingFacts,
): Promise<{ id: string; changed: string[] }> {
  return database.db.transaction(async (tx) => {
    const row = await lockListing(tx, id)
    if (!row) throw new NotFound('Listing')
    // An owner (or its origin) replaced the listing's endpoints while it was probed: these facts are of the old ones.
    if (facts.basis !== undefined && facts.basis !== probeBasisOf(row))
      throw new Conflict({
        message: "The listing's repository, packages or remotes changed since it was read: probe it again",
      })
    const w = observe(row, facts)
    // A changed tool list or changed skills is its own event (rug-pull watch), written with the facts.
    if (w.toolsChange) await listChanged(tx, 'listing.tools_changed', row, w.toolsChange)
    if (w.skillsChange) await listChanged(tx, 'listing.skills_changed', row, w.skillsChange)
    // Every write says when it happened, and clears a failure recorded before.
    Object.assign(w.set, { factsWrittenAt: new Date(), factsWriteFailedAt: null, factsWriteError: null })
    await updateListing(tx, id, w.set)
    if (w.changed.length) await checked(tx, row, w.at, w.changed)
    return { id: row.id, changed: w.changed }
  })
}

/** Writes the facts (which stamps `factsWrittenAt`); on a failure that is not the caller's, records it and rethrows. */
export async function writeFactsOrRecordFailure(database: Database, log: Logger, id: string, facts: ListingFacts) {
  // Cleaned again here: facts may come from a caller that did not read them through the JSON reader.
  const clean = storableValue(facts).value
  let lastError: unknown
  for (let attempt = 1; attempt <= WRITE_TRIES; attempt++) {
    try {
      return await writeFacts(database, id, clean)
    } catch (err) {
      if (isRefusal(err)) throw err
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
      const row = await markFactsFailed(tx, id, reason, at)
      if (row) await checked(tx, row, new Date(), ['health', 'isVerifiedActive'])
    })
    log.error({ id, err: reason }, 'listing facts: not recorded; the listing is marked unknown and not verified')
  } catch (recordErr) {
    log.error({ id, err: reason, recordErr: String(recordErr) }, 'listing facts: not recorded, nor the failure')
  }
}

/**
 * A checker's facts the catalog refused (too large, invalid), as the checker reports it: a failed write, so the
 * listing stops looking current instead of keeping what it last showed (a server could otherwise make its facts
 * unwritable to keep a clean record). Not found: 404.
 */
export async function recordRefusedFacts(database: Database, log: Logger, id: string, at: Date, reason: string) {
  const why = `facts refused: ${storableValue(reason).value}`.slice(0, 500)
  const row = await database.db.transaction(async (tx) => {
    const marked = await markFactsFailed(tx, id, why, at)
    if (marked) await checked(tx, marked, new Date(), ['health', 'isVerifiedActive'])
    return marked
  })
  if (!row) throw new NotFound('Listing')
  log.warn({ id, err: why }, 'listing facts: refused; the listing is marked unknown and not verified')
  return { id: row.id, changed: ['health', 'isVerifiedActive'] }
}

/**
 * An operator clears a listing's high risk for the tool list it was found in (a later change of the list needs
 * clearing again); with `reviewed`, only while that is still the list's hash. Returns what the listing now is.
 */
export async function clearRisk(
  database: Database,
  id: string,
  at: Date,
  reviewed?: string,
): Promise<{
  id: string
  name: string
  riskLevel: string
  clearedHash: string
  isVerifiedActive: boolean
  changed: boolean
}> {
  return database.db.transaction(async (tx) => {
    const row = await lockListing(tx, id)
    if (!row) throw new NotFound('Listing')
    if (!row.risk || row.risk.level === 'none')
      throw new Conflict({ message: 'The listing has no risk finding to clear' })
    if (reviewed !== undefined && reviewed !== row.risk.toolsHash)
      throw new Conflict({
        message: `The tool list changed since the review (its risk.toolsHash is now ${row.risk.toolsHash}): review it again`,
      })
    const already = row.riskClearedHash === row.risk.toolsHash
    const verified = row.seenRunning
    if (!already) {
      await updateListing(tx, id, {
        riskClearedHash: row.risk.toolsHash,
        riskClearedAt: at,
        isVerifiedActive: verified,
      })
      await checked(tx, row, at, ['risk', ...(row.isVerifiedActive !== verified ? ['isVerifiedActive'] : [])])
    }
    return {
      id: row.id,
      name: row.name,
      riskLevel: row.risk.level,
      clearedHash: row.risk.toolsHash,
      isVerifiedActive: already ? row.isVerifiedActive : verified,
      changed: !already,
    }
  })
}

/** A page of the active listings a probe round covers, in id order, and where the next page starts. */
export async function probeTargets(database: Database, after: string, limit: number) {
  const ids = await activeListingIds(database, after, limit)
  return { ids, next: ids.length === limit ? ids[ids.length - 1] : null }
}

/** The runnable listings due a sandbox start, most viewed first. */
export async function sandboxTargets(database: Database, startedBefore: Date, limit: number) {
  // The query's pattern has the shape of an instant; a day no calendar has (month 00) is refused here.
  if (Number.isNaN(startedBefore.getTime()))
    throw new InvalidParameter('startedBefore', 'must be an instant in UTC (2026-01-01T00:00:00.000Z)')
  return { ids: await dueSandboxTargets(database, startedBefore, limit) }
}

/** Stopped naming a declared variable or argument: it runs once given a setting. */
const NEEDS_SETTING = new Set(['asked_for_keys', 'asked_for_config'])

/** How far the sandbox got through the runnable listings: in all, and per registry. */
export async function sandboxCoverage(database: Database): Promise<SandboxCoverage> {
  const empty = () => ({ runnable: 0, notStarted: 0, toolsSeen: 0, share: 0, verdicts: {} as Record<string, number> })
  const c: SandboxCoverage = {
    runnable: 0,
    started: 0,
    needsSetting: 0,
    failed: {},
    notStarted: 0,
    npm: empty(),
    pypi: empty(),
  }
  for (const { registry, verdict, n } of await sandboxVerdictCounts(database)) {
    const r = c[registry]
    r.runnable += n
    c.runnable += n
    if (verdict === null) {
      r.notStarted += n
      c.notStarted += n
      continue
    }
    r.verdicts[verdict] = (r.verdicts[verdict] ?? 0) + n
    if (verdict === 'ran') r.toolsSeen += n
    if (verdict === 'ran') c.started += n
    else if (NEEDS_SETTING.has(verdict)) c.needsSetting += n
    else c.failed[verdict] = (c.failed[verdict] ?? 0) + n
  }
  for (const r of [c.npm, c.pypi]) r.share = r.runnable ? r.toolsSeen / r.runnable : 0
  return c
}
