// Verifying a claim: for the method tried, look where the proof must be, say what was looked for, where, and
// what was found; then look for the reciprocal badge on the README and on the site, each recorded separately.
import { claimBadgeMarkup, listingPageUrl } from '@mcp-directory/shared/badges'
import { OutboundError, type OutboundFetcher } from '@mcp-directory/shared/outbound'
import { carriesProof, isReciprocal, markdownUrls, scanHtml } from './checks/marks'
import { txtValues, type TxtLookup } from './checks/dns'
import type { ReadmeReader } from './checks/github'
import { DNS_LABEL, META_NAME, TXT_PREFIX } from './proof'
import { repositoryOf, siteMatching, sitesOf, type ClaimableListing, type PointedSite, type RepositoryHomepage } from './sites'

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
  constructor(readonly code: 'invalid_body' | 'verification_failed', message: string, readonly details: unknown[]) {
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

/** What to publish for each method: the challenge of `GET /api/v1/agent/claim/{id}/challenge`. */
export async function challengeFor(deps: VerifierDeps, listing: ClaimableListing, proof: string) {
  const sites = await sitesOf(listing, deps.homepage)
  const repo = repositoryOf(listing)
  const badge = claimBadgeMarkup(deps.baseUrl, listing.id, listing.name, proof)
  return {
    id: listing.id,
    name: listing.name,
    proof,
    methods: {
      dns: {
        type: 'TXT',
        names: sites.map((s) => `${DNS_LABEL}.${s.host}`),
        value: `${TXT_PREFIX}${proof}`,
        note: sites.length ? 'Publish the TXT record at one of these names (hosts the listing points to).' : 'The listing points to no website whose DNS could carry the record; use the github method.',
      },
      website_badge: {
        sites: sites.map((s) => s.url),
        html: badge.html,
        meta: `<meta name="${META_NAME}" content="${proof}">`,
        note: 'Put the badge (or the meta tag, in the head) on the home page of one of these sites, then claim with websiteUrl set to it.',
      },
      github: {
        repository: repo ? `${repo.owner}/${repo.repo}` : null,
        markdown: badge.markdown,
        note: repo ? 'Add the badge to the repository README (default branch).' : 'The listing names no GitHub repository.',
      },
    },
    listingUrl: listingPageUrl(deps.baseUrl, listing.id),
  }
}

const describe = (err: unknown) => (err instanceof OutboundError ? err.reason : err instanceof Error ? err.message : String(err))

/** Looks for the TXT proof at `_mcp-directory.<host>` for every host the listing points to (or the one given). */
async function verifyDns(deps: VerifierDeps, sites: PointedSite[], expected: string): Promise<Check[]> {
  const checks: Check[] = []
  for (const site of sites) {
    const name = `${DNS_LABEL}.${site.host}`
    const lookedFor = `TXT record "${expected}"`
    try {
      const values = txtValues(await deps.txt(name), TXT_PREFIX)
      const ok = values.includes(expected)
      const shown = [...new Set(values)].slice(0, 5).map((v) => JSON.stringify(v.length > 120 ? `${v.slice(0, 120)}…` : v))
      checks.push({ method: 'dns', where: `TXT records at ${name}`, lookedFor, found: ok ? 'the proof' : shown.length ? shown.join(', ') : 'none', ok })
    } catch (err) {
      checks.push({ method: 'dns', where: `TXT records at ${name}`, lookedFor, found: describe(err), ok: false })
    }
    if (checks.at(-1)!.ok) break
  }
  return checks
}

/** Fetches a site's page and looks for the personalized badge (link or image carrying the proof) or the meta tag. */
async function verifySite(deps: VerifierDeps, url: string, proof: string): Promise<Check> {
  const lookedFor = `a link or image whose address carries claim=${proof}, or <meta name="${META_NAME}" content="${proof}"> in the head`
  try {
    const page = await deps.outbound.text(url)
    if (page.status >= 400) return { method: 'website_badge', where: url, lookedFor, found: `the site answered ${page.status}`, ok: false }
    const marks = await scanHtml(page.body)
    if (marks.metaProofs.includes(proof)) return { method: 'website_badge', where: page.url, lookedFor, found: 'the meta tag', ok: true }
    if (marks.urls.some((u) => carriesProof(u, proof))) return { method: 'website_badge', where: page.url, lookedFor, found: 'the personalized badge', ok: true }
    return { method: 'website_badge', where: page.url, lookedFor, found: marks.metaProofs.length ? 'a claim meta tag with another value' : 'no badge or meta tag carrying the proof', ok: false }
  } catch (err) {
    return { method: 'website_badge', where: url, lookedFor, found: describe(err), ok: false }
  }
}

/** Reads the README and looks for the personalized badge. */
async function verifyReadme(deps: VerifierDeps, listing: ClaimableListing, proof: string): Promise<Check> {
  const repo = repositoryOf(listing)
  const lookedFor = `the personalized badge: a link whose address carries claim=${proof}`
  if (!repo) return { method: 'github', where: 'repository README', lookedFor, found: 'the listing names no GitHub repository', ok: false }
  const where = `README of ${repo.owner}/${repo.repo}`
  const readme = await deps.readme(repo)
  if (!readme.ok) return { method: 'github', where, lookedFor, found: readme.reason, ok: false }
  const ok = markdownUrls(readme.text).some((u) => carriesProof(u, proof))
  return { method: 'github', where, lookedFor, found: ok ? 'the personalized badge' : 'README has no badge carrying the proof', ok }
}

/** Looks for the public badge or a link to the listing page: on the README, and on a site, separately. */
export async function checkReciprocal(deps: VerifierDeps, listing: ClaimableListing, siteUrl: string | null): Promise<Verification['reciprocal']> {
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
      ? deps.outbound.text(siteUrl).then(
          async (page): Promise<Check> => {
            const ok = page.status < 400 && (await scanHtml(page.body)).urls.some((u) => isReciprocal(u, deps.baseUrl, listing.id))
            return { method: 'reciprocal_site', where: page.url, lookedFor, found: ok ? 'the badge or link' : page.status >= 400 ? `the site answered ${page.status}` : 'none', ok }
          },
          (err): Check => ({ method: 'reciprocal_site', where: siteUrl, lookedFor, found: describe(err), ok: false }),
        )
      : null,
  ])
  return { readme, site }
}

