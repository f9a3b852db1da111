/**
 * Whether a listing is ready for an agent's host (a connector directory such as Anthropic's): every tool has a
 * title and a read/write annotation (`readOnlyHint` or `destructiveHint`), tool names are unique and at most 64
 * characters, and a remote endpoint signs in with OAuth (protected-resource metadata) or asks for nothing. Judged
 * from what the directory observed (the last tool list, the probe of the endpoint's auth), never from what a listing
 * says of itself: nothing observed is `null` (unknown), not a pass.
 */
import type { Listing } from '../contracts/listing'
import { flatText } from '../text'

/** The checks, in the order they are shown. */
export const READINESS_CHECKS = ['tool-titles', 'tool-annotations', 'tool-names', 'remote-auth'] as const
export type ReadinessCheckId = (typeof READINESS_CHECKS)[number]

/** One check: passed, failed, or null (nothing observed to judge it by), with the evidence it was judged on. */
export interface ReadinessCheck {
  id: ReadinessCheckId
  passed: boolean | null
  evidence: string
}

/** Every check; `ready` is false when one failed, null when none failed but one is unknown, else true. */
export interface Readiness {
  ready: boolean | null
  checks: ReadinessCheck[]
}

/** What a tool list says of one tool, as the directory stores it (ToolInfo) or as an MCP `tools/list` gives it. */
export interface ReadinessTool {
  name: string
  title?: unknown
  annotations?: Record<string, unknown> | null
}

/** What the checks read of a listing. */
export interface ReadinessInput {
  /** The tools last observed (an empty list: none observed). */
  tools: readonly ReadinessTool[]
  /** Where and when they were observed (`streamable-http`, `sse`, `sandbox`; an ISO time). */
  toolsSource?: string | null
  toolsCheckedAt?: string | null
  /** Its hosted endpoints (only whether there are any, and the headers they declare, are read). */
  remotes: readonly { headers?: readonly { name: string; isSecret?: boolean }[] }[]
  /** How its endpoint asked to authenticate when probed (null: not probed yet). */
  /** How the last tool list breaks the spec (clients on the official SDK reject such a list whole), if it does. */
  toolsDefect?: { code: string; message: string } | null
  remoteAuth?: {
    kind: string
    resourceMetadata?: string
    authorizationServers?: string[]
    confirmed?: boolean
    checkedAt?: string
  } | null
}

/** The longest tool name an agent's host takes (Anthropic's connector directory). */
export const MAX_TOOL_NAME_LENGTH = 64

/** How many names a piece of evidence lists before it says how many more. */
const NAMES_SHOWN = 10

/** What each check asks, as a checklist shows it. */
export const READINESS_LABELS: Readonly<Record<ReadinessCheckId, string>> = {
  'tool-titles': 'Every tool has a title',
  'tool-annotations': 'Every tool has a read/write annotation (readOnlyHint or destructiveHint)',
  'tool-names': `Tool names are unique and at most ${MAX_TOOL_NAME_LENGTH} characters`,
  'remote-auth': 'A remote endpoint uses OAuth (protected-resource metadata) or no auth',
}

/** Names as evidence lists them: cleaned, the first few, then how many more. */
function names(list: readonly string[]): string {
  const shown = list.slice(0, NAMES_SHOWN).map((n) => flatText(n) || '(blank)')
  return list.length > NAMES_SHOWN ? `${shown.join(', ')} and ${list.length - NAMES_SHOWN} more` : shown.join(', ')
}

/** Where the tools were seen, said after each tool check's evidence. */
function sourceOf(input: ReadinessInput): string {
  const when = input.toolsCheckedAt ? `, seen ${input.toolsCheckedAt}` : ''
  if (!input.toolsSource) return `source: the tool list on record${when}`
  const where = input.toolsSource === 'sandbox' ? 'the package started in the sandbox' : input.toolsSource
  return `source: tools/list of ${where}${when}`
}

// A title is something a person can read: format characters (zero-width spaces and joiners) and spaces do not count.
const readable = (v: unknown) => typeof v === 'string' && v.replace(/[\p{Cf}\p{White_Space}]/gu, '') !== ''
const hasTitle = (t: ReadinessTool) => readable(t.title) || readable(t.annotations?.title)

/** SEP-986's tool name characters (the official SDK's check): ASCII letters, digits, `_`, `-` and `.`. */
const NAME_CHARACTERS = /^[A-Za-z0-9._-]+$/

const hasReadWriteHint = (t: ReadinessTool) =>
  typeof t.annotations?.readOnlyHint === 'boolean' || typeof t.annotations?.destructiveHint === 'boolean'

/** A check that every tool has something: passed, or the tools that lack it named. */
function everyTool(
  id: ReadinessCheckId,
  tools: readonly ReadinessTool[],
  has: (t: ReadinessTool) => boolean,
  what: string,
  source: string,
): ReadinessCheck {
  const lacking = tools.filter((t) => !has(t)).map((t) => t.name)
  if (lacking.length === 0) return { id, passed: true, evidence: `all ${tools.length} tools have ${what}; ${source}` }
  return {
    id,
    passed: false,
    evidence: `${lacking.length} of ${tools.length} tools lack ${what}: ${names(lacking)}; ${source}`,
  }
}

/**
 * Names unique, short enough and of SEP-986's characters, in a list the SDK accepts: passed with the longest, or the
 * defect and the long, odd and repeated names named.
 */
