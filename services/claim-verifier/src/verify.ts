// Verifying a claim: for the method tried, look where the proof must be, say what was looked for, where, and
// what was found; then look for the reciprocal badge on the README and on the site, each recorded separately.
// Only the listing's own addresses are read (sites.ts); an agent's websiteUrl picks one of them and adds nothing.
import { claimBadgeMarkup, listingPageUrl } from '@mcp-directory/shared/badges'
import { registrableDomainsOf } from '@mcp-directory/shared/hosts'
import { OutboundError, type FetchedText, type OutboundFetcher } from '@mcp-directory/shared/outbound'
import { carriesProof, isClaimBadge, isReciprocal, markdownUrls, scanHtml } from './checks/marks'
import { txtValues, type TxtLookup } from './checks/dns'
import type { ReadmeReader } from './checks/github'
import { META_NAME, TXT_PREFIX } from './proof'
import {
  namesOfPage,
  pageMatching,
  repositoryOf,
  sitesOf,
  type ClaimableListing,
  type ClaimSites,
  type PointedName,
  type PointedPage,
  type RepositoryHomepage,
} from './sites'

/** The claim methods of directory-api §4.10; the first is the default. */
export const CLAIM_METHODS = ['dns', 'website_badge', 'github'] as const
/** One claim method. */
export type ClaimMethod = (typeof CLAIM_METHODS)[number]

/** One place checked: what was looked for, where, and what was found. */
export interface Check {
  method: ClaimMethod | 'reciprocal_readme' | 'reciprocal_site'
  where: string
  lookedFor: string
  found: string
  ok: boolean
}

/** The outcome of a verification. */
export interface Verification {
  ok: boolean
  checks: Check[]
  reciprocal: { readme: Check | null; site: Check | null }
}

/** What a request must be refused for before anything is checked (400 with these details). */
export class ClaimRefused extends Error {
  constructor(
    readonly code: 'invalid_body' | 'verification_failed',
    message: string,
    readonly details: unknown[],
  ) {
    super(message)
  }
}

/** Where verification looks things up. */
export interface VerifierDeps {
  baseUrl: string
  outbound: OutboundFetcher
  txt: TxtLookup
  readme: ReadmeReader
  homepage: RepositoryHomepage
}

/** The directory's own registrable domain: its pages echo listings, so they never count as an owner's site. */
const directoryDomains = (deps: VerifierDeps) => registrableDomainsOf(deps.baseUrl)

/** Why the listing offers nothing for a method: what it points to and why none of it counts. */
function nothingOffered(sites: ClaimSites, what: string): string {
  const why = sites.refused.map((r) => `${r.url} (${r.source}): ${r.reason}`)
  if (what === 'dns') why.push(...new Set(sites.pages.flatMap((p) => (p.dnsReason ? [p.dnsReason] : []))))
  return `the listing points to no ${what === 'dns' ? 'DNS name' : 'website'} of its own${why.length ? `: ${why.join('; ')}` : ''}`
}

