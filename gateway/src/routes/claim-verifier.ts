import { Type as t } from '@sinclair/typebox'
import { err, type RouteSpec } from './spec'

const Method = t.Union([t.Literal('dns'), t.Literal('website_badge'), t.Literal('github')], { default: 'dns' })
const Id = t.String({ minLength: 1, maxLength: 200, description: 'Listing id' })
const WebsiteUrl = t.String({
  format: 'uri',
  description:
    "One of the pages the challenge lists (the listing's own address, website or repository homepage, or the root of their site), " +
    'exactly: a path, query or fragment of its own, another site or a shared host is a 400',
})
const Token = t.String({
  minLength: 16,
  maxLength: 200,
  description: 'The secret of the claim link (the token parameter of claim_url)',
})

const Check = t.Object({
  method: t.String(),
  where: t.String(),
  lookedFor: t.String(),
  found: t.String(),
  ok: t.Boolean(),
})
const ClaimResult = t.Object({
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
  checks: t.Array(Check),
})
const NotOffered = t.Array(t.Object({ address: t.String(), source: t.String(), reason: t.String() }), {
  description: "Addresses of the listing that do not count, and why (shared hosts, a platform's DNS)",
})
const Challenge = t.Object({
  id: t.String(),
  name: t.String(),
  proof: t.String({ description: 'HMAC of the listing and the claimant: valid for this claimant only' }),
  methods: t.Object({
    dns: t.Object({
      type: t.Literal('TXT'),
      names: t.Array(t.String()),
      value: t.String(),
      note: t.String(),
      notOffered: NotOffered,
    }),
    website_badge: t.Object({
      sites: t.Array(t.String(), { description: 'The exact pages read' }),
      html: t.String(),
      meta: t.String(),
      note: t.String(),
      notOffered: NotOffered,
    }),
    github: t.Object({ repository: t.Union([t.String(), t.Null()]), markdown: t.String(), note: t.String() }),
  }),
  listingUrl: t.String(),
})
const claimErrors = {
  400: err(
    'invalid_body, or verification_failed: `details` lists each place checked (method, where, lookedFor, found)',
  ),
  404: err('not_found: no such listing (or it is rejected or flagged)'),
  429: err('rate_limited: 10 claim attempts per 10 minutes per token or claim link, besides the per-client limit'),
}

/** The claim-verifier's public routes (directory-api §4.10, contract §5). */
export const CLAIM_VERIFIER_ROUTES: RouteSpec[] = [
  {
    method: 'GET',
    path: '/api/v1/agent/claim/:id/challenge',
    service: 'claim-verifier',
    operationId: 'getClaimChallenge',
    tag: 'agent',
    limit: 'read',
    auth: 'bearer',
    scope: 'listings:claim',
    summary:
      'What to publish for each claim method: the DNS TXT record, the website badge or meta tag, the README badge (personal to this agent)',
    responses: {
      200: { description: 'The challenge', type: 'application/json', schema: Challenge },
      401: err('unauthorized'),
      403: err('insufficient_scope'),
      404: err('not_found'),
      429: err('rate_limited'),
    },
  },
  {
    method: 'POST',
    path: '/api/v1/agent/claim',
    service: 'claim-verifier',
    operationId: 'claimListing',
    tag: 'agent',
    limit: 'read',
    auth: 'bearer',
    scope: 'listings:claim',
    timeoutMs: 30_000,
    summary:
      'Claim a listing by proving ownership (dns, website_badge or github); the listing becomes official, and active if it was pending',
    body: t.Object({ id: Id, method: t.Optional(Method), websiteUrl: t.Optional(WebsiteUrl) }),
    responses: {
      200: { description: 'Claimed', type: 'application/json', schema: ClaimResult },
      ...claimErrors,
      401: err('unauthorized'),
      403: err('insufficient_scope'),
    },
  },
  {
    method: 'POST',
    path: '/api/v1/claim/challenge',
    service: 'claim-verifier',
    operationId: 'getClaimLinkChallenge',
    tag: 'claims',
    limit: 'read',
    auth: null,
    summary: "The claim page's challenge: what the holder of a claim link must publish (additive to v1)",
    body: t.Object({ id: Id, token: Token }),
    responses: {
      200: { description: 'The challenge', type: 'application/json', schema: Challenge },
      400: err('invalid_body'),
      403: err(
        "invalid_claim_token: the secret does not open this id's claim link (an unknown id included, so ids are not revealed)",
      ),
      404: err('not_found: the listing was rejected or flagged'),
      429: err('rate_limited'),
    },
  },
  {
    method: 'POST',
    path: '/api/v1/claim',
    service: 'claim-verifier',
    operationId: 'claimListingWithLink',
    tag: 'claims',
    limit: 'read',
    auth: null,
    timeoutMs: 30_000,
    summary:
      "The claim page's verify button: the same verification for the holder of a claim link; success also approves a pending listing (additive to v1)",
    body: t.Object({ id: Id, token: Token, method: t.Optional(Method), websiteUrl: t.Optional(WebsiteUrl) }),
    responses: {
      200: { description: 'Claimed', type: 'application/json', schema: ClaimResult },
      ...claimErrors,
      403: err("invalid_claim_token: the secret does not open this id's claim link (an unknown id included)"),
    },
  },
]