function namesCheck(
  tools: readonly ReadinessTool[],
  source: string,
  defect?: ReadinessInput['toolsDefect'],
): ReadinessCheck {
  const long = tools.filter((t) => t.name.length > MAX_TOOL_NAME_LENGTH).map((t) => t.name)
  const odd = tools.filter((t) => t.name && !NAME_CHARACTERS.test(t.name)).map((t) => t.name)
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const t of tools) (seen.has(t.name) ? repeated : seen).add(t.name)
  const problems = [
    // The remains of a list an SDK client rejects whole are not what a host would get: nothing.
    ...(defect ? [`the list breaks the spec (${defect.message})`] : []),
    ...(odd.length ? [`${odd.length} with characters outside A-Z a-z 0-9 _ - . (SEP-986): ${names(odd)}`] : []),
    ...(long.length ? [`${long.length} longer than ${MAX_TOOL_NAME_LENGTH} characters: ${names(long)}`] : []),
    ...(repeated.size ? [`${repeated.size} given to more than one tool: ${names([...repeated])}`] : []),
  ]
  if (problems.length) return { id: 'tool-names', passed: false, evidence: `${problems.join('; ')}; ${source}` }
  const longest = Math.max(...tools.map((t) => t.name.length))
  return {
    id: 'tool-names',
    passed: true,
    evidence: `${tools.length} unique names, the longest ${longest} characters; ${source}`,
  }
}

/** OAuth or no auth on every remote; a local-only listing has no endpoint to sign in to. */
function remoteAuthCheck(input: ReadinessInput): ReadinessCheck {
  const id = 'remote-auth'
  if (input.remotes.length === 0) return { id, passed: true, evidence: 'no remote endpoint (it runs locally)' }
  const auth = input.remoteAuth
  const seen = auth?.checkedAt ? `, seen ${auth.checkedAt}` : ''
  if (auth?.kind === 'oauth') {
    const server = auth.authorizationServers?.[0]
    const by = server ? `, authorization server ${server}${auth.confirmed ? ' (its metadata read)' : ''}` : ''
    return {
      id,
      passed: true,
      evidence: `OAuth: protected-resource metadata ${auth.resourceMetadata ?? ''}${by}${seen}`,
    }
  }
  if (auth?.kind === 'none') return { id, passed: true, evidence: `no auth: it answered without credentials${seen}` }
  if (auth?.kind === 'api_key')
    return {
      id,
      passed: false,
      evidence: `it asks for a credential without OAuth protected-resource metadata (an API key or token)${seen}`,
    }
  // A declared secret header is not yet a failure: many endpoints that take a token also offer OAuth, which only a
  // probe's 401 shows.
  const secret = input.remotes.flatMap((r) => r.headers ?? []).filter((h) => h.isSecret)
  const declared = secret.length
    ? `; its registry entry declares a secret header (${names(secret.map((h) => h.name))})`
    : ''
  return { id, passed: null, evidence: `the endpoint's auth has not been probed yet${declared}` }
}

/** Every readiness check of a listing, from what was observed of it. */
export function readinessOf(input: ReadinessInput): Readiness {
  const tools = input.tools.filter((t) => t && typeof t.name === 'string')
  const source = sourceOf(input)
  // A server seen listing no tools offers nothing to judge: unknown, as when nothing was seen.
  const none = input.toolsCheckedAt ? `it listed no tools; ${source}` : 'no tool list observed yet'
  const unknown = (id: ReadinessCheckId): ReadinessCheck => ({ id, passed: null, evidence: none })
  const toolChecks: ReadinessCheck[] = tools.length
    ? [
        everyTool('tool-titles', tools, hasTitle, 'a title', source),
        everyTool('tool-annotations', tools, hasReadWriteHint, 'readOnlyHint/destructiveHint', source),
        namesCheck(tools, source, input.toolsDefect),
      ]
    : [unknown('tool-titles'), unknown('tool-annotations'), unknown('tool-names')]
  const checks = [...toolChecks, remoteAuthCheck(input)]
  const ready = checks.some((c) => c.passed === false) ? false : checks.some((c) => c.passed === null) ? null : true
  return { ready, checks }
}

/** The checks of a stored listing: its last tool list, its endpoints and the probe of their auth. */
export function readinessOfListing(
  l: Pick<Listing, 'tools' | 'remotes'> &
    Partial<Pick<Listing, 'toolsSource' | 'toolsCheckedAt' | 'remoteAuth' | 'toolsDefect'>>,
): Readiness {
  return readinessOf({
    tools: Array.isArray(l.tools) ? l.tools : [],
    toolsSource: l.toolsSource ?? null,
    toolsCheckedAt: l.toolsCheckedAt ? new Date(l.toolsCheckedAt).toISOString() : null,
    remotes: Array.isArray(l.remotes) ? l.remotes : [],
    remoteAuth: l.remoteAuth ?? null,
    toolsDefect: l.toolsDefect ?? null,
  })
}

/** The readiness a checklist says in a word: ready, not ready, unknown. */
export const readinessWord = (ready: boolean | null): string =>
  ready === true ? 'ready' : ready === false ? 'not ready' : 'unknown'

/** A check's outcome in a word (the checklist says it in text, never by colour alone). */
export const checkWord = (passed: boolean | null): string =>
  passed === true ? 'passed' : passed === false ? 'failed' : 'unknown'