/** What to publish for each method: the challenge of `GET /api/v1/agent/claim/{id}/challenge`. */
export async function challengeFor(deps: VerifierDeps, listing: ClaimableListing, proof: string) {
  const sites = await sitesOf(listing, deps.homepage, directoryDomains(deps))
  const repo = repositoryOf(listing)
  const badge = claimBadgeMarkup(deps.baseUrl, listing.id, listing.name, proof)
  const notCounted = sites.refused.map((r) => ({ address: r.url, source: r.source, reason: r.reason }))
  // Sites whose pages count but whose DNS does not (one entry per host).
  const noDnsByHost = new Map<string, { address: string; source: string; reason: string }>()
  for (const p of sites.pages)
    if (p.dnsReason)
      noDnsByHost.set(p.host, { address: `${new URL(p.url).origin}/`, source: p.source, reason: p.dnsReason })
  const noDns = [...noDnsByHost.values()]
  return {
    id: listing.id,
    name: listing.name,
    proof,
    methods: {
      dns: {
        type: 'TXT',
        names: sites.names.map((n) => n.name),
        value: `${TXT_PREFIX}${proof}`,
        note: sites.names.length
          ? 'Publish the TXT record at one of these names (hosts the listing points to, or their registrable domain).'
          : `${nothingOffered(sites, 'dns')}. Use another method.`,
        notOffered: [...notCounted, ...noDns],
      },
      website_badge: {
        sites: sites.pages.map((p) => p.url),
        html: badge.html,
        meta: `<meta name="${META_NAME}" content="${proof}">`,
        note: sites.pages.length
          ? 'Put the badge (or the meta tag, in the head) on one of these pages, then claim; websiteUrl, when given, must be one of them exactly.'
          : `${nothingOffered(sites, 'website_badge')}. Use another method.`,
        notOffered: notCounted,
      },
      github: {
        repository: repo ? `${repo.owner}/${repo.repo}` : null,
        markdown: badge.markdown,
        note: repo
          ? 'Add the badge to the repository README (default branch).'
          : 'The listing names no GitHub repository.',
      },
    },
    listingUrl: listingPageUrl(deps.baseUrl, listing.id),
  }
}

const describe = (err: unknown) =>
  err instanceof OutboundError ? err.reason : err instanceof Error ? err.message : String(err)

/** The checks up to and including the first that succeeded (all of them when none did). */
const untilFirstOk = (checks: Check[]) => {
  const i = checks.findIndex((c) => c.ok)
  return i < 0 ? checks : checks.slice(0, i + 1)
}

/** Looks for the TXT proof at each DNS name given (at once, so time stays bounded); reported up to the first found. */
async function verifyDns(deps: VerifierDeps, names: PointedName[], expected: string): Promise<Check[]> {
  const lookedFor = `TXT record "${expected}"`
  const checks = await Promise.all(
    names.map(async ({ name }): Promise<Check> => {
      try {
        const values = txtValues(await deps.txt(name), TXT_PREFIX)
        const ok = values.includes(expected)
        const shown = [...new Set(values)]
          .slice(0, 5)
          .map((v) => JSON.stringify(v.length > 120 ? `${v.slice(0, 120)}…` : v))
        return {
          method: 'dns',
          where: `TXT records at ${name}`,
          lookedFor,
          found: ok ? 'the proof' : shown.length ? shown.join(', ') : 'none',
          ok,
        }
      } catch (err) {
        return { method: 'dns', where: `TXT records at ${name}`, lookedFor, found: describe(err), ok: false }
      }
    }),
  )
  return untilFirstOk(checks)
}

const FOREIGN_LINK =
  "the proof only in a link that is not this directory's page or badge of the listing (does not count)"

/** Reads a listing's page; redirects only within its origin (a proof must come from the site asked for). */
export type PageReader = (url: string) => Promise<FetchedText>

/** Fetches one of the listing's pages and looks for the personalized badge of this listing or the head meta tag. */
async function verifySite(
  deps: VerifierDeps,
  read: PageReader,
  listing: ClaimableListing,
  url: string,
  proof: string,
): Promise<Check> {
  const lookedFor =
    `a link or image to ${listingPageUrl(deps.baseUrl, listing.id)} (or its badge) carrying claim=${proof}, ` +
    `or <meta name="${META_NAME}" content="${proof}"> in the head`
  try {
    const page = await read(url)
    if (page.status >= 400)
      return { method: 'website_badge', where: url, lookedFor, found: `the site answered ${page.status}`, ok: false }
    const marks = await scanHtml(page.body)
    if (marks.metaProofs.includes(proof))
      return { method: 'website_badge', where: page.url, lookedFor, found: 'the meta tag', ok: true }
    if (marks.urls.some((u) => isClaimBadge(u, deps.baseUrl, listing.id, proof))) {
      return { method: 'website_badge', where: page.url, lookedFor, found: 'the personalized badge', ok: true }
    }
    const found = marks.urls.some((u) => carriesProof(u, proof))
      ? FOREIGN_LINK
      : marks.metaProofs.length
        ? 'a claim meta tag with another value'
        : 'no badge or meta tag carrying the proof'
    return { method: 'website_badge', where: page.url, lookedFor, found, ok: false }
  } catch (err) {
    return { method: 'website_badge', where: url, lookedFor, found: describe(err), ok: false }
  }
}

