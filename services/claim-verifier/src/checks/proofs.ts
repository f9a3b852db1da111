// One place checked for a proof or a reciprocal badge: a DNS name's TXT records, a page, a README. Each check says
// what was looked for, where, and what was found.
import { listingPageUrl } from '@mcp-directory/shared/badges'
import { type FetchedText, OutboundError } from '@mcp-directory/shared/outbound'
import { META_NAME, TXT_PREFIX } from '../proof'
import { type ClaimableListing, type PointedName, repositoryOf } from '../sites'
import type { Check, Verification, VerifierDeps } from '../verification'
import { txtValues } from './dns'
import { carriesProof, isClaimBadge, isReciprocal, markdownUrls, scanHtml } from './marks'

const describe = (err: unknown) =>
  err instanceof OutboundError ? err.reason : err instanceof Error ? err.message : String(err)

/** The checks up to and including the first that succeeded (all of them when none did). */
export const untilFirstOk = (checks: Check[]) => {
  const i = checks.findIndex((c) => c.ok)
  return i < 0 ? checks : checks.slice(0, i + 1)
}

/** Looks for the TXT proof at each DNS name given (at once, so time stays bounded); reported up to the first found. */
export async function verifyDns(deps: VerifierDeps, names: PointedName[], expected: string): Promise<Check[]> {
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
export async function verifySite(
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
export async function verifyReadme(deps: VerifierDeps, listing: ClaimableListing, proof: string): Promise<Check> {
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
export const sameOriginReader =
  (deps: VerifierDeps): PageReader =>
  (url) =>
    deps.outbound.text(url, { redirects: 'same-origin' })
