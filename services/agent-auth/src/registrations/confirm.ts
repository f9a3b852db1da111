// Confirmation: a code for a token, with wrong tries counted so that guessing stays infeasible and no stranger can
// lock an address. Each try is counted before its comparison, by who sent it:
// - the client that registered a code (its "own" client) spends that code's tries (5; the 6th fails even when
//   right); nobody else's tries kill it;
// - any other client is a stranger to the address: its wrong tries are counted per address and client, slowed
//   after THROTTLE_AFTER (1 s, doubling, at most a minute) and refused after MAX_WRONG_PER_CLIENT for 24 hours;
// - every wrong try counts for the address (MAX_WRONG_PER_DAY in 24 hours); past it the address is guarded:
//   strangers are refused, and a client may try only the codes it registered, once each, so the owner registering
//   from their own client still gets in while the number of guesses stays bounded;
// - MAX_FAILED_PER_ADDRESS wrong tries in all (NIST's bound) stop every confirmation until the window ends.
import { type AttemptsFacts, InvalidCode, RateLimited, TooManyAttempts } from '@mcp-directory/shared/errors'
import { safeEqual } from '@mcp-directory/shared/http'
import { canonicalEmail } from '@mcp-directory/shared/mail'
import {
  addressKey,
  clientHmac,
  codeHmac,
  GUARDED_CONFIRM_ATTEMPTS,
  LOCK_MS,
  MAX_CONFIRM_ATTEMPTS,
  MAX_FAILED_PER_ADDRESS,
  MAX_THROTTLE_MS,
  MAX_WRONG_PER_CLIENT,
  MAX_WRONG_PER_DAY,
  pairKey,
  THROTTLE_AFTER,
} from '../codes/code'
import { countTry, holdUntil, readTries, refundTry, startLock } from './attempts'
import { type CodeRow, codesOf, countCodeTries } from './repository'
import type { ConfirmInput } from './rules'
import { type MintedToken, mintToken, type RegistrationDeps, retryAfter, storeTryCounts } from './service'

const DEAD = 'Too many wrong codes: the codes of this address no longer work; register again for a new one'

// Wrong codes stop this try: the code is dead (`too_many_attempts`), or the address is closed to it until `until`.
const tooMany = (reason: AttemptsFacts['reason'], message: string, until?: Date) =>
  new TooManyAttempts(message, { field: reason === 'too_many_attempts' ? 'code' : 'email', reason, lockedUntil: until })

/** Who is trying, and the keys their counts are kept under. */
interface Trier {
  now: Date
  email: string
  addressKey: string
  pairKey: string
  clientKey: string
}

/** The wait a stranger's next try must keep after its `n`th wrong try (none before THROTTLE_AFTER). */
export const throttleMs = (n: number) =>
  n < THROTTLE_AFTER ? 0 : Math.min(MAX_THROTTLE_MS, 1000 * 2 ** (n - THROTTLE_AFTER))

/**
 * Checks a code against the live codes of the address that this try may reach and, when one matches, mints a
 * token. `client` is the client as the gateway saw it (`clientKey` of its address).
 */
export async function confirmCode(deps: RegistrationDeps, input: ConfirmInput, client = 'local'): Promise<MintedToken> {
  const now = deps.now?.() ?? new Date()
  const canonical = canonicalEmail(input.email)
  const clientKey = clientHmac(deps.secret, client)
  const who: Trier = {
    now,
    email: input.email,
    addressKey: addressKey(deps.secret, canonical),
    pairKey: pairKey(deps.secret, canonical, clientKey),
    clientKey,
  }
  const rows = await codesOf(deps.database, input.email)
  const live = rows.filter((r) => r.expiresAt.getTime() > now.getTime())
  if (!live.length) {
    if (rows.length) throw new InvalidCode('expired', 'The code has expired; register again for a new one')
    throw new InvalidCode('missing', 'No pending code for this address; register first')
  }
  const address = await readTries(deps.database, who.addressKey, now)
  const guarded = address.lockedUntil !== null || address.attempts >= MAX_WRONG_PER_DAY
  const own = live.filter((r) => r.clientKey === clientKey && r.attempts < ownLimit(guarded))
  if (own.length) return ownTry(deps, who, input.code, own, live)
  return strangerTry(deps, who, input.code, live, guarded ? (address.lockedUntil ?? now) : null)
}

const ownLimit = (guarded: boolean) => (guarded ? GUARDED_CONFIRM_ATTEMPTS : MAX_CONFIRM_ATTEMPTS)

// A try from a client that registered a live code: its own codes' tries (store and row, the larger) are spent.
async function ownTry(deps: RegistrationDeps, who: Trier, code: string, own: CodeRow[], live: CodeRow[]) {
  const storeCounts = await storeTryCounts(deps, own)
  const counted = await countCodeTries(
    deps.database,
    own.map((r) => r.id),
  )
  const address = await countTry(deps.database, who.addressKey, who.now)
  if (address.attempts > MAX_FAILED_PER_ADDRESS) {
    const until = address.lockedUntil ?? new Date(who.now.getTime() + LOCK_MS)
    throw tooMany(
      'address_locked',
      `Too many wrong codes for this address: no code is accepted before ${until.toISOString()}`,
      until,
    )
  }
  const guarded = address.attempts > MAX_WRONG_PER_DAY
  // A code whose row vanished meanwhile (used or replaced) counts as dead.
  const rowTries = (id: string) => counted.find((c) => c.id === id)?.attempts ?? Number.POSITIVE_INFINITY
  const usable = own
    .map((r) => ({ row: r, tries: Math.max(storeCounts.get(r.id) ?? 0, rowTries(r.id)) }))
    .filter((c) => c.tries <= ownLimit(guarded))
  if (!usable.length) {
    await guardIfDue(deps, who, address.attempts)
    throw tooMany('too_many_attempts', DEAD)
  }
  // Not yet guarded: the owner may also hold a code asked for from another client (registered on one network,
  // confirmed on another); those are compared too, without spending their tries.
  const others = guarded ? [] : live.filter((r) => r.clientKey !== who.clientKey && r.attempts < MAX_CONFIRM_ATTEMPTS)
  const hit = compare(deps, code, [...usable.map((c) => c.row), ...others])
  if (hit) return succeed(deps, who, hit, false)
  await guardIfDue(deps, who, address.attempts)
  const left = Math.max(...usable.map((c) => ownLimit(guarded) - c.tries))
  throw incorrect(Math.max(0, left))
}

