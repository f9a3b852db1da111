import { getClaimChallenge as challengeEndpoint } from '@mcp-directory/claim-verifier/contracts'
import { ChallengeParams } from '@mcp-directory/claim-verifier/model'
import { fromModel } from './args'
import { ID_HELP, READ, TOKEN, tokenOf } from './common'
import { contractOutput } from './output'
import { challengeText } from './account-text'
import type { Tool } from './tool'

export const getClaimChallenge: Tool = {
  name: 'get_claim_challenge',
  title: 'Get claim challenge',
  description:
    'Claim flow, step 3 of 4: what to publish to prove ownership of a listing, by each method: a DNS TXT record, a badge on its ' +
    'website, or a badge in its repository README. Any one is enough; publish it, then call verify_mcp_claim. Needs an agent token.',
  args: { ...fromModel(ChallengeParams, {}, ID_HELP), agentToken: TOKEN },
  output: contractOutput(challengeEndpoint),
  annotations: READ,
  async call(a, { api, caller }) {
    const r = await api.call(challengeEndpoint, { params: { id: String(a.id) } }, tokenOf(a, caller))
    return { data: r, text: challengeText(r) }
  },
}
