// Mail that waits in the database carries the claim secret, so it is sealed: AES-256-GCM under a key derived
// from SERVER_SECRET. A database dump alone gives no claim link.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'
import type { MailMessage } from '@mcp-directory/shared/mail'

const VERSION = 'v1.'

/** The mail-sealing key: HMAC-SHA256(SERVER_SECRET, purpose), so it is never the secret itself. */
export function mailKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('submission mail outbox v1').digest()
}

/** Seals a message: `v1.` + base64url(iv ‖ ciphertext ‖ tag). */
export function sealMail(key: Buffer, message: MailMessage): string {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([c.update(JSON.stringify(message), 'utf8'), c.final()])
  return VERSION + Buffer.concat([iv, body, c.getAuthTag()]).toString('base64url')
}

/** Opens a sealed message; throws when the key is wrong or the text was altered. */
export function openMail(key: Buffer, sealed: string): MailMessage {
  if (!sealed.startsWith(VERSION)) throw new Error('unknown sealed-mail version')
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url')
  if (raw.length < 29) throw new Error('sealed mail too short')
  const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  d.setAuthTag(raw.subarray(raw.length - 16))
  const text = Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8')
  return JSON.parse(text) as MailMessage
}
