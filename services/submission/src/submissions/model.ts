// Validation of the submission body (directory-api §2.4): every problem named in `details`, nothing trusted.
import { resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import type { SubmittedListing } from '@mcp-directory/shared/contracts'
import { AppError } from '@mcp-directory/shared/errors'
import { imitatedCodeHost, invisibleCharacters, normalizeAddress } from '@mcp-directory/shared/identity'

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

/** A valid submission, normalised: category canonical, e-mail lower-cased, strings trimmed. */
export interface SubmissionInput extends SubmittedListing {
  email: string
}

/** One problem with one field. */
export interface FieldProblem {
  field: string
  message: string
}

// Deliberately plain: one @, a dotted domain, nothing that could break a mail header (same rule as agent-auth).
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/
// Controls other than tab/newline never belong in a listing; lone surrogates break JSON consumers downstream.
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const clean = (s: string) => !LONE_SURROGATE.test(s) && !CONTROL.test(s)

/** True for an absolute http(s) URI with a host and nothing a browser would misread. */
export function isHttpUrl(s: string): boolean {
  if (/\s/.test(s) || !/^https?:\/\//i.test(s)) return false
  try {
    const u = new URL(s)
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0 && !u.username && !u.password
  } catch {
    return false
  }
}

/** False for an address on a code host (github.com, gitlab.com, …) that names no repository, such as an owner's page. */
export function namesRepository(url: string): boolean {
  const a = normalizeAddress(url)
  return a !== null && (!a.codeHost || a.repository)
}

/** Validates a submission body; 400 `invalid_body` naming each bad field, or `unknown_category` when only the category is unknown. */
export function parseSubmission(body: unknown): SubmissionInput {
  if (!isObject(body)) throw invalid([{ field: 'body', message: 'must be a JSON object' }])
  const problems: FieldProblem[] = []
  const text = (field: string, max: number, required: boolean, singleLine = true): string | null => {
    const v = body[field]
    if (v === undefined || v === null) {
      if (required) problems.push({ field, message: 'required' })
      return null
    }
    if (typeof v !== 'string') return (void problems.push({ field, message: 'must be a string' }), null)
    const s = v.trim()
    if (!s) {
      if (required) problems.push({ field, message: 'required: must not be empty' })
      return null
    }
    if (s.length > max) return (void problems.push({ field, message: `must be at most ${max} characters` }), null)
    if (!clean(s) || (singleLine && /[\r\n]/.test(s)))
      return (void problems.push({ field, message: 'contains characters that are not allowed' }), null)
    return s
  }
  const list = (field: string): string[] => {
    const v = body[field]
    if (v === undefined || v === null) return []
    if (!Array.isArray(v)) return (void problems.push({ field, message: 'must be an array of strings' }), [])
    if (v.length > SUBMISSION_LIMITS.listItems)
      return (void problems.push({ field, message: `at most ${SUBMISSION_LIMITS.listItems} items` }), [])
    const out: string[] = []
    for (const [i, x] of v.entries()) {
      if (typeof x !== 'string' || !x.trim())
        return (void problems.push({ field, message: `item ${i} must be a non-empty string` }), [])
      const s = x.trim()
      if (s.length > SUBMISSION_LIMITS.listItem || !clean(s) || /[\r\n]/.test(s))
        return (
          void problems.push({
            field,
            message: `item ${i} must be at most ${SUBMISSION_LIMITS.listItem} printable characters`,
          }),
          []
        )
      if (!out.includes(s)) out.push(s)
    }
    return out
  }
  const oneOf = (field: string, allowed: readonly string[]): string | null => {
    const v = body[field]
    if (v === undefined || v === null) return null
    if (typeof v !== 'string' || !allowed.includes(v))
      return (void problems.push({ field, message: `must be one of ${allowed.join(', ')}` }), null)
    return v
  }
  const url = (field: string, required: boolean): string | null => {
    const s = text(field, SUBMISSION_LIMITS.url, required)
    if (s !== null && !isHttpUrl(s))
      return (void problems.push({ field, message: 'must be an absolute http(s) URI' }), null)
    return s
  }

  // A name is compared by its skeleton, but one that hides characters is refused outright: nobody types them.
  const visible = (field: string, v: string | null): string | null => {
    const hidden = v === null ? [] : invisibleCharacters(v)
    if (!hidden.length) return v
    const list = [...new Set(hidden.map((c) => c.codePoint))].slice(0, 5).join(', ')
    return (
      void problems.push({
        field,
        message: `contains invisible or bidirectional control characters (${list}), which make it look like something else`,
      }),
      null
    )
  }

  const name = visible('name', text('name', SUBMISSION_LIMITS.name, true))
  let u = visible('url', url('url', true))
  const imitated = u === null ? null : imitatedCodeHost(u)
  if (imitated) {
    problems.push({ field: 'url', message: `the host looks like ${imitated} but is not it` })
    u = null
  } else if (u !== null && !namesRepository(u)) {
    problems.push({
      field: 'url',
      message: 'an address on a code host must name a repository, as https://github.com/<owner>/<name>',
    })
    u = null
  }
  const description = text('description', SUBMISSION_LIMITS.description, true, false)
  const categoryRaw = text('category', SUBMISSION_LIMITS.category, true)
  let email = text('email', SUBMISSION_LIMITS.email, true)
  if (email !== null) {
    email = email.toLowerCase()
    if (!EMAIL.test(email)) problems.push({ field: 'email', message: 'not a valid e-mail address' })
  }
  const tags = list('tags')
  const license = text('license', SUBMISSION_LIMITS.license, false)
  const authType = oneOf('authType', AUTH_TYPES)
  const pricingModel = oneOf('pricingModel', PRICING_MODELS)
  const maintenanceStatus = oneOf('maintenanceStatus', MAINTENANCE_STATUSES)
  const compatibleClients = list('compatibleClients')
  const supportUrl = url('supportUrl', false)
  const category = categoryRaw === null ? null : resolveCategory(categoryRaw)
  if (categoryRaw !== null && !category) {
    const named = {
      field: 'category',
      value: categoryRaw.slice(0, 100),
      message: 'unknown category; see /api/v1/categories',
    }
    if (!problems.length)
      throw new AppError(
        400,
        'unknown_category',
        `Unknown category "${categoryRaw.slice(0, 100)}"; see /api/v1/categories for the accepted values`,
        [named],
      )
    problems.push(named)
  }
  if (problems.length) throw invalid(problems)
  return {
    name: name!,
    url: u!,
    description: description!,
    category: storedCategoryName(category!),
    email: email!,
    tags,
    license,
    authType,
    pricingModel,
    maintenanceStatus,
    compatibleClients,
    supportUrl,
  }
}

function invalid(problems: FieldProblem[]) {
  return new AppError(
    400,
    'invalid_body',
    `Invalid submission: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`.slice(0, 1000),
    problems,
  )
}
