/**
 * What a remote MCP endpoint answered, seen through the probe's own fetch (the SDK client hides it): the status and
 * content type of the last answer, a sign-in challenge, a JSON-RPC error, an event stream that ended empty.
 */
import { METADATA_BYTES, readBounded } from './remote-auth'

/** What the server answered: tells a sign-in wall, an MCP error and a broken endpoint apart. */
export interface AnswersSeen {
  challenge: string | null
  sawJsonRpcError: boolean
  emptyEventStream: boolean
  lastStatus: number
  lastContentType: string
}

/** Nothing seen yet. */
export const noAnswersSeen = (): AnswersSeen => ({
  challenge: null,
  sawJsonRpcError: false,
  emptyEventStream: false,
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

/** A JSON-RPC error is an MCP answer, whatever the HTTP status: peek at it without taking the body away. */
async function peekJsonRpcError(res: Response, body: ReadableStream<Uint8Array>, seen: AnswersSeen) {
  const [mine, theirs] = body.tee()
  const text = await readBounded(new Response(mine), METADATA_BYTES).catch(() => null)
  try {
    if (text && isJsonRpcError(JSON.parse(text))) seen.sawJsonRpcError = true
  } catch {
    // not JSON: the SDK reports it
  }
  return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers })
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

/** The probe's fetch: every request within the deadline, what it answered noted in `seen`. */
export function watchedFetch(fetcher: typeof fetch, deadline: AbortController, seen: AnswersSeen): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
    const res = await fetcher(input, { ...init, signal })
    seen.lastStatus = res.status
    seen.lastContentType = res.headers.get('content-type') ?? ''
    if (res.status === 401) seen.challenge = res.headers.get('www-authenticate') ?? ''
    if (/json/i.test(seen.lastContentType) && res.body) return peekJsonRpcError(res, res.body, seen)
    if (res.ok && /text\/event-stream/i.test(seen.lastContentType) && res.body)
      return watchEventStream(res, res.body, seen, deadline)
    return res
  }) as typeof fetch
}
