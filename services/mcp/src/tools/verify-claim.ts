import { claimListing } from '@mcp-directory/claim-verifier/contracts'
import { DEFAULT_CLAIM_METHOD } from '@mcp-directory/claim-verifier/model'
import type { BodyOf } from '@mcp-directory/shared/contracts'
import { plain, quoted } from './plain'
import { fromModel } from './args'
import { ID_HELP, TOKEN, tokenOf, VERIFIES } from './common'
import { contractOutput } from './output'
import type { Tool } from './tool'

export const verifyClaim: Tool = {
  name: 'verify_mcp_claim',
  title: 'Verify a claim',
  description:
    'Claim flow, step 4 of 4: checks the published proof (DNS, website or repository) and, when it holds, marks the listing ' +
    'official (and approves it if pending). Returns whether it is official now; on failure, what was found instead. Needs an agent token.',
  // The endpoint's own body model, and the token it reads from the Authorization header.
  args: {
    ...fromModel(
      claimListing.body,
      {},
      {
        ...ID_HELP,
        method: { description: 'Which published proof to check (get_claim_challenge)' },
        websiteUrl: { description: 'website_badge: the page carrying the badge (one the listing points to)' },
      },
    ),
    agentToken: TOKEN,
  },
  output: contractOutput(claimListing),
  annotations: VERIFIES,
  async call(a, { api, caller }) {
    const { agentToken: _token, ...body } = a
    // The arguments met the body model's checks (args.ts); the endpoint checks them again.
    const r = await api.call(claimListing, { body: body as BodyOf<typeof claimListing> }, tokenOf(a, caller))
    // The endpoint's message may suggest adding a badge; tool output states the outcome only.
    const outcome = `${r.isOfficial ? 'official' : 'not official'}: ownership verified by ${r.method ?? String(body.method ?? DEFAULT_CLAIM_METHOD)}`
    const message = `${String(body.id)} is ${outcome}.`
    const text =
      `Listing ${quoted(String(body.id))} is ${plain(outcome)}.\n` +
      `Pending: ${r.pending ? 'yes' : 'no'}; reciprocal badge found: ${r.reciprocalBadgeOk ? 'yes' : 'no'}.`
    return { data: { ...r, message }, text }
  },
}
