// What the submission model cannot say: text that hides characters or breaks a line, an address that is not
// http(s) or carries credentials, a host that imitates a code host, a code-host address that names no repository,
// a category resolved from three spellings. Each problem is named in `details`, as the model's are.
import { resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import type { SubmittedListing } from '@mcp-directory/shared/contracts'
import { type FieldProblem, InvalidInput, UnknownCategory } from '@mcp-directory/shared/errors'
import {
  describeFalseNamespace,
  describeRefusedName,
  imitatedCodeHost,
  invisibleCharacters,
  normalizeAddress,
} from '@mcp-directory/shared/identity'
import { SUBMISSION_LIMITS, type SubmissionBody } from './model'

/** A valid submission, normalised: category canonical, e-mail lower-cased, strings trimmed. */
export interface SubmissionInput extends SubmittedListing {
  email: string
}

// Controls other than tab/newline never belong in a listing; lone surrogates break JSON consumers downstream.
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const NOT_ALLOWED = 'contains characters that are not allowed'

const clean = (s: string, singleLine = true) =>
  !LONE_SURROGATE.test(s) && !CONTROL.test(s) && !(singleLine && /[\r\n]/.test(s))

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

/** The checks of one submission; `problems` collects what is wrong, field by field. */
function checker(problems: FieldProblem[]) {
  const refuse = (field: string, message: string): null => {
    problems.push({ field, message })
    return null
  }
  const refuseList = (field: string, message: string): string[] => {
    refuse(field, message)
    return []
  }
  // Trimmed; a required field that is only spaces is missing; a hidden character is refused outright (nobody types
  // one: a name is compared by its skeleton elsewhere).
  const text = (field: string, v: string | undefined, required: boolean, singleLine = true): string | null => {
    const s = v?.trim() ?? ''
    if (!s) return required ? refuse(field, 'required: must not be empty') : null
    if (!clean(s, singleLine)) return refuse(field, NOT_ALLOWED)
    return s
  }
  const visible = (field: string, v: string | null): string | null => {
    const hidden = v === null ? [] : invisibleCharacters(v)
    if (!hidden.length) return v
    const list = [...new Set(hidden.map((c) => c.codePoint))].slice(0, 5).join(', ')
    refuse(
      field,
      `contains invisible or bidirectional control characters (${list}), which make it look like something else`,
    )
    return null
  }
  // A name holds only visible characters of TR39's identifier profile, ASCII punctuation and plain spaces.
  const displayName = (v: string | null): string | null => {
    const problem = v === null ? null : (describeRefusedName(v) ?? describeFalseNamespace(v))
    return problem ? refuse('name', problem) : v
  }
  const url = (field: string, v: string | undefined, required: boolean): string | null => {
    const s = text(field, v, required)
    if (s === null || isHttpUrl(s)) return s
    refuse(field, 'must be an absolute http(s) URI')
    return null
  }
  // Items trimmed, printable, each once in the order given.
  const list = (field: string, v: string[] | undefined): string[] => {
    const out: string[] = []
    for (const [i, x] of (v ?? []).entries()) {
      const s = x.trim()
      if (!s) return refuseList(field, `item ${i} must be a non-empty string`)
      if (!clean(s))
        return refuseList(field, `item ${i} must be at most ${SUBMISSION_LIMITS.listItem} printable characters`)
      if (!out.includes(s)) out.push(s)
    }
    return out
  }
  // The address must be http(s), visible, on no imitation of a code host, and name a repository on a real one.
  const repositoryUrl = (v: string): string | null => {
    const u = visible('url', url('url', v, true))
    if (u === null) return null
    const imitated = imitatedCodeHost(u)
    if (imitated) return refuse('url', `the host looks like ${imitated} but is not it`)
    if (!namesRepository(u))
      return refuse('url', 'an address on a code host must name a repository, as https://github.com/<owner>/<name>')
    return u
  }
  const email = (v: string): string | null => text('email', v, true)?.toLowerCase() ?? null
  return { text, visible, displayName, url, list, repositoryUrl, email }
}

/** The canonical category, or the problem with it: `unknown_category` alone when it is the only one. */
function category(raw: string | null, problems: FieldProblem[]): string | null {
  if (raw === null) return null
  const found = resolveCategory(raw)
  if (found) return storedCategoryName(found)
  const named = { field: 'category', value: raw.slice(0, 100), message: 'unknown category; see /api/v1/categories' }
  if (!problems.length)
    throw new UnknownCategory(
      `Unknown category "${raw.slice(0, 100)}"; see /api/v1/categories for the accepted values`,
      named,
    )
  problems.push(named)
  return null
}

/** A submission the model accepted, checked and normalised; 400 `invalid_body` or `unknown_category` otherwise. */
export function acceptSubmission(body: SubmissionBody): SubmissionInput {
  const problems: FieldProblem[] = []
  const c = checker(problems)
  const input = {
    name: c.displayName(c.text('name', body.name, true)),
    url: c.repositoryUrl(body.url),
    description: c.text('description', body.description, true, false),
    email: c.email(body.email),
    tags: c.list('tags', body.tags),
    license: c.text('license', body.license, false),
    authType: body.authType ?? null,
    pricingModel: body.pricingModel ?? null,
    maintenanceStatus: body.maintenanceStatus ?? null,
    compatibleClients: c.list('compatibleClients', body.compatibleClients),
    supportUrl: c.url('supportUrl', body.supportUrl, false),
  }
  const categoryRaw = c.text('category', body.category, true)
  const canonical = category(categoryRaw, problems)
  if (problems.length) throw invalid(problems)
  return { ...input, category: canonical } as SubmissionInput
}

function invalid(problems: FieldProblem[]) {
  return new InvalidInput(
    `Invalid submission: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`.slice(0, 1000),
    problems,
  )
}
