// The claim routes' models (directory-api §4.10, contract §5): they validate the route, type its handler and document
// it in the gateway's route table. The messages are the ones clients have always been given.
import { type Static, Type as t } from '@sinclair/typebox'

/** The listing claimed. */
export const ListingId = t.String({
  minLength: 1,
  maxLength: 200,
  description: 'Listing id',
  error: 'required: the listing id (a string of 1 to 200 characters)',
})

/** The claim methods of directory-api §4.10. */
export const CLAIM_METHODS = ['dns', 'website_badge', 'github'] as const
/** One claim method. */
export type ClaimMethod = (typeof CLAIM_METHODS)[number]
/** The method of a claim that names none. */
export const DEFAULT_CLAIM_METHOD: ClaimMethod = 'dns'

/** The claim method; absent or null: the default. */
export const ClaimMethodModel = t.Union([...CLAIM_METHODS.map((m) => t.Literal(m)), t.Null()], {
  default: DEFAULT_CLAIM_METHOD,
  error: `must be one of ${CLAIM_METHODS.join(', ')}`,
})

/** The page the claimant picks among the listing's own (sites.ts decides which count). */
export const WebsiteUrl = t.Union(
  [
    t.String({
      format: 'uri',
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
      maxLength: 2048,
      description:
        "One of the pages the challenge lists (the listing's own address, website or repository homepage, or the root of their site), " +
        'exactly: a path, query or fragment of its own, another site or a shared host is a 400',
    }),
    t.Null(),
  ],
  { error: 'must be an http or https URL (at most 2048 characters)' },
)

/** The secret of a claim link. */
export const ClaimToken = t.String({
  minLength: 16,
  maxLength: 200,
  description: 'The secret of the claim link (the token parameter of claim_url)',
  error: 'required: the secret of the claim link (its token parameter)',
})

/** `POST /api/v1/agent/claim`. */
export const AgentClaimBody = t.Object({
  id: ListingId,
  method: t.Optional(ClaimMethodModel),
  websiteUrl: t.Optional(WebsiteUrl),
})

/** `POST /api/v1/claim`: the same, by the holder of a claim link. */
export const LinkClaimBody = t.Object({
  id: ListingId,
  token: ClaimToken,
  method: t.Optional(ClaimMethodModel),
  websiteUrl: t.Optional(WebsiteUrl),
})

/** A claim request, whoever makes it. */
export type ClaimRequest = Static<typeof AgentClaimBody>

/** One place checked: what was looked for, where, and what was found. */
export const CheckModel = t.Object({
  method: t.String(),
  where: t.String(),
  lookedFor: t.String(),
  found: t.String(),
  ok: t.Boolean(),
})

/** A claim verified. */
export const ClaimResult = t.Object({
  success: t.Boolean(),
  pending: t.Literal(false),
  isOfficial: t.Literal(true),
  reciprocalBadgeOk: t.Boolean({
    description: 'The public badge or a link to the listing page was found on the README or the website',
  }),
  message: t.String(),
  claimId: t.String(),
  method: t.String(),
  reciprocal: t.Object(
    { readme: t.Boolean(), website: t.Boolean() },
    { description: 'Where the reciprocal badge was found (checked separately)' },
  ),
  checks: t.Array(CheckModel),
})
export type ClaimResult = Static<typeof ClaimResult>
