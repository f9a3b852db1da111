// For the claim-verifier only (never routed by the gateway): does this secret open this listing's claim_url?
import { t, type Static } from 'elysia'

/** Body of `POST /internal/claim-tokens/verify`. */
export const ClaimTokenCheck = t.Object({
  id: t.String({ minLength: 1, maxLength: 200 }),
  token: t.String({ minLength: 1, maxLength: 200 }),
})
export type ClaimTokenCheck = Static<typeof ClaimTokenCheck>

/** Its answer. */
export const ClaimTokenVerdict = t.Object({ valid: t.Boolean() })
