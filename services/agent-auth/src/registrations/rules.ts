// What the register and confirm models cannot say: the address as stored and compared, and which scopes are supported (an unsupported one is `invalid_scope`, not a malformed body).
import { AGENT_SCOPES, type AgentScope } from '@mcp-directory/shared/agent-tokens'
import { UnsupportedScope } from '@mcp-directory/shared/errors'
import type { ConfirmBody, RegisterBody } from './model'

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

/** The address as stored and compared: trimmed, lower-cased. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase()

// The model checked the address's form; it is stored and compared lower-cased.
const address = normaliseEmail

/** A registration the model accepted, normalised; UnsupportedScope naming each unsupported scope. */
export function acceptRegistration(body: RegisterBody): RegisterInput {
  const email = address(body.email)
  const unsupported = (body.scopes ?? []).filter((s) => !(AGENT_SCOPES as readonly string[]).includes(s))
  if (unsupported.length) {
    // Never echo long client input back: names are cut short.
    const named = unsupported.slice(0, 5).map((s) => s.slice(0, 40))
    throw new UnsupportedScope(`Unsupported scope; supported: ${AGENT_SCOPES.join(', ')}`, named)
  }
  const scopes = body.scopes ? [...new Set(body.scopes as AgentScope[])] : [...AGENT_SCOPES]
  return { email, agentName: body.agentName?.trim() || null, scopes }
}

/** A confirmation the model accepted, normalised: a numeric code gets its leading zeros back. */
export function acceptConfirmation(body: ConfirmBody): ConfirmInput {
  const code = typeof body.code === 'number' ? String(body.code).padStart(6, '0') : body.code.trim()
  return { email: address(body.email), code }
}
