// Verifying a claim: for the method tried, look where the proof must be, say what was looked for, where, and
// what was found; then look for the reciprocal badge on the README and on the site, each recorded separately.
// Only the listing's own addresses are read (sites.ts); an agent's websiteUrl picks one of them and adds nothing.
// Each place is checked in checks/proofs.ts; this file decides which places a method and a websiteUrl lead to.
import { VerificationFailed } from '@mcp-directory/shared/errors'
import { registrableDomainsOf } from '@mcp-directory/shared/hosts'
import type { FetchedText } from '@mcp-directory/shared/outbound'
import type { ReadmeReader } from './checks/github'
import {
  checkReciprocal,
  type PageReader,
  sameOriginReader,
  untilFirstOk,
  verifyDns,
  verifyReadme,
  verifySite,
} from './checks/proofs'
import { TXT_PREFIX } from './proof'
import type { ClaimMethod } from './claims/model'
import type { Check, Verification, VerifierDeps } from './verification'
import { namesOfPage, pageMatching, sitesOf, type ClaimableListing, type ClaimSites, type PointedPage } from './sites'

export type { Check, Verification, VerifierDeps } from './verification'

/** The directory's own registrable domain: its pages echo listings, so they never count as an owner's site. */
export const directoryDomains = (deps: VerifierDeps) => registrableDomainsOf(deps.baseUrl)

/** Why the listing offers nothing for a method: what it points to and why none of it counts. */
export function nothingOffered(sites: ClaimSites, what: string): string {
  const why = sites.refused.map((r) => `${r.url} (${r.source}): ${r.reason}`)
  if (what === 'dns') why.push(...new Set(sites.pages.flatMap((p) => (p.dnsReason ? [p.dnsReason] : []))))
  return `the listing points to no ${what === 'dns' ? 'DNS name' : 'website'} of its own${why.length ? `: ${why.join('; ')}` : ''}`
}

/** The same look-ups answered once: the proof and the reciprocal badge are looked for in one README and one page. */
function readingOnce(deps: VerifierDeps): { deps: VerifierDeps; read: PageReader } {
  const readmes = new Map<string, ReturnType<ReadmeReader>>()
  const pages = new Map<string, Promise<FetchedText>>()
  const once = <T>(cache: Map<string, T>, key: string, read: () => T): T => {
    if (!cache.has(key)) cache.set(key, read())
    return cache.get(key)!
  }
  const read = sameOriginReader(deps)
  return {
    deps: { ...deps, readme: (repo) => once(readmes, `${repo.owner}/${repo.repo}`, () => deps.readme(repo)) },
    read: (url) => once(pages, url, () => read(url)),
  }
}

/** At most this many pages are read for one website proof (each stored address and its root: three addresses). */
const MAX_PAGES = 6

/**
 * Verifies one claim attempt (and every re-check, so both follow the same rules); throws VerificationFailed for a
 * `websiteUrl` that is not one of the listing's own pages, or whose host cannot carry the method's proof. The
 * reciprocal badge is looked for after a success, or always with `reciprocal: 'always'` (re-checks record it).
 */
export async function verifyClaim(
  given: VerifierDeps,
  listing: ClaimableListing,
  method: ClaimMethod,
  proof: string,
  websiteUrl: string | null,
  opts: { reciprocal?: 'on-success' | 'always' } = {},
): Promise<Verification> {
  const { deps, read } = readingOnce(given)
  const sites = await sitesOf(listing, deps.homepage, directoryDomains(deps))
  let chosen: PointedPage | null = null
  if (websiteUrl) {
    const match = pageMatching(sites, websiteUrl, directoryDomains(deps))
    if ('reason' in match) {
      const offered = sites.pages.length
        ? `the listing's pages are ${sites.pages.map((p) => p.url).join(', ')}`
        : nothingOffered(sites, 'website_badge')
      const lookedFor = "one of the listing's own addresses"
      throw new VerificationFailed(match.reason, [
        { method, where: websiteUrl, lookedFor, found: `${match.reason}; ${offered}`, ok: false },
      ])
    }
    chosen = match.page
    if (method === 'dns' && chosen.dnsReason) {
      const check: Check = {
        method,
        where: websiteUrl,
        lookedFor: "a DNS name of the listing's own site",
        found: chosen.dnsReason,
        ok: false,
      }
      throw new VerificationFailed(`websiteUrl cannot carry a DNS proof: ${chosen.dnsReason}`, [check])
    }
  }
  let checks: Check[]
  let sitePage: string | null = chosen?.url ?? sites.pages[0]?.url ?? null
  if (method === 'dns') {
    const names = chosen ? namesOfPage(sites, chosen) : sites.names
    checks = names.length
      ? await verifyDns(deps, names, `${TXT_PREFIX}${proof}`)
      : [
          {
            method: 'dns',
            where: 'TXT records',
            lookedFor: `TXT record "${TXT_PREFIX}${proof}"`,
            found: nothingOffered(sites, 'dns'),
            ok: false,
          },
        ]
  } else if (method === 'website_badge') {
    // Read at once (each fetch is bounded to 10 s), reported in order up to the first page carrying the proof.
    const pages = chosen ? [chosen] : sites.pages.slice(0, MAX_PAGES)
    checks = untilFirstOk(await Promise.all(pages.map((page) => verifySite(deps, read, listing, page.url, proof))))
    if (checks.at(-1)?.ok) sitePage = pages[checks.length - 1]!.url
    if (!checks.length)
      checks.push({
        method: 'website_badge',
        where: 'website',
        lookedFor: 'the personalized badge',
        found: nothingOffered(sites, 'website_badge'),
        ok: false,
      })
  } else checks = [await verifyReadme(deps, listing, proof)]
  const ok = checks.some((c) => c.ok)
  const reciprocal =
    ok || opts.reciprocal === 'always'
      ? await checkReciprocal(deps, listing, sitePage, read)
      : { readme: null, site: null }
  return { ok, checks, reciprocal }
}

/**
 * A claim attempt's proof, verified; else VerificationFailed naming every place checked, the first saying why. A
 * claim is refused for it, where a re-check records it (verifyClaim).
 */
export async function verifiedClaim(
  deps: VerifierDeps,
  listing: ClaimableListing,
  method: ClaimMethod,
  proof: string,
  websiteUrl: string | null,
): Promise<Verification> {
  const verification = await verifyClaim(deps, listing, method, proof, websiteUrl)
  if (verification.ok) return verification
  const first = verification.checks[0]!
  throw new VerificationFailed(
    `Ownership not verified by ${method}: ${first.where}: ${first.found}`,
    verification.checks,
  )
}
