// The submission body (directory-api §2.4) as one TypeBox model: it validates `POST /api/v1/submit`, types its
// handler and documents it in the gateway's OpenAPI document. What a schema cannot say is in `rules.ts`.
import { t, type Static } from 'elysia'

/** Allowed values of the enumerated optional fields (§2.4). */
export const AUTH_TYPES = ['none', 'api_key', 'oauth', 'other'] as const
/** Allowed pricing models (§2.4). */
export const PRICING_MODELS = ['free', 'freemium', 'paid', 'byok'] as const
/** Allowed maintenance statuses (§2.4). */
export const MAINTENANCE_STATUSES = ['active', 'stable', 'experimental', 'archived'] as const

/** Bounds on every field (documented in the README). */
export const SUBMISSION_LIMITS = {
  name: 200,
  url: 2048,
  description: 5000,
  category: 200,
  email: 254,
  license: 100,
  listItems: 20,
  listItem: 50,
} as const

const L = SUBMISSION_LIMITS

/**
 * An e-mail address, deliberately plain: one @, a dotted domain, nothing that could break a mail header. A pattern,
 * not `format: 'email'`: that format's check is global and the gateway's OpenAPI plugin replaces it with a stricter
 * one, so it would differ between the all-in-one process and the service's own (same rule as agent-auth's).
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"
const oneOf = (values: readonly string[]) => t.Optional(t.Union(values.map((v) => t.Literal(v))))
// One message per field says every way it can be wrong: the whole submission is answered in one 400, so the
// shapes a schema can check (blank, scheme) are here rather than among the rules.
const Text = (max: number, options: { description?: string } = {}) =>
  t.String({
    pattern: '\\S',
    maxLength: max,
    error: `must be a non-blank string of at most ${max} characters`,
    ...options,
  })
const Url = (description: string) =>
  t.String({
    format: 'uri',
    pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
    maxLength: L.url,
    error: `must be an absolute http(s) URI of at most ${L.url} characters`,
    description,
  })
const Strings = t.Array(t.String({ minLength: 1, maxLength: L.listItem }), { maxItems: L.listItems })

/** Body of submitServer (§2.4). A property sent as null counts as not given (see `jsonObjectBody`). */
export const SubmissionBody = t.Object({
  name: Text(L.name),
  url: Url('Repository or website (absolute http(s) URI); a URL already listed answers 409'),
  description: Text(L.description),
  category: Text(L.category, { description: 'Any of the three spellings of a category of /api/v1/categories' }),
  email: t.String({
    pattern: EMAIL_PATTERN,
    maxLength: L.email,
    error: 'not a valid e-mail address',
    description: 'Contact address: receives the claim link; never shown',
  }),
  tags: t.Optional(Strings),
  license: t.Optional(t.String({ maxLength: L.license })),
  authType: oneOf(AUTH_TYPES),
  pricingModel: oneOf(PRICING_MODELS),
  maintenanceStatus: oneOf(MAINTENANCE_STATUSES),
  compatibleClients: t.Optional(Strings),
  supportUrl: t.Optional(Url('Where users get help')),
})
export type SubmissionBody = Static<typeof SubmissionBody>

/** The answer of §4.7 (Cache-Control: no-store: it carries the claim secret). */
export const SubmitResult = t.Object({
  success: t.Boolean(),
  message: t.String(),
  id: t.String(),
  name: t.String(),
  url: t.String({ format: 'uri' }),
  category: t.String(),
  status: t.Literal('pending'),
  claim_url: t.String({
    format: 'uri',
    description: '<PUBLIC_BASE_URL>/claim/<id>?token=<256-bit secret>; a capability link, keep it private',
  }),
  badge_markdown: t.String(),
  name_conflict: t.Optional(
    t.Object(
      {
        existingId: t.String(),
        detailUrl: t.String({ format: 'uri' }),
        message: t.String(),
      },
      {
        description:
          'A listing from another repository holds the name: this one waits under a provisional name and takes the name once ownership of its repository is proven through claim_url (the other listing is then renamed and flagged)',
      },
    ),
  ),
})
export type SubmitResult = Static<typeof SubmitResult>
