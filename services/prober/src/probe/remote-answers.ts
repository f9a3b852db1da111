/**
 * What a remote MCP endpoint answered, seen through the probe's own fetch (the SDK client hides it): the status and
 * content type of the last answer, a sign-in challenge, a JSON-RPC error, an event stream that ended empty.
 */
import { METADATA_BYTES } from './remote-auth'

/**
 * How much one probe reads of an endpoint's answers, all bodies together: a handshake and a few pages of tools
 * (large schemas included) fit many times over, and an endpoint streaming without end stops here instead of in the
 * prober's memory (the SDK holds an event whose line never ends whole).
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024

/** What the server answered: tells a sign-in wall, an MCP error and a broken endpoint apart. */
export interface AnswersSeen {
  challenge: string | null
  sawJsonRpcError: boolean
  emptyEventStream: boolean
  /** Its answers passed MAX_ANSWER_BYTES, and the probe stopped reading. */
  tooLarge: boolean
  lastStatus: number
  lastContentType: string
}

/** Nothing seen yet. */
export const noAnswersSeen = (): AnswersSeen => ({
  challenge: null,
  sawJsonRpcError: false,
  emptyEventStream: false,
  tooLarge: false,
  lastStatus: 0,
  lastContentType: '',
})

const isJsonRpcError = (v: unknown): boolean => {
  const one = (m: unknown) =>
    !!m &&
    typeof m === 'object' &&
    (m as { jsonrpc?: unknown }).jsonrpc === '2.0' &&
    typeof (m as { error?: { code?: unknown } }).error?.code === 'number'
  return Array.isArray(v) ? v.some(one) : one(v)
}

/**
 * A JSON-RPC error is an MCP answer, whatever the HTTP status: the JSON answer is read here (the SDK reads it whole
 * too, and the probe's budget bounds it), looked at when it is small enough to be an error, and handed on. A tee
 * instead stalled both readers once the unread side had buffered its share: a large tool list never arrived.
 */
async function peekJsonRpcError(res: Response, body: ReadableStream<Uint8Array>, seen: AnswersSeen) {
  const bytes = new Uint8Array(await new Response(body).arrayBuffer())
  if (bytes.byteLength <= METADATA_BYTES)
    try {
      if (isJsonRpcError(JSON.parse(new TextDecoder().decode(bytes)))) seen.sawJsonRpcError = true
    } catch {
      // not JSON: the SDK reports it
    }
  return new Response(bytes, { status: res.status, statusText: res.statusText, headers: res.headers })
}

/** An event stream that ends without one byte is a transport answer with nothing in it: stop waiting. */
function watchEventStream(
  res: Response,
  body: ReadableStream<Uint8Array>,
  seen: AnswersSeen,
  deadline: AbortController,
): Response {
  let bytes = 0
  const watched = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, c) {
        bytes += chunk.byteLength
        c.enqueue(chunk)
      },
      flush() {
        if (bytes === 0) {
          seen.emptyEventStream = true
          deadline.abort(new Error('empty event stream'))
        }
      },
    }),
  )
  return new Response(watched, { status: res.status, statusText: res.statusText, headers: res.headers })
}

/** A body counted against the probe's budget: past it, the stream fails and the probe's deadline ends it. */
function budgeted(
  body: ReadableStream<Uint8Array>,
  budget: { left: number },
  seen: AnswersSeen,
  deadline: AbortController,
): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, c) {
        budget.left -= chunk.byteLength
        if (budget.left < 0) {
          seen.tooLarge = true
          const err = new Error(`answers larger than ${MAX_ANSWER_BYTES} bytes`)
          c.error(err)
          deadline.abort(err)
          return
        }
        c.enqueue(chunk)
      },
    }),
  )
}

/**
 * The probe's fetch: every request within the deadline, every answer within the probe's byte budget, what it
 * answered noted in `seen`.
 */
export function watchedFetch(fetcher: typeof fetch, deadline: AbortController, seen: AnswersSeen): typeof fetch {
  const budget = { left: MAX_ANSWER_BYTES }
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
    const got = await fetcher(input, { ...init, signal })
    const res = got.body
      ? new Response(budgeted(got.body, budget, seen, deadline), {
          status: got.status,
          statusText: got.statusText,
          headers: got.headers,
        })
      : got
    seen.lastStatus = res.status
    seen.lastContentType = res.headers.get('content-type') ?? ''
    if (res.status === 401) seen.challenge = res.headers.get('www-authenticate') ?? ''
    if (/json/i.test(seen.lastContentType) && res.body) return peekJsonRpcError(res, res.body, seen)
    if (res.ok && /text\/event-stream/i.test(seen.lastContentType) && res.body)
      return watchEventStream(res, res.body, seen, deadline)
    return res
  }) as typeof fetch
}
