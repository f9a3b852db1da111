// Confirmation codes: six digits from the CSPRNG without modulo bias, kept only as an HMAC.
import { createHmac } from 'node:crypto'

/** How long a code is valid (directory-api §8 leaves it open; documented in the README and /auth.md). */
export const CODE_TTL_MS = 10 * 60 * 1000

/**
 * Wrong tries allowed per code from the client that registered it; the next try fails even with the right code,
 * until a new registration. Other clients' wrong tries never count toward it (they are counted per client).
 */
export const MAX_CONFIRM_ATTEMPTS = 5

/**
 * Once the address has had MAX_WRONG_PER_DAY wrong tries, a client may try only the codes it registered, and each
 * of those only this many times: what the owner's own client keeps while strangers are refused.
 */
export const GUARDED_CONFIRM_ATTEMPTS = 1

/**
 * Live codes per canonical address. A registration adds a code beside the live ones instead of replacing them
 * (so a stranger's registration cannot kill the owner's code); each try is compared with every live code of the
 * address, so this bounds how much one guess is worth.
 */
export const MAX_LIVE_CODES = 3

/**
 * Wrong tries per canonical address from every client, in a 24-hour window (NIST SP 800-63B §5.2.2 allows up to
 * 100); past it the address is guarded: clients without a code of their own are refused until the window ends,
 * and the owner's own client keeps GUARDED_CONFIRM_ATTEMPTS per code it registers.
 */
export const MAX_WRONG_PER_DAY = 30

/**
 * Wrong tries per canonical address from every client in one window, the guarded tries of the owner's client
 * included: NIST SP 800-63B §5.2.2's bound. Past it no code is accepted until the window and the guard end. A
 * stranger reaches it only by registering the address again and again (each a code mailed to its owner).
 */
export const MAX_FAILED_PER_ADDRESS = 100

/** Wrong tries one client may send for an address whose live codes it did not register, in 24 hours; then refused. */
export const MAX_WRONG_PER_CLIENT = 10

/** A client's wrong tries for someone else's address before each next one must wait (1 s, then doubling). */
export const THROTTLE_AFTER = 3

/** The longest wait between two tries of a throttled client. */
export const MAX_THROTTLE_MS = 60_000

/** The window of the wrong-try counts, and how long a client's refusal (or the address's guard) lasts. */
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

/** HMAC of a client (its address as the gateway saw it, an IPv6 client by its /64): the code row's `clientKey`. */
export function clientHmac(secret: string, client: string): string {
  return createHmac('sha256', secret).update(`agent-client\0${client}`).digest('hex').slice(0, 32)
}

/** The key of one client's count for one address (never the address or the client in clear). */
export function pairKey(secret: string, email: string, clientKey: string): string {
  return createHmac('sha256', secret).update(`agent-address-client\0${email}\0${clientKey}`).digest('hex').slice(0, 32)
}
