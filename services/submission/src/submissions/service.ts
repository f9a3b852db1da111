// Accepting a submission: the catalog creates the pending listing (it owns listings), then this service
// records the submission, its first transition, the `listing.submitted` event and the sealed mail in one
// transaction of its own schema.
import { randomBytes } from 'node:crypto'
import { badgeImageUrl, publicBadgeMarkdown } from '@mcp-directory/shared/badges'
import { type Database, submissionOutbox } from '@mcp-directory/shared/db'
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import { Conflict } from '@mcp-directory/shared/errors'
import { safeEqual } from '@mcp-directory/shared/http'
import type { FolderLookup } from '@mcp-directory/shared/identity'
import type { Logger } from '@mcp-directory/shared/log'
import { quoteForMail, type RecipientCap } from '@mcp-directory/shared/mail'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { sealMail } from '../mail/sealed'
import type { SubmitResult } from './model'
import {
  claimTokenHashOf,
  insertSubmission,
  insertTransition,
  isRecorded,
  queueMail,
  type SubmissionRecord,
} from './repository'
import type { SubmissionInput } from './rules'

/** What accepting a submission needs. */
export interface SubmitDeps {
  database: Database
  catalog: CatalogClient
  baseUrl: string
  mailKey: Buffer
  /** The per-recipient mail cap shared with every sender; a refused mail is not queued, the submission stands. */
  mailCap: RecipientCap
  log: Logger
  /** Asks GitHub whether a repository's subfolder exists (null: never asked, so a subfolder counts as the repository). */
  folders?: FolderLookup | null
}

/** SHA-256 (hex) of a claim secret: the only form it is stored in. */
export const claimTokenHash = (secret: string) => new Bun.CryptoHasher('sha256').update(secret).digest('hex')

/** Whether `secret` is the claim secret of listing `id` (hashes compared in constant time). */
export async function claimTokenMatches(database: Database, id: string, secret: string): Promise<boolean> {
  const hash = await claimTokenHashOf(database, id)
  // An unknown id costs the same comparison, so timing does not tell which ids were submitted.
  return safeEqual(claimTokenHash(secret), hash ?? '0'.repeat(64)) && hash !== null
}

/** The claim link: `<base>/claim/<id>?token=<secret>`; the secret is 256 random bits, base64url. */
export function newClaimLink(baseUrl: string, id: string) {
  const secret = randomBytes(32).toString('base64url')
  return { secret, url: `${baseUrl}/claim/${encodeURIComponent(id)}?token=${secret}` }
}

// What the answer says when the per-recipient mail cap kept the claim link's mail back.
const NOT_MAILED =
  'No copy of the claim link was e-mailed: the contact address has had its share of messages for this hour. Keep claim_url: this answer is the only copy.'

/** Records a submission and what goes with it; false (nothing written) when another request recorded it first. */
async function recordSubmission(database: Database, r: SubmissionRecord): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    if (!(await insertSubmission(tx, r))) return false
    await insertTransition(tx, {
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
    if (r.sealedMail !== null) await queueMail(tx, r.sealedMail)
    return true
  })
}

/**
 * Creates the pending listing. A listing this service created but never recorded (it failed between the two
 * commits) is adopted by the retry instead of refusing the submitter forever: the catalog says when the listing
 * holding the address may be (`adoptable`: a pending listing of a submission, older than any submission in flight,
 * so a concurrent submission of the same address never takes over one still being recorded), and it is adopted
 * only when no submission of it was recorded. `refusal` is the catalog's 409, raised again if another request
 * records the adopted listing first.
 */
async function createOrAdopt(deps: SubmitDeps, input: SubmissionInput) {
  const { email: _email, ...listing } = input
  const outcome = await deps.catalog.createPending(listing)
  if ('created' in outcome) return { created: outcome.created, refusal: null }
  const { holder, refusal } = outcome
  if (!holder?.adoptable || (await isRecorded(deps.database, holder.id))) throw refusal
  // The listing keeps the name it was created under: the answer, the record and the mail say that one.
  return { created: { id: holder.id, name: holder.name ?? input.name, nameHeldBy: undefined }, refusal }
}

