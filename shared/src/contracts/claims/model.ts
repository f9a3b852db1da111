// The models of the catalog's internal claims API (see ./index.ts). Elysia's `t`: it reads an integer in a query.
import type { Static } from '@sinclair/typebox'
import { t } from 'elysia'

const Name = t.String({ minLength: 1, maxLength: 200 })

/** Where the reciprocal badge was found when the claim was verified (or re-checked). */
export const Reciprocal = t.Object({ readme: t.Boolean(), site: t.Boolean() })

/** A verified claim as the claim-verifier reports it. */
export const ClaimRecordBody = t.Object({
  claimId: Name,
  /** How the claimant is named in events (a claim secret's hash shortened). */
  claimant: Name,
  /** What the proof is computed from, kept so re-checks can recompute it (default: `claimant`). */
  claimantKey: t.Optional(Name),
  method: Name,
  evidence: t.Optional(t.Unknown()),
  /** The page the claimant chose, re-checked by the same method. */
  websiteUrl: t.Optional(t.Union([t.String({ maxLength: 2048 }), t.Null()])),
  reciprocal: t.Optional(Reciprocal),
})
export type ClaimRecord = Static<typeof ClaimRecordBody>

/** The listing after a claim was recorded (`recorded: false`: a retry of a claim already recorded). */
export const RecordedClaim = t.Object({
  listing: t.Object({
    id: t.String(),
    name: t.String(),
    status: t.String(),
    isOfficial: t.Boolean(),
    recorded: t.Boolean(),
    approved: t.Boolean(),
  }),
})

/** `POST /internal/claims/due`: how many due claims to lease at most. */
export const DueClaimsQuery = t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })) })

/** A claim due for its re-check, leased to the caller until the next interval. */
export const DueClaim = t.Object({
  claimId: t.String(),
  listingId: t.String(),
  claimantKey: t.String(),
  method: t.String(),
  websiteUrl: t.Union([t.String(), t.Null()]),
  state: t.String(),
})
export type DueClaim = Static<typeof DueClaim>
export const DueClaims = t.Object({ claims: t.Array(DueClaim) })

/** One re-check's result, as the claim-verifier found it. */
export const RecheckBody = t.Object({
  proofOk: t.Boolean(),
  reciprocalReadme: t.Boolean(),
  reciprocalSite: t.Boolean(),
  /** What was checked where (the verification's checks and reciprocal badges). */
  details: t.Optional(t.Unknown()),
})
export type RecheckResult = Static<typeof RecheckBody>

/** The claim after a re-check: its state, whether anything changed, whether it was revoked now. */
export const RecheckedClaim = t.Object({
  claim: t.Object({
    claimId: t.String(),
    listingId: t.String(),
    state: t.Union([t.Literal('verified'), t.Literal('failing'), t.Literal('revoked')]),
    changed: t.Boolean(),
    revoked: t.Boolean(),
  }),
})
export type RecheckedClaim = Static<typeof RecheckedClaim>['claim']

/** Path parameters of the claims routes. */
export const ListingParams = t.Object({ id: t.String({ minLength: 1, maxLength: 200, description: 'Listing id' }) })
export const ClaimParams = t.Object({ claimId: t.String({ minLength: 1, maxLength: 200, description: 'Claim id' }) })
