// Confirmation codes: six digits from the CSPRNG without modulo bias, kept only as an HMAC.
import { createHmac } from 'node:crypto'

/** How long a code is valid (directory-api §8 leaves it open; documented in the README and /auth.md). */
export const CODE_TTL_MS = 10 * 60 * 1000

/** Wrong tries allowed per code; the next try fails even with the right code, until a new registration. */
export const MAX_CONFIRM_ATTEMPTS = 5

/**
 * Live codes per canonical address. A registration adds a code beside the live ones instead of replacing them
 * (so a stranger's registration cannot kill the owner's code); each try is compared with every live code of the
 * address, so this bounds how much one guess is worth.
 */
export const MAX_LIVE_CODES = 3

/** Wrong tries per canonical address, across all its registrations, in a 24-hour window; then the lock. */
export const MAX_WRONG_PER_DAY = 10

/** The window of MAX_WRONG_PER_DAY, and how long the lock it starts lasts. */
export const ATTEMPT_WINDOW_MS = 24 * 60 * 60 * 1000
export const LOCK_MS = 24 * 60 * 60 * 1000

// The largest multiple of 10^6 below 2^32: 32-bit draws at or above it are drawn again, so each of the
// 1,000,000 codes is exactly equally likely (a plain `% 1e6` would favour the low ones).
const LIMIT = Math.floor(2 ** 32 / 1_000_000) * 1_000_000

/** A uniformly random 6-digit code (leading zeros kept). */
export function generateCode(random: (buf: Uint32Array) => Uint32Array = (b) => crypto.getRandomValues(b)): string {
  for (;;) {
    const [n] = random(new Uint32Array(1))
    if (n < LIMIT) return String(n % 1_000_000).padStart(6, '0')
  }
}

/**
 * HMAC-SHA256 of a code bound to its address and registration, keyed by SERVER_SECRET: what is stored and
 * compared. Binding to the registration id means a code never matches another registration's row.
 */
export function codeHmac(secret: string, registrationId: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`agent-code\0${registrationId}\0${email}\0${code}`).digest('hex')
}

/** HMAC of an address, used as the key of per-address counters so the store never holds the address itself. */
export function addressKey(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`agent-address\0${email}`).digest('hex').slice(0, 32)
}
