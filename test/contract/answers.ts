// A successful answer checked against what its contract declares for its status: the status itself, the media
// type, and the body against the status's model (JSON parsed; a text type such as Markdown, SVG or HTML read as one
// string), with TypeBox's errors listed so a drift names the field and the value.
import type { Contract } from '@mcp-directory/shared/contracts'
import { Value } from '@sinclair/typebox/value'

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

/** What is wrong with a 2xx answer by its contract, one line each (none for another status, or an answer as declared). */
export function answerDrift(contract: Contract, answer: Answer): string[] {
  const { status } = answer
  if (status < 200 || status >= 300) return []
  const spec = contract.responses[status]
  if (!spec) return [`${status} is not declared (the contract declares ${Object.keys(contract.responses).join(', ')})`]
  const media = mediaOf(answer.contentType)
  if (spec.type && media !== spec.type.toLowerCase())
    return [`${status} answered as ${answer.contentType ?? 'no media type'}, declared ${spec.type}`]
  if (!spec.schema) return []
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
