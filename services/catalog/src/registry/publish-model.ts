/** Models of the registry's publishing API: the proof exchanges, the token answer, a status change. */
import { t } from 'elysia'
import { ServerResponse } from './model'

const NO_NUL = '^[^\\u0000]*$'

/** `POST /v0.1/auth/dns` and `/v0.1/auth/http`: a domain, the time, and its signature (hex). */
export const SignedTimestampBody = t.Object({
  domain: t.String({
    minLength: 1,
    maxLength: 253,
    pattern: NO_NUL,
    description: 'The domain proven, e.g. example.com',
  }),
  timestamp: t.String({ minLength: 1, maxLength: 64, pattern: NO_NUL, description: 'RFC 3339, within 15 s of now' }),
  signed_timestamp: t.String({
    minLength: 1,
    maxLength: 512,
    pattern: '^[0-9a-fA-F]*$',
    description: "Hex Ed25519 signature of the timestamp's bytes",
  }),
})

/** `POST /v0.1/auth/github-at`: a GitHub access token. */
export const GithubTokenBody = t.Object({
  github_token: t.String({ minLength: 1, maxLength: 1024, pattern: '^[\\x21-\\x7e]+$', description: 'GitHub token' }),
})

/** A grant of a registry token. */
export const PermissionModel = t.Object({ action: t.Literal('publish'), resource: t.String() })

/** Every exchange's answer: the token, when it expires (Unix seconds), what it grants. */
export const TokenAnswer = t.Object({
  registry_token: t.String(),
  expires_at: t.Integer(),
  permissions: t.Array(PermissionModel, { description: 'Additive: the namespaces the token may publish' }),
})

/** `PATCH …/status` (StatusUpdateRequest). */
export const StatusUpdateBody = t.Object({
  status: t.Union([t.Literal('active'), t.Literal('deprecated'), t.Literal('deleted')], {
    error: 'must be active, deprecated or deleted',
  }),
  statusMessage: t.Optional(t.String({ maxLength: 500, pattern: NO_NUL })),
})

/** A server.json to publish (checked against the schema by the service, to answer in the registry's words). */
export const PublishBody = t.Record(t.String(), t.Unknown(), { description: 'server.json (2025-12-11)' })

/** `PATCH /v0.1/servers/{name}/status`: how many versions changed, and each as served. */
export const AllVersionsStatusAnswer = t.Object({
  updatedCount: t.Integer(),
  servers: t.Array(ServerResponse),
})
