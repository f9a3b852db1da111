// An answer checked against what its contract declares for its status: a success's status itself, and for any
// declared status (a success, a redirect with a body, a refusal: the Error object of `err(...)`, or a refusal's own
// model such as the 409 naming the listing that holds an address) the media type and the body against the status's
// model (JSON parsed; a text type such as Markdown, SVG or HTML read as one string), with TypeBox's errors listed so
// a drift names the field and the value.
import type { Contract } from '@mcp-directory/shared/contracts'
import { TypeRegistry } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

// A model typed only by its domain type (`Type.Unsafe`: the internal API's stored listing) says no more than its JSON
// type, which is what it is checked against.
const jsonTypeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)
if (!TypeRegistry.Has('Unsafe'))
  TypeRegistry.Set(
    'Unsafe',
    (schema: { type?: unknown }, value) => schema.type === undefined || schema.type === jsonTypeOf(value),
  )

/** One answer as the test received it, its body read whole. */
export interface Answer {
  status: number
  contentType: string | null
  text: string
}

// At most this many TypeBox errors per answer: the first ones name the drift, the rest repeat it per item.
const MAX_ERRORS = 12

const mediaOf = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase()

/** `application/json` and the `+json` types (the server card, the AI catalog) carry JSON. */
const isJson = (media: string) => media === 'application/json' || media.endsWith('+json')

const shown = (value: unknown) => {
  const text = JSON.stringify(value)
  return text === undefined ? 'nothing' : text.length > 80 ? `${text.slice(0, 80)}…` : text
}

/**
 * What is wrong with an answer by its contract, one line each (none for an answer as declared, or a status other
 * than success that the contract does not declare: a gateway's own refusal, a 5xx the other checks report).
 */
export function answerDrift(contract: Contract, answer: Answer): string[] {
  const { status } = answer
  const spec = contract.responses[status]
  if (!spec && status >= 200 && status < 300)
    return [`${status} is not declared (the contract declares ${Object.keys(contract.responses).join(', ')})`]
  if (!spec) return []
  const media = mediaOf(answer.contentType)
  if (spec.type && media !== spec.type.toLowerCase())
    return [`${status} answered as ${answer.contentType ?? 'no media type'}, declared ${spec.type}`]
  // A raw endpoint frames its own refusals (MCP answers them as JSON-RPC errors, as its declarations say).
  if (!spec.schema || (contract.rawResponse && status >= 400)) return []
  let body: unknown = answer.text
  if (isJson(media))
    try {
      body = JSON.parse(answer.text)
    } catch {
      return [`${status} body is not JSON: ${shown(answer.text)}`]
    }
  if (Value.Check(spec.schema, body)) return []
  const errors = [...Value.Errors(spec.schema, body)]
  return [
    `${status} body breaks its model (${errors.length} errors):`,
    ...errors.slice(0, MAX_ERRORS).map((e) => `  ${e.path || '/'}: ${e.message}, got ${shown(e.value)}`),
  ]
}

/** An input as it is sent: its query as a query string, its body as JSON. */
export interface SentInput {
  query?: Record<string, unknown>
  body?: unknown
}

/**
 * Sends one input to a route (its query as a query string, its body as JSON over the given headers) and reads the
 * answer: its status, the API's error code (the registry's: its message; a JSON-RPC error object is no code), the
 * start of its text, and how it drifts from what the contract declares.
 */
export async function sendInput(contract: Contract, url: URL, input: SentInput, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(input.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v))
  const sent: Record<string, string> = { accept: 'application/json' }
  let body: string | undefined
  if (input.body !== undefined || contract.body) {
    sent['content-type'] = 'application/json'
    body = JSON.stringify(input.body ?? {})
  }
  Object.assign(sent, headers)
  const res = await fetch(url, { method: contract.method, headers: sent, body, redirect: 'manual' })
  const text = await res.text()
  let error: string | undefined
  try {
    const e = (JSON.parse(text) as { error?: unknown }).error
    if (typeof e === 'string') error = e
  } catch {}
  const drift = answerDrift(contract, { status: res.status, contentType: res.headers.get('content-type'), text })
  return { status: res.status, error, text: text.slice(0, 300), drift }
}
