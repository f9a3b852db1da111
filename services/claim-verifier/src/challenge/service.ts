// The challenge: what a claimant must publish for each method, with its own proof value.
import { claimBadgeMarkup, listingPageUrl } from '@mcp-directory/shared/badges'
import { claimableListing } from '../claimants/claimant'
import type { ClaimContext } from '../context'
import { type Claimant, claimantKey, META_NAME, proofFor, TXT_PREFIX } from '../proof'
import { type ClaimableListing, repositoryOf, sitesOf } from '../sites'
import { directoryDomains, nothingOffered, type VerifierDeps } from '../verify'
import type { Challenge } from './model'

/** The challenge of listing `id` for `claimant`. */
export async function challenge(ctx: ClaimContext, id: string, claimant: Claimant): Promise<Challenge> {
  const key = claimantKey(claimant)
  await ctx.countChallenge(key)
  const listing = await claimableListing(ctx.deps.catalog, id)
  const proof = proofFor(ctx.deps.secret, listing.id, key)
  return challengeFor(ctx.verifier, listing, proof)
}

/** What to publish for each method: the challenge of `GET /api/v1/agent/claim/{id}/challenge`. */
async function challengeFor(deps: VerifierDeps, listing: ClaimableListing, proof: string): Promise<Challenge> {
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
