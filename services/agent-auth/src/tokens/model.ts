// A token's answers: introspection for the gateway (one model, imported by its Bearer check) and /me.
import { t, type Static } from 'elysia'
import { Scopes } from '../registrations/model'

/** What the gateway learns about a token: active or not, and when active, whose it is and what it may do. */
export const Introspection = t.Union([
  t.Object({ active: t.Literal(false) }),
  t.Object({
    active: t.Literal(true),
    tokenId: t.String(),
    agentId: t.String(),
    scopes: t.Array(t.String()),
    expiresAt: t.String({ format: 'date-time' }),
  }),
])
export type Introspection = Static<typeof Introspection>

/** Body of `POST /internal/introspect`: the token travels in the body, never in a URL (access logs). */
export const IntrospectBody = t.Object({ token: t.String() })

/** The answer of getAgentToken (`/api/v1/agent/me`). */
export const TokenInfo = t.Object({
  agentId: t.String(),
  tokenId: t.String(),
  scopes: Scopes,
  expiresAt: t.String({ format: 'date-time' }),
})

/**
 * Query of `POST /api/v1/agent/revoke` (additive to v1): `all=1` revokes every live token of the request token's
 * agent, so an owner whose token leaked registers again with the same address and ends them all.
 */
export const RevokeQuery = t.Object({
  all: t.Optional(
    t.Literal('1', {
      description:
        "With `1`, every live token of this token's agent is revoked, this one included (additive to v1): register again with the same address for a new token, then end every other one",
    }),
  ),
})
export type RevokeQuery = Static<typeof RevokeQuery>

/** A plain success answer (revocation). */
export const Success = t.Object({ success: t.Boolean(), message: t.String() })
