// The mail outbox: messages are written in the submission's transaction and sent by this loop, retried with
// growing pauses until they go. Never given up: a mail that can never be opened (the key changed) is parked
// for a day and logged, not deleted, so an operator can see it.
import { and, asc, eq, isNull, mailOutbox, sql, type Database } from '@mcp-directory/shared/db'
import { startPollingWorker, type PollingWorker } from '@mcp-directory/shared/worker'
import type { Logger } from '@mcp-directory/shared/log'
import type { Mailer } from '@mcp-directory/shared/mail'
import { openMail } from './sealed'

/** Options of the mail sender. */
export interface MailSenderOptions {
  database: Database
  mailer: Mailer
  key: Buffer
  log: Logger
  /** How often due mail is looked for (default 1 s). */
  pollMs?: number
  /** First retry pause; doubles per failure (default 2 s). */
  retryDelayMs?: number
  /** Longest pause between tries (default 10 minutes). */
  maxRetryDelayMs?: number
}

/** The running mail sender: `nudge` after a commit that queued mail; `flush` sends every due message now. */
export type MailSender = PollingWorker

/** Starts the loop that sends queued mail; rows are claimed with SKIP LOCKED so replicas share the work. */
export function startMailSender(opts: MailSenderOptions): MailSender {
  const { database, mailer, key, log } = opts
  const base = opts.retryDelayMs ?? 2000
  const max = opts.maxRetryDelayMs ?? 600_000
  const once = async (): Promise<number> => {
    let sent = 0
    for (;;) {
      const r = await database.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(mailOutbox)
          .where(and(isNull(mailOutbox.sentAt), sql`${mailOutbox.nextAttemptAt} <= now()`))
          .orderBy(asc(mailOutbox.id))
          .limit(10)
          .for('update', { skipLocked: true })
        let ok = 0
        for (const row of rows) {
          let message: ReturnType<typeof openMail>
          try {
            message = openMail(key, row.sealed)
          } catch {
            log.error({ mailId: row.id }, 'queued mail cannot be opened (SERVER_SECRET changed?); parked for a day')
            await tx
              .update(mailOutbox)
              .set({
                attempts: row.attempts + 1,
                lastError: 'cannot open',
                nextAttemptAt: new Date(Date.now() + 86_400_000),
              })
              .where(eq(mailOutbox.id, row.id))
            continue
          }
          try {
            await mailer.send(message)
            await tx
              .update(mailOutbox)
              .set({ sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
              .where(eq(mailOutbox.id, row.id))
            ok++
          } catch (err) {
            const delay = Math.min(max, base * 2 ** row.attempts)
            const msg = (err instanceof Error ? err.message : String(err)).slice(0, 300)
            // Neither the body nor the subject is logged: the body holds the claim secret.
            log.warn(
              { mailId: row.id, attempt: row.attempts + 1, retryInMs: delay, err: msg },
              'mail failed; will retry',
            )
            await tx
              .update(mailOutbox)
              .set({ attempts: row.attempts + 1, lastError: msg, nextAttemptAt: new Date(Date.now() + delay) })
              .where(eq(mailOutbox.id, row.id))
          }
        }
        return { ok, more: rows.length === 10 && ok === rows.length }
      })
      sent += r.ok
      if (!r.more) return sent
    }
  }
  return startPollingWorker({
    pass: once,
    intervalMs: opts.pollMs ?? 1000,
    onError: (err) => log.warn({ err: String(err) }, 'mail sender cannot read its queue; will retry'),
  })
}
