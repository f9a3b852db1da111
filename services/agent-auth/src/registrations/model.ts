// The register and confirm bodies and answers (directory-api §4.8, §4.9) as TypeBox models: they validate the
// routes, type the handlers and document them in the gateway's OpenAPI document. What a schema cannot say (the
// address as stored, a supported scope) is in `rules.ts`.
import { AGENT_SCOPES } from '@mcp-directory/shared/agent-tokens'
import { Type } from '@sinclair/typebox'
import { t, type Static } from 'elysia'

// Deliberately plain: one @, a dotted domain of letters, digits and hyphens, nothing that could break a mail
// header (no spaces, controls, angle brackets, quotes or commas); 254 is the SMTP path limit. A pattern, not
// `format: 'email'`: that format's check is global and the gateway's OpenAPI plugin replaces it with a stricter
// one, so it would differ between the all-in-one process and this service's own.
const EMAIL_PATTERN =
  "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$"
const Email = t.String({ pattern: EMAIL_PATTERN, maxLength: 254, error: 'not a valid e-mail address' })

/** The scopes a token may carry. */
export const Scopes = t.Array(t.Union(AGENT_SCOPES.map((s) => t.Literal(s))), {
  description:
    'Scopes; omitted at registration means every supported scope, [] none (the token can only revoke itself)',
})

/** Body of registerAgent (§4.8). A scope outside the list is a 400 `invalid_scope` naming it. */
export const RegisterBody = t.Object({
  email: Email,
  agentName: t.Optional(
    t.Union([t.String({ maxLength: 100, pattern: '^[^\\x00-\\x1f\\x7f]*$' }), t.Null()], {
      error: 'must be a string of at most 100 printable characters',
    }),
  ),
  scopes: t.Optional(
    t.Array(t.String(), {
      error: 'must be an array of strings',
      description: `Supported: ${AGENT_SCOPES.join(', ')}; omitted means every one, [] none (the token can only revoke itself)`,
    }),
  ),
})
export type RegisterBody = Static<typeof RegisterBody>

/**
 * Body of confirmAgentRegistration (§4.9); the code may be sent as a number (leading zeros restored). TypeBox's own
 * integer: Elysia's would read a numeric string as a number, and a 5-digit string would gain a leading zero.
 */
export const ConfirmBody = t.Object({
  email: Email,
  code: t.Union([t.String({ pattern: '\\S' }), Type.Integer({ minimum: 0, maximum: 999_999 })], {
    error: 'required: the 6-digit code from the e-mail',
    description: 'The 6-digit code from the e-mail',
  }),
})
export type ConfirmBody = Static<typeof ConfirmBody>

/** The answer of registerAgent. */
export const CodeSent = t.Object({
  success: t.Boolean(),
  message: t.String(),
  email: t.String(),
  scopes: Scopes,
  expiresAt: t.String({ format: 'date-time' }),
  confirm_url: t.String({ format: 'uri' }),
})

/** The answer of confirmAgentRegistration: the token, shown this once. */
export const TokenIssued = t.Object({
  success: t.Boolean(),
  message: t.String(),
  token: t.String({
    pattern: '^mcpdir_[0-9A-Za-z]{36}$',
    description: 'mcpdir_ + 30 random base62 characters + 6-character CRC32 checksum',
  }),
  tokenType: t.Literal('Bearer'),
  scopes: Scopes,
  expiresAt: t.String({ format: 'date-time' }),
  docs: t.Object({
    claim: t.String({ format: 'uri' }),
    revoke: t.String({ format: 'uri' }),
    authSpec: t.String({ format: 'uri' }),
  }),
})