/** Accepts a valid submission: the listing is created pending, hidden until claimed or approved. */
export async function submit(deps: SubmitDeps, input: SubmissionInput): Promise<SubmitResult> {
  const { created, refusal } = await createOrAdopt(deps, input)
  // The name asked for: the submitted one, or for an adopted listing the one it was created under (a squatted name
  // waits as the listing's wanted name, so `created.name` is provisional then and the submitted name is the one).
  const name = refusal ? created.name : input.name
  const claim = newClaimLink(deps.baseUrl, created.id)
  // Asked before the transaction: the mail is queued only when the recipient's hourly share allows it. A refusal
  // never fails the submission (it is accepted; the answer's claim_url is the link the mail would have carried).
  const mail = await deps.mailCap.admit(input.email)
  if (!mail.allowed)
    deps.log.info({ id: created.id }, 'submission mail not queued: the contact address reached its hourly mail cap')
  const recorded = await recordSubmission(deps.database, {
    listingId: created.id,
    name,
    url: input.url,
    email: input.email,
    claimTokenHash: claimTokenHash(claim.secret),
    at: new Date(),
    sealedMail: mail.allowed
      ? sealMail(deps.mailKey, submissionMail(deps.baseUrl, created.id, { ...input, name }, claim.url))
      : null,
  })
  // Another request recorded it first: that one is the submission, this one a duplicate.
  if (!recorded) {
    throw (
      refusal ??
      new Conflict({
        field: 'url',
        existingId: created.id,
        message: 'This listing was just submitted',
        reason: `already listed as ${created.id}`,
      })
    )
  }
  deps.log.info({ id: created.id }, 'submission accepted')
  const held = created.nameHeldBy
  return {
    success: true,
    message: `Submitted. "${name}" is pending: it appears in search once you verify ownership through claim_url or an operator approves it. ${
      mail.allowed ? 'A copy of the claim link was sent to the contact address.' : NOT_MAILED
    }`,
    id: created.id,
    name,
    url: input.url,
    category: input.category,
    status: 'pending',
    claim_url: claim.url,
    badge_markdown: publicBadgeMarkdown(deps.baseUrl, created.id, name),
    ...(held
      ? {
          name_conflict: {
            existingId: held,
            detailUrl: `${deps.baseUrl}/servers/${encodeURIComponent(held)}`,
            message: `"${input.name}" is held by ${held}, from another repository: prove this repository through claim_url and the name becomes this listing's (${held} is then renamed and flagged for review)`,
          },
        }
      : {}),
  }
}

/**
 * The mail to the contact address: the claim link and what happens next, plain text. The subject is fixed and
 * the only submitter text in the body is the listing name, as a quoted, escaped, link-less string: the mail
 * cannot be used to send a chosen subject, body or link to whatever address a submitter typed.
 */
export function submissionMail(baseUrl: string, id: string, input: SubmissionInput, claimUrl: string) {
  return {
    to: input.email,
    subject: 'Your MCP Server Directory submission',
    text: [
      'A listing was submitted to the MCP Server Directory with this address as its contact.',
      '',
      `   Name (as submitted): ${quoteForMail(input.name)}`,
      `   Listing id: ${id}`,
      '',
      'It is pending and not shown in search yet. Two ways to publish it:',
      '',
      '1. Verify that you own it (it is then approved at once):',
      `   ${claimUrl}`,
      '   This link is personal: anyone who has it can claim the listing. Do not share it.',
      '2. Wait for an operator to review it.',
      '',
      `Once it is live, its page is ${baseUrl}/mcp/${encodeURIComponent(id)} and its badge image ${badgeImageUrl(baseUrl, id)}.`,
      '',
      'If you did not submit this listing, ignore this message: nothing is published without one of the two steps.',
    ].join('\n'),
  }
}
