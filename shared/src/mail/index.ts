/** Outgoing mail: SMTP through nodemailer, or the log when SMTP_URL is unset (all-in-one). */
import nodemailer from 'nodemailer'
import type { Logger } from '../log'

/** One message to send. */
export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** What services need to send mail. Sending throws on failure; callers retry (through their outbox). */
export interface Mailer {
  readonly kind: 'smtp' | 'log'
  send(message: MailMessage): Promise<void>
  close(): Promise<void>
}

/** A mailer that sends through SMTP (`smtp://host:port` or `smtps://user:pass@host:port`) with bounded timeouts. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const u = new URL(smtpUrl)
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
