// What a claim leaves behind once it is revoked: the domain a DNS claim proved is evidence only while that claim
// stands, so a revoked DNS claim no longer verifies the listing's namespace, even while another claim keeps it
// official.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { eq, listingClaims, listings } from '@mcp-directory/shared/db'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'

let under: CatalogUnderTest

beforeAll(async () => {
  under = await catalogUnderTest({ PUBLIC_BASE_URL: 'https://evidence.example' }, 'evidence-operator-token')
  // A remote server under a reverse-DNS name whose listing names no website: only a DNS claim can prove acme.org.
  await under.catalog.importDocument([
    {
      name: 'org.acme/relay',
      description: 'A relay whose namespace only a DNS claim proves',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: 'https://relay.acme.org/mcp' }],
    },
  ])
}, 60_000)

afterAll(async () => {
  await under?.close()
})

type Server = { publisherVerified: boolean; publisherEvidence: string | null; isOfficial: boolean }
const detail = async (id: string) =>
  ((await (await under.call('GET', `/api/v1/servers/${id}`)).json()) as { server: Server }).server

test("a revoked DNS claim's domain stops verifying the namespace, even while another claim stands", async () => {
  const [row] = await under.database.db.select().from(listings).where(eq(listings.name, 'org.acme/relay'))
  const id = row.id
  expect((await detail(id)).publisherVerified).toBe(false)
  const dns = await under.call('POST', `/internal/listings/${id}/claims`, {
    claimId: 'dns-claim',
    claimant: 'agent:agt_dns',
    claimantKey: 'agent:agt_dns',
    method: 'dns',
    evidence: { checks: [{ method: 'dns', where: 'TXT records at _mcp-directory.acme.org', ok: true }] },
  })
  expect(dns.status).toBe(200)
  expect((await detail(id)).publisherEvidence).toBe('namespace org.acme: DNS claim of acme.org')
  // A README claim stands beside it.
  await under.claim(id, 'agt_readme', 'readme-claim')
  // The TXT record is gone: the DNS claim fails its re-checks for the whole grace period and is revoked.
  const recheck = () =>
    under.call('POST', '/internal/claims/dns-claim/rechecks', {
      proofOk: false,
      reciprocalReadme: false,
      reciprocalSite: false,
    })
  expect((await recheck()).status).toBe(200)
  await under.database.db
    .update(listingClaims)
    .set({ failingSince: new Date(Date.now() - 8 * 86_400_000) })
    .where(eq(listingClaims.claimId, 'dns-claim'))
  const last = (await (await recheck()).json()) as { claim: { revoked: boolean } }
  expect(last.claim.revoked).toBe(true)
  const after = await detail(id)
  expect(after.isOfficial).toBe(true) // the README claim stands
  expect([after.publisherVerified, after.publisherEvidence]).toEqual([false, null])
})
