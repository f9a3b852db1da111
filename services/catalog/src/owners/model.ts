/** Models of the owner's operations on a listing. */
import { t, type Static } from 'elysia'

const NO_NUL = '^[^\\u0000]*$'
const HTTPS = '^https://[^\\s\\u0000]+$'

const Package = t.Object({
  registryType: t.Union([t.Literal('npm'), t.Literal('pypi')], { error: 'must be npm or pypi (checked here)' }),
  identifier: t.String({ minLength: 1, maxLength: 214, pattern: NO_NUL }),
  version: t.Optional(t.String({ minLength: 1, maxLength: 255, pattern: NO_NUL })),
  transport: t.Optional(
    t.Object({ type: t.String({ maxLength: 32 }), url: t.Optional(t.String({ maxLength: 2048 })) }),
  ),
  runtimeHint: t.Optional(t.String({ maxLength: 32, pattern: NO_NUL })),
})

const Remote = t.Object({
  type: t.Union([t.Literal('streamable-http'), t.Literal('sse')]),
  url: t.String({ maxLength: 2048, pattern: HTTPS, error: 'must be an https address' }),
})

/** `PATCH /api/v1/servers/{id}`: the fields an owner may change; each present one replaces the stored one. */
export const EditBody = t.Object(
  {
    title: t.Optional(t.String({ minLength: 1, maxLength: 100, pattern: NO_NUL })),
    description: t.Optional(t.String({ minLength: 1, maxLength: 2000, pattern: NO_NUL })),
    tags: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 40, pattern: NO_NUL }), { maxItems: 20 })),
    category: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    websiteUrl: t.Optional(t.String({ maxLength: 2048, pattern: HTTPS, error: 'must be an https address' })),
    packages: t.Optional(t.Array(Package, { maxItems: 10 })),
    remotes: t.Optional(t.Array(Remote, { maxItems: 10 })),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type EditBody = Static<typeof EditBody>

/** `POST /api/v1/servers/{id}/status`: deprecated or archived with a message, or active again. */
export const MaintenanceBody = t.Object(
  {
    status: t.Union([t.Literal('deprecated'), t.Literal('archived'), t.Literal('active')]),
    message: t.Optional(t.String({ maxLength: 500, pattern: NO_NUL })),
  },
  { additionalProperties: false },
)
export type MaintenanceBody = Static<typeof MaintenanceBody>

/** `POST /api/v1/servers/{id}/transfer`: the agent the listing is offered to. */
export const TransferBody = t.Object(
  {
    toAgent: t.String({
      minLength: 1,
      maxLength: 100,
      pattern: '^[A-Za-z0-9_-]+$',
      description: "The receiving agent's id",
    }),
  },
  { additionalProperties: false },
)

/** `POST /api/v1/servers/{id}/merge`: the listing this one is merged into. */
export const MergeBody = t.Object(
  {
    into: t.String({
      minLength: 1,
      maxLength: 200,
      pattern: '^[a-z0-9][a-z0-9-]*$',
      description: 'The surviving listing id',
    }),
  },
  { additionalProperties: false },
)

/** The answer of an owner's change. */
export const OwnerChangeAnswer = t.Record(t.String(), t.Unknown())

/** `GET /api/v1/listings/status`: a repository address or a name. */
export const StatusLookupQuery = t.Object({
  url: t.Optional(
    t.String({ minLength: 1, maxLength: 2048, pattern: NO_NUL, description: 'A repository or website address' }),
  ),
  name: t.Optional(t.String({ minLength: 1, maxLength: 200, pattern: NO_NUL, description: 'A server name' })),
})

/** What the directory knows of it. */
export const StatusLookupAnswer = t.Object({
  state: t.Union(
    ['listed', 'pending_moderation', 'rejected', 'merged', 'conflicting', 'unknown'].map((s) => t.Literal(s)),
  ),
  id: t.Optional(t.String()),
  name: t.Optional(t.String()),
  /**
   * Where the listing came from, as a label: `submission`, `import`, `demo`, `registry` (a followed upstream, never
   * its address) or `publisher:<namespace>`.
   */
  origin: t.Optional(
    t.String({
      description: '`submission`, `import`, `demo`, `registry` (a followed upstream) or `publisher:<namespace>`',
    }),
  ),
  reason: t.Optional(t.Union([t.String(), t.Null()])),
  mergedInto: t.Optional(t.String()),
  /** `conflicting`: the listing of another origin that holds the name, when there is one. */
  heldBy: t.Optional(t.Union([t.String(), t.Null()])),
  listings: t.Optional(t.Array(t.Record(t.String(), t.Unknown()))),
})