/** Reads the README and looks for the personalized badge. */
async function verifyReadme(deps: VerifierDeps, listing: ClaimableListing, proof: string): Promise<Check> {
  const repo = repositoryOf(listing)
  const lookedFor = `the personalized badge: a link or image to ${listingPageUrl(deps.baseUrl, listing.id)} (or its badge) carrying claim=${proof}`
  if (!repo)
    return {
      method: 'github',
      where: 'repository README',
      lookedFor,
      found: 'the listing names no GitHub repository',
      ok: false,
    }
  const where = `README of ${repo.owner}/${repo.repo}`
  const readme = await deps.readme(repo)
  if (!readme.ok) return { method: 'github', where, lookedFor, found: readme.reason, ok: false }
  const urls = markdownUrls(readme.text)
  const ok = urls.some((u) => isClaimBadge(u, deps.baseUrl, listing.id, proof))
  const found = ok
    ? 'the personalized badge'
    : urls.some((u) => carriesProof(u, proof))
      ? FOREIGN_LINK
      : 'README has no badge carrying the proof'
  return { method: 'github', where, lookedFor, found, ok }
}

/** Looks for the public badge or a link to the listing page: on the README, and on a site, separately. */
export async function checkReciprocal(
  deps: VerifierDeps,
  listing: ClaimableListing,
  siteUrl: string | null,
  read: PageReader = sameOriginReader(deps),
): Promise<Verification['reciprocal']> {
  const lookedFor = `the directory badge (${deps.baseUrl}/api/badge/${listing.id}) or a link to ${listingPageUrl(deps.baseUrl, listing.id)}`
  const repo = repositoryOf(listing)
  const [readme, site] = await Promise.all([
    repo
      ? deps.readme(repo).then((r): Check => {
          const where = `README of ${repo.owner}/${repo.repo}`
          if (!r.ok) return { method: 'reciprocal_readme', where, lookedFor, found: r.reason, ok: false }
          const ok = markdownUrls(r.text).some((u) => isReciprocal(u, deps.baseUrl, listing.id))
          return { method: 'reciprocal_readme', where, lookedFor, found: ok ? 'the badge or link' : 'none', ok }
        })
      : null,
    siteUrl
      ? read(siteUrl).then(
          async (page): Promise<Check> => {
            const ok =
              page.status < 400 &&
              (await scanHtml(page.body)).urls.some((u) => isReciprocal(u, deps.baseUrl, listing.id))
            return {
              method: 'reciprocal_site',
              where: page.url,
              lookedFor,
              found: ok ? 'the badge or link' : page.status >= 400 ? `the site answered ${page.status}` : 'none',
              ok,
            }
          },
          (err): Check => ({ method: 'reciprocal_site', where: siteUrl, lookedFor, found: describe(err), ok: false }),
        )
      : null,
  ])
  return { readme, site }
}

/** Pages read with redirects kept within their origin. */
const sameOriginReader =
  (deps: VerifierDeps): PageReader =>
  (url) =>
    deps.outbound.text(url, { redirects: 'same-origin' })

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
 * Verifies one claim attempt (and every re-check, so both follow the same rules); throws ClaimRefused for a
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
      throw new ClaimRefused('verification_failed', match.reason, [
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
      throw new ClaimRefused('verification_failed', `websiteUrl cannot carry a DNS proof: ${chosen.dnsReason}`, [check])
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
