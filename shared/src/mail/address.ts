// One canonical form of an e-mail address for every per-address count (registrations, code tries, locks, the
// mail cap): the spellings that reach one mailbox share one count, so `Victim+1@` or `v.i.c.t.i.m@gmail.com`
// does not buy a fresh allowance.

// Providers known to ignore dots in the local part (Gmail's two domains are one mailbox namespace).
const DOTLESS_DOMAINS: Record<string, string> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' }

/**
 * The canonical form of an address: trimmed and lower-cased; the `+tag` of the local part dropped; dots dropped
 * where the provider ignores them (gmail.com, googlemail.com → gmail.com). Meant for limits only: it may merge
 * two mailboxes (a domain where `+` is an ordinary character), which makes a limit stricter, never looser, but
 * would be wrong for identity. Input without exactly one usable `@` is returned trimmed and lower-cased.
 */
export function canonicalEmail(address: string): string {
  const a = address.trim().toLowerCase()
  const at = a.lastIndexOf('@')
  if (at <= 0 || at === a.length - 1) return a
  let local = a.slice(0, at)
  let domain = a.slice(at + 1)
  const plus = local.indexOf('+')
  // `+tag@` alone has no base name left: keep it whole rather than collapse every such address into one.
  if (plus > 0) local = local.slice(0, plus)
  const dotless = DOTLESS_DOMAINS[domain]
  if (dotless) {
    domain = dotless
    const bare = local.replaceAll('.', '')
    if (bare) local = bare
  }
  return `${local}@${domain}`
}
