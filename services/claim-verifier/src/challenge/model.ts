// The challenge routes' models: what a claimant must publish for each method.
import { type Static, Type as t } from '@sinclair/typebox'
import { ClaimToken, ListingId } from '../claims/model'

/** `GET /api/v1/agent/claim/:id/challenge`. */
export const ChallengeParams = t.Object({ id: t.String({ description: 'Listing id' }) })

/** `POST /api/v1/claim/challenge`: the claim page's challenge, for the holder of a claim link. */
export const LinkChallengeBody = t.Object({ id: ListingId, token: ClaimToken })

const NotOffered = t.Array(t.Object({ address: t.String(), source: t.String(), reason: t.String() }), {
  description: "Addresses of the listing that do not count, and why (shared hosts, a platform's DNS)",
})

/** What to publish for each method. */
export const Challenge = t.Object({
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
export type Challenge = Static<typeof Challenge>