// A try from a client that registered none of the live codes: counted for the client and the address, slowed,
// then refused; compared with every live code (the owner may confirm from another network), killing none.
async function strangerTry(
  deps: RegistrationDeps,
  who: Trier,
  code: string,
  live: CodeRow[],
  guardedUntil: Date | null,
) {
  const mine = await readTries(deps.database, who.pairKey, who.now)
  if (mine.attempts >= MAX_WRONG_PER_CLIENT && mine.lockedUntil)
    throw tooMany('client_locked', refusedMessage(mine.lockedUntil), mine.lockedUntil)
  if (guardedUntil) throw tooMany('address_guarded', guardedMessage(guardedUntil), guardedUntil)
  // A client's own codes are reached only through its own tries; a code its owner's client killed is dead.
  const candidates = live.filter((r) => r.clientKey !== who.clientKey && r.attempts < MAX_CONFIRM_ATTEMPTS)
  if (!candidates.length) throw tooMany('too_many_attempts', DEAD)
  if (mine.lockedUntil) throw slowDown(mine.lockedUntil, who.now)
  const pair = await countTry(deps.database, who.pairKey, who.now)
  const address = await countTry(deps.database, who.addressKey, who.now)
  // Counted atomically: of parallel tries, those past a limit are refused without a comparison.
  if (pair.attempts > MAX_WRONG_PER_CLIENT) throw tooMany('client_locked', refusedMessage(who.now))
  if (address.attempts > MAX_WRONG_PER_DAY) {
    await guardIfDue(deps, who, address.attempts)
    throw tooMany('address_guarded', guardedMessage(who.now))
  }
  // Counted first, the wait too: a try past THROTTLE_AFTER is compared only once the wait its predecessor set has
  // passed. Of a burst of parallel tries, those counted before that wait was even recorded are slowed down like a
  // try sent too soon, so a burst gets no more comparisons than tries sent one after another.
  const held = pair.lockedUntil
  if (throttleMs(pair.attempts - 1) > 0 && !(held && held.getTime() <= who.now.getTime()))
    throw slowDown(held ?? new Date(who.now.getTime() + throttleMs(pair.attempts - 1)), who.now)
  const hit = compare(deps, code, candidates)
  if (hit) return succeed(deps, who, hit, true)
  const wait = throttleMs(pair.attempts)
  if (pair.attempts >= MAX_WRONG_PER_CLIENT)
    await holdUntil(deps.database, who.pairKey, new Date(who.now.getTime() + LOCK_MS))
  else if (wait) await holdUntil(deps.database, who.pairKey, new Date(who.now.getTime() + wait))
  await guardIfDue(deps, who, address.attempts)
  throw incorrect(Math.max(0, Math.min(MAX_WRONG_PER_CLIENT - pair.attempts, MAX_WRONG_PER_DAY - address.attempts)))
}

// Every candidate is compared (no early exit), each in constant time.
function compare(deps: RegistrationDeps, code: string, candidates: CodeRow[]): CodeRow | null {
  const matches = candidates.map((r) => safeEqual(codeHmac(deps.secret, r.id, r.email, code), r.codeHmac))
  return candidates[matches.indexOf(true)] ?? null
}

// A right code mints, and gives its tries back, so an owner who confirms often is never held by their successes.
async function succeed(deps: RegistrationDeps, who: Trier, row: CodeRow, stranger: boolean) {
  const minted = await mintToken(deps, row, who.now)
  await refundTry(deps.database, who.addressKey)
  if (stranger) await refundTry(deps.database, who.pairKey)
  return minted
}

// The address's wrong tries reached the cap: it is guarded for 24 hours, and its owner is told once.
async function guardIfDue(deps: RegistrationDeps, who: Trier, attempts: number) {
  if (attempts < MAX_WRONG_PER_DAY) return
  const until = await startLock(deps.database, who.addressKey, who.now)
  if (!until) return
  deps.log.warn({ guardedUntil: until.toISOString() }, 'agent confirmation: too many wrong codes; strangers refused')
  deps.onLock?.(who.email, until)
}

const incorrect = (remaining: number) =>
  new InvalidCode(
    'incorrect',
    remaining > 0
      ? `Incorrect code; ${remaining} ${remaining === 1 ? 'try' : 'tries'} left`
      : 'Incorrect code; no tries left, register again for a new one',
    remaining,
  )

const refusedMessage = (until: Date) =>
  `Too many wrong codes from this client for this address: it is refused until ${until.toISOString()}`
const guardedMessage = (until: Date) =>
  `Too many wrong codes for this address: until ${until.toISOString()} only a code registered from this client is accepted; register to get one`

function slowDown(until: Date, now: Date): RateLimited {
  const wait = retryAfter(until.getTime() - now.getTime())
  return new RateLimited(`Too many wrong codes from this client; retry in ${wait} s`, wait)
}
