/** Outgoing mail: SMTP through nodemailer; without SMTP_URL, the log (all-in-one) or nowhere (a service process). */
import type NodeMailer from 'nodemailer'
import type { Logger } from '../log'

export { canonicalEmail } from './address'
export {
  createRecipientCap,
  MAIL_PER_RECIPIENT_PER_HOUR,
  recipientKey,
  type MailAdmission,
  type RecipientCap,
  type RecipientCapOptions,
} from './cap'
export { quoteForMail } from './text'

/** One message to send. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** What services need to send mail. Sending throws on failure; callers retry (through their outbox). */
export interface Mailer {
  readonly kind: 'smtp' | 'log' | 'unsent'
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

/** A mailer that sends through SMTP (`smtp://host:port` or `smtps://user:pass@host:port`) with bounded timeouts. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const u = new URL(smtpUrl)
  // Loaded here, not at the top: without SMTP_URL a process never pays for nodemailer's modules.
  const nodemailer: typeof NodeMailer = import.meta.require('nodemailer')
  const transport = nodemailer.createTransport({
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 25)),
    secure: u.protocol === 'smtps:',
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10_000,
  })
  return {
    kind: 'smtp',
    send: async (m) => {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text })
    },
    close: async () => transport.close(),
  }
}

/**
 * A mailer that writes each message to the log (all-in-one without SMTP_URL). The body is logged because it
 * is the only way to read the mail in that mode; never use it where logs are shipped elsewhere.
 */
export function createLogMailer(log: Logger): Mailer {
  return {
    kind: 'log',
    send: async (m) => {
      log.info({ mail: { to: m.to, subject: m.subject, text: m.text } }, 'mail (SMTP_URL unset, written to the log)')
    },
    close: async () => {},
  }
}

/**
 * A mailer for a service process without SMTP_URL: each message is dropped with a warning that names only its
 * subject. Its text (a confirmation code, a claim link) never goes to the log: a service's log is shipped to
 * wherever its operator collects logs, and whoever reads it there could confirm any address or claim any listing.
 */
export function createUnsentMailer(log: Logger): Mailer {
  return {
    kind: 'unsent',
    send: async (m) => {
      log.warn({ mail: { subject: m.subject } }, 'mail not sent: SMTP_URL is unset')
    },
    close: async () => {},
  }
}

/** Options of the background sender. */
export interface BackgroundMailerOptions {
  /** Tries per message before it is given up (default 5). */
  attempts?: number
  /** Delay before the first retry; doubles each time (default 1 s). */
  retryDelayMs?: number
}

/** A sender that queues each message and retries it in the background; `send` never waits on the SMTP server. */
export interface BackgroundMailer {
  /** Queues a message and returns at once. */
  send(message: MailMessage): void
  /** Resolves when every queued message was sent or given up (tests, shutdown). */
  idle(): Promise<void>
  close(): Promise<void>
}

/**
 * Wraps a mailer so a slow or failing SMTP server never fails or blocks the request that sends mail: each
 * message is tried in the background with growing pauses, and a failure is logged without the body (which
 * may hold a code). Messages live in memory only, on purpose: persisting them would store secrets such as
 * confirmation codes in clear, and a lost one is recovered by asking again.
 */
export function createBackgroundMailer(
  mailer: Mailer,
  log: Logger,
  opts: BackgroundMailerOptions = {},
): BackgroundMailer {
  const attempts = opts.attempts ?? 5
  const baseDelay = opts.retryDelayMs ?? 1000
  const pending = new Set<Promise<void>>()
  // Pauses between retries, so close() can end them at once.
  const pauses = new Map<ReturnType<typeof setTimeout>, () => void>()
  let closed = false
  const deliver = async (m: MailMessage) => {
    for (let attempt = 1; attempt <= attempts && !closed; attempt++) {
      try {
        await mailer.send(m)
        return
      } catch (err) {
        const domain = m.to.slice(m.to.lastIndexOf('@') + 1)
        // Neither the body nor the subject is logged: either may carry a code.
        log.warn(
          { err: err instanceof Error ? err.message : String(err), attempt, toDomain: domain },
          attempt < attempts ? 'mail failed; will retry' : 'mail failed; giving up',
        )
        if (attempt < attempts) {
          await new Promise<void>((resolve) => {
            const t = setTimeout(
              () => {
                pauses.delete(t)
                resolve()
              },
              baseDelay * 2 ** (attempt - 1),
            )
            pauses.set(t, resolve)
          })
        }
      }
    }
  }
  return {
    send: (m) => {
      if (closed) return
      const p: Promise<void> = deliver(m).finally(() => pending.delete(p))
      pending.add(p)
    },
    idle: async () => {
      while (pending.size) await Promise.allSettled([...pending])
    },
    close: async () => {
      closed = true
      for (const [t, resolve] of pauses) {
        clearTimeout(t)
        resolve()
      }
      pauses.clear()
      await Promise.allSettled([...pending])
      await mailer.close()
    },
  }
}