/** The same look-ups answered once: the proof and the reciprocal badge are looked for in one README and one page. */
function readingOnce(deps: VerifierDeps): VerifierDeps {
  const readmes = new Map<string, ReturnType<ReadmeReader>>()
  const pages = new Map<string, ReturnType<OutboundFetcher['text']>>()
  const once = <T>(cache: Map<string, T>, key: string, read: () => T): T => {
    if (!cache.has(key)) cache.set(key, read())
    return cache.get(key)!
  }
  return {
    ...deps,
    readme: (repo) => once(readmes, `${repo.owner}/${repo.repo}`, () => deps.readme(repo)),
    outbound: { ...deps.outbound, text: (url, options) => (options ? deps.outbound.text(url, options) : once(pages, url, () => deps.outbound.text(url))) },
  }
}

/**
 * Verifies one claim attempt; throws ClaimRefused for a `websiteUrl` the listing does not point to. The reciprocal
 * badge is looked for after a success, or always with `reciprocal: 'always'` (re-checks record it either way).
 */
export async function verifyClaim(
  given: VerifierDeps, listing: ClaimableListing, method: ClaimMethod, proof: string, websiteUrl: string | null, opts: { reciprocal?: 'on-success' | 'always' } = {},
): Promise<Verification> {
  const deps = readingOnce(given)
  const sites = await sitesOf(listing, deps.homepage)
  let chosen: PointedSite | null = null
  if (websiteUrl) {
    chosen = siteMatching(sites, websiteUrl)
    if (!chosen) {
      throw new ClaimRefused('verification_failed', `websiteUrl ${websiteUrl} is not a site this listing points to; only its own address, its website or its repository's homepage count`, [
        { method, where: websiteUrl, lookedFor: 'a site the listing points to', found: sites.length ? `the listing points to ${sites.map((s) => s.url).join(', ')}` : 'the listing points to no website', ok: false },
      ])
    }
  }
  let checks: Check[]
  if (method === 'dns') {
    const hosts = chosen ? [chosen] : sites
    checks = hosts.length
      ? await verifyDns(deps, hosts, `${TXT_PREFIX}${proof}`)
      : [{ method: 'dns', where: 'TXT records', lookedFor: `TXT record "${TXT_PREFIX}${proof}"`, found: 'the listing points to no website whose DNS could carry it', ok: false }]
  } else if (method === 'website_badge') {
    const target = chosen ?? sites[0] ?? null
    checks = target
      ? [await verifySite(deps, websiteUrl ?? target.url, proof)]
      : [{ method: 'website_badge', where: 'website', lookedFor: 'the personalized badge', found: 'the listing points to no website', ok: false }]
  } else checks = [await verifyReadme(deps, listing, proof)]
  const ok = checks.some((c) => c.ok)
  const reciprocal = ok || opts.reciprocal === 'always' ? await checkReciprocal(deps, listing, websiteUrl ?? chosen?.url ?? sites[0]?.url ?? null) : { readme: null, site: null }
  return { ok, checks, reciprocal }
}
