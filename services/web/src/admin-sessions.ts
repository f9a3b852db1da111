// Operator sessions of the admin page. The browser holds only a random session id; the store (Redis, shared by
// every web replica, or the in-process store in all-in-one) holds the session under the SHA-256 of that id with an
// expiry, and the operator token sealed (AES-256-GCM) under a key derived from the id and SERVER_SECRET. So the
// cookie never carries the token, a copy of the store alone yields neither a usable cookie nor the token, and
// signing out deletes the session, after which an old cookie opens nothing.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto'
import type { KeyValueStore } from '@mcp-directory/shared/kv'

/** An open operator session: its id (the cookie's value) and the operator token it signs the API calls with. */
export interface AdminSession {
  id: string
  operatorToken: string
}

const KEY_PREFIX = 'web:admin-session:'
// 32 random bytes, base64url: 43 characters.
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/

const storeKey = (id: string) => KEY_PREFIX + createHash('sha256').update(id).digest('hex')
const sealKey = (secret: string, id: string) => createHmac('sha256', secret).update(`admin-session-seal:${id}`).digest()

function seal(key: Buffer, text: string): string {
  const iv = randomBytes(12)
  const c = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([c.update(text, 'utf8'), c.final()])
  return Buffer.concat([iv, body, c.getAuthTag()]).toString('base64url')
}

function unseal(key: Buffer, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url')
  if (raw.length < 29) return null
  try {
    const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
    d.setAuthTag(raw.subarray(raw.length - 16))
    return Buffer.concat([d.update(raw.subarray(12, raw.length - 16)), d.final()]).toString('utf8')
  } catch {
    return null
  }
}

/** The admin page's session store; `ttlSeconds` is how long a session lives after sign-in. */
export function createAdminSessions(opts: { kv: KeyValueStore; secret: string; ttlSeconds: number }) {
  const { kv, secret, ttlSeconds } = opts
  return {
    /** Starts a session for an operator token the API has accepted; returns the id to put in the cookie. */
    async start(operatorToken: string): Promise<string> {
      const id = randomBytes(32).toString('base64url')
      await kv.set(storeKey(id), seal(sealKey(secret, id), operatorToken), ttlSeconds)
      return id
    },
    /** The live session a cookie value names, or null (malformed, expired, signed out, or never made). */
    async open(id: string | null): Promise<AdminSession | null> {
      if (!id || !ID_PATTERN.test(id)) return null
      const sealed = await kv.get(storeKey(id))
      const operatorToken = sealed === null ? null : unseal(sealKey(secret, id), sealed)
      return operatorToken === null ? null : { id, operatorToken }
    },
    /** Ends a session on the server, so its cookie stops working wherever it was copied. */
    async end(id: string): Promise<void> {
      if (ID_PATTERN.test(id)) await kv.del(storeKey(id))
    },
  }
}

/** The admin page's session store. */
export type AdminSessions = ReturnType<typeof createAdminSessions>

/** The store key of a session id (for tests that check what the store holds). */
export const adminSessionStoreKey = storeKey
