// The submission schema's rows of one submission: the submission (with its claim secret's hash), its
// transitions and its sealed mail.
import { eq, mailOutbox, submissions, transitions, type Database, type Tx } from '@mcp-directory/shared/db'

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

/** Inserts the submission; false (nothing written) when a submission of that listing was recorded before. */
export async function insertSubmission(tx: Tx, r: SubmissionRecord): Promise<boolean> {
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
  return recorded.length > 0
}

/** Records a listing's move from one status (null: none, it was just submitted) to another. */
export async function insertTransition(tx: Tx, t: typeof transitions.$inferInsert) {
  await tx.insert(transitions).values(t)
}

/** Queues a sealed mail for the sender. */
export async function queueMail(tx: Tx, sealed: string) {
  await tx.insert(mailOutbox).values({ sealed })
}
