// The submission schema's rows of one submission: the submission (with its claim secret's hash), its first
// transition, the `listing.submitted` event and the sealed mail, written in one transaction.
import { eq, mailOutbox, submissionOutbox, submissions, transitions, type Database } from '@mcp-directory/shared/db'
import { enqueueEvent } from '@mcp-directory/shared/outbox'

/** What one accepted submission writes. */
export interface SubmissionRecord {
  listingId: string
  name: string
  url: string
  email: string
  claimTokenHash: string
  at: Date
  /** The sealed mail to queue, or null when the recipient's mail cap refused it. */
  sealedMail: string | null
}

/** The stored hash of listing `id`'s claim secret, or null when no submission of it was recorded. */
export async function claimTokenHashOf(database: Database, id: string): Promise<string | null> {
  const [row] = await database.db
    .select({ hash: submissions.claimTokenHash })
    .from(submissions)
    .where(eq(submissions.listingId, id))
    .limit(1)
  return row?.hash ?? null
}

/** Whether a submission of listing `id` was recorded. */
export async function isRecorded(database: Database, id: string): Promise<boolean> {
  return (await claimTokenHashOf(database, id)) !== null
}

/** Records a submission and what goes with it; false (nothing written) when another request recorded it first. */
export async function recordSubmission(database: Database, r: SubmissionRecord): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(submissions)
      .values({
        listingId: r.listingId,
        name: r.name,
        url: r.url,
        email: r.email,
        claimTokenHash: r.claimTokenHash,
        createdAt: r.at,
      })
      .onConflictDoNothing()
      .returning({ id: submissions.listingId })
    if (!recorded.length) return false
    await tx.insert(transitions).values({
      listingId: r.listingId,
      fromStatus: null,
      toStatus: 'pending',
      actor: 'submitter',
      reason: null,
      at: r.at,
    })
    await enqueueEvent(tx, submissionOutbox, 'listing.submitted', {
      id: r.listingId,
      name: r.name,
      status: 'pending',
      at: r.at.toISOString(),
    })
    if (r.sealedMail !== null) await tx.insert(mailOutbox).values({ sealed: r.sealedMail })
    return true
  })
}
