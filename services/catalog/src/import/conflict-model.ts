/** Models of the operator's import conflicts and followed upstreams (`/api/v1/admin/import-conflicts`, `…/registry-upstreams`). */
import { t } from 'elysia'

export const ConflictListQuery = t.Object({
  state: t.Optional(t.Union([t.Literal('open'), t.Literal('accepted'), t.Literal('dismissed')], { default: 'open' })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 500, default: 100 })),
  offset: t.Optional(t.Numeric({ minimum: 0, maximum: 1_000_000, default: 0 })),
})

// Any path segment: an id that is not a conflict's number is an unknown conflict (404), like an unknown listing id.
export const ConflictIdParams = t.Object({ id: t.String({ maxLength: 200, description: 'Import conflict id' }) })

export const ImportConflict = t.Object({
  id: t.Integer(),
  origin: t.String({ description: '`import` or `registry:<base URL>`: where the entry came from' }),
  name: t.String(),
  listingId: t.Union([t.String(), t.Null()], {
    description: 'The listing that holds the identity (null: past the cap)',
  }),
  reason: t.String({ description: '`name`, `skeleton`, `repository`, `claimed` or `new_listing_cap`' }),
  detail: t.String(),
  state: t.String(),
  entry: t.Record(t.String(), t.Unknown(), { description: 'The entry as the upstream gave it (data, never applied)' }),
  createdAt: t.String(),
  updatedAt: t.String(),
  resolvedAt: t.Union([t.String(), t.Null()]),
})

export const ConflictList = t.Object({ total: t.Integer(), conflicts: t.Array(ImportConflict) })

export const ConflictResolved = t.Object({
  id: t.Integer(),
  state: t.String(),
  listingId: t.Union([t.String(), t.Null()], { description: 'The listing the accepted entry now is' }),
})

export const RegistryUpstream = t.Object({
  upstream: t.String(),
  origin: t.String(),
  trustedOrigins: t.Array(t.String()),
  syncedUpTo: t.Union([t.String(), t.Null()]),
  lastSyncAt: t.Union([t.String(), t.Null()]),
  lastError: t.Union([t.String(), t.Null()]),
  lastStop: t.Union([t.String(), t.Null()], { description: 'Why the last sync stopped early (null: it did not)' }),
  lastStopAt: t.Union([t.String(), t.Null()]),
})

export const RegistryUpstreamList = t.Object({ upstreams: t.Array(RegistryUpstream) })

export const UpstreamTrustBody = t.Object(
  {
    upstream: t.String({ minLength: 1, maxLength: 2048, description: 'The base URL the directory follows' }),
    // Imported origins only: a submitted, published or demo listing is its owner's (the service says so too).
    trusts: t.Array(
      t.String({
        minLength: 1,
        maxLength: 2100,
        pattern: '^(import|registry:\\S+)$',
        error: 'an upstream may replace imported listings only, never submitted, published or demo ones',
      }),
      {
        maxItems: 20,
        description:
          'Origins whose unclaimed listings this upstream may replace (`import`, `registry:<URL>`); [] trusts nobody',
      },
    ),
  },
  { additionalProperties: false },
)
