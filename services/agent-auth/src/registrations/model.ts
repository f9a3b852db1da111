// Validation of the register and confirm bodies (directory-api §4.8, §4.9): every problem named in `details`.
import { AGENT_SCOPES, type AgentScope } from '@mcp-directory/shared/agent-tokens'
import { AppError } from '@mcp-directory/shared/errors'

/** A valid registration request. */
export interface RegisterInput {
  email: string
  agentName: string | null
  scopes: AgentScope[]
}

/** A valid confirmation request. */
export interface ConfirmInput {
  email: string
  code: string
}

// Deliberately plain: one @, a dotted domain of letters, digits and hyphens, nothing that could break a mail
// header (no spaces, controls, angle brackets, quotes or commas). 254 is the SMTP path limit.
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/** The address as stored and compared: trimmed, lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function email(body: Record<string, unknown>, problems: { field: string; message: string }[]): string {
  const v = body.email
  if (typeof v !== 'string' || !v.trim()) {
    problems.push({ field: 'email', message: 'required: an e-mail address' })
    return ''
  }
  const e = normaliseEmail(v)
  if (e.length > 254 || !EMAIL.test(e)) problems.push({ field: 'email', message: 'not a valid e-mail address' })
  return e
}

const invalid = (problems: { field: string; message: string }[]) =>
  new AppError(
    400,
    'invalid_body',
    `Invalid request body: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
    problems,
  )

/** Validates a registration body; 400 `invalid_scope` for an unsupported scope, `invalid_body` otherwise. */
export function parseRegister(body: unknown): RegisterInput {
  if (!isObject(body)) throw invalid([{ field: 'body', message: 'must be a JSON object' }])
  const problems: { field: string; message: string }[] = []
  const e = email(body, problems)
  let agentName: string | null = null
  if (body.agentName !== undefined && body.agentName !== null) {
    if (typeof body.agentName !== 'string' || body.agentName.length > 100 || /[\x00-\x1f\x7f]/.test(body.agentName)) {
      problems.push({ field: 'agentName', message: 'must be a string of at most 100 printable characters' })
    } else agentName = body.agentName.trim() || null
  }
  let scopes: AgentScope[] = [...AGENT_SCOPES]
  const unsupported: string[] = []
  if (body.scopes !== undefined) {
    if (!Array.isArray(body.scopes) || body.scopes.some((s) => typeof s !== 'string')) {
      problems.push({ field: 'scopes', message: 'must be an array of strings' })
    } else {
      for (const s of body.scopes as string[]) if (!(AGENT_SCOPES as readonly string[]).includes(s)) unsupported.push(s)
      scopes = [...new Set(body.scopes as AgentScope[])]
    }
  }
  if (problems.length) throw invalid(problems)
  if (unsupported.length) {
    // Never echo long client input back: names are cut short.
    const named = unsupported.slice(0, 5).map((s) => s.slice(0, 40))
    throw new AppError(
      400,
      'invalid_scope',
      `Unsupported scope; supported: ${AGENT_SCOPES.join(', ')}`,
      named.map((scope) => ({ field: 'scopes', scope, message: 'unsupported scope' })),
    )
  }
  return { email: e, agentName, scopes }
}

/** Validates a confirmation body. */
export function parseConfirm(body: unknown): ConfirmInput {
  if (!isObject(body)) throw invalid([{ field: 'body', message: 'must be a JSON object' }])
  const problems: { field: string; message: string }[] = []
  const e = email(body, problems)
  const code = typeof body.code === 'number' ? String(body.code).padStart(6, '0') : body.code
  if (typeof code !== 'string' || !code.trim())
    problems.push({ field: 'code', message: 'required: the 6-digit code from the e-mail' })
  if (problems.length) throw invalid(problems)
  return { email: e, code: (code as string).trim() }
}
