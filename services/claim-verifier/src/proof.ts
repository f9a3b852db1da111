// Proof values: an HMAC of the listing and the claimant under SERVER_SECRET. A value published for one claimant
// proves nothing for another, and checking it needs no stored state: it is recomputed at every check.
import { createHmac } from 'node:crypto'

/** The DNS label under which the TXT proof is published: `_mcp-directory.<host>`. */
export const DNS_LABEL = '_mcp-directory'
/** Prefix of the TXT record's value. */
export const TXT_PREFIX = 'mcp-directory-claim='
/** Name of the `<meta>` tag that may carry the proof in a site's head. */
export const META_NAME = 'mcp-directory-claim'

/** Who claims: an agent (bound to its e-mail address through its agent id) or the holder of a claim_url secret. */
export type Claimant = { kind: 'agent'; agentId: string } | { kind: 'claim_url'; secretHash: string }

/** The claimant's key, from which its proofs are computed (kept with the claim so re-checks can recompute them). */
export const claimantKey = (c: Claimant) => (c.kind === 'agent' ? `agent:${c.agentId}` : `claim-url:${c.secretHash}`)

/** How a claimant is named in the catalog and in events: the key, shortened for a claim secret's hash. */
export const claimantLabel = (key: string) =>
  key.startsWith('claim-url:') ? key.slice(0, 'claim-url:'.length + 16) : key

/** The proof value of the claimant with key `claimant` for listing `listingId`: 43 base64url characters. */
export function proofFor(secret: string, listingId: string, claimant: string): string {
  return createHmac('sha256', secret).update(`claim-proof:v1\n${listingId}\n${claimant}`).digest('base64url')
}
