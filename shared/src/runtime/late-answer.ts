// Bun (1.4.5) corks a socket while the request handler runs, up to the end of the loop turn that received the
// request (its microtasks included): an answer ready by then leaves in one send(). One that is ready only in a
// later turn (it awaited the network, a timer, another process) is written uncorked: the status line, each
// header's name, ": ", value and line end, and the body each leave in a send() of their own (oven-sh/bun#41341).
// A forwarded answer with a dozen headers costs some 70 small TCP segments on both ends, several times the CPU of
// the request itself. A body that is a JavaScript stream is written corked, the headers with its first chunk, so a
// late answer is sent with its body read through one, its length as chunked transfer coding (Bun sends any stream
// so, whatever Content-Length says). An answer up to WHOLE_BYTES (a service's answer the gateway forwards, a tool
// call's JSON-RPC answer) is read whole first and written in one piece: one TCP segment where a stream read chunk by
// chunk sends two (its chunks, then the coding's end), and none of its per-chunk work. An event stream, and an answer
// found longer, go chunk by chunk.
import { chunkByChunk, failing, readUpTo, restOf } from './body'

// The longest late answer read whole before it is sent: the gateway's micro-cache reads an answer it stores whole up
// to the same size, so no request holds more than it could already. A longer one, or an event stream, is streamed as
// it comes.
const WHOLE_BYTES = 256 * 1024

/** Tells an answer made in the turn that received its request from one made later. */
export function lateAnswers() {
  // Bumped by an immediate after every turn that received a request (one immediate per turn, not per request).
  let turn = 0
  let bumping = false
  const bump = () => {
    turn++
    bumping = false
  }
  return {
    /** The turn a request arrives in. */
    arrived(): number {
      if (!bumping) {
        bumping = true
        setImmediate(bump)
      }
      return turn
    },
    /**
     * The answer as it should be sent: a late one with a body, to anything but HEAD, read whole when it is short
     * (declared so, or found so: an answer made in process declares no length), else streamed.
     */
    toSend(res: Response, arrivedIn: number, method: string): Response | Promise<Response> {
      if (arrivedIn === turn || method === 'HEAD' || res.body === null) return res
      const declared = res.headers.get('content-length')
      if (declared !== null) return Number(declared) <= WHOLE_BYTES ? withWholeBody(res) : withStreamedBody(res)
      return (res.headers.get('content-type') ?? '').startsWith('text/event-stream')
        ? withStreamedBody(res)
        : withBodyUpTo(res)
    },
  }
}

/**
 * The answer with its body read whole, then written through a JavaScript stream in one write (corked, as every
 * stream is). A body that fails while it is read fails the stream, as a streamed one would: the client sees the
 * answer cut, never a shorter one that looks whole.
 */
async function withWholeBody(res: Response): Promise<Response> {
  const init = { status: res.status, statusText: res.statusText, headers: res.headers }
  let bytes: Uint8Array
  try {
    bytes = await res.bytes()
  } catch (err) {
    return new Response(failing(err), init)
  }
  return new Response(inOneWrite(bytes), init)
}

/**
 * The answer of undeclared length read up to WHOLE_BYTES: one that ends by then is written in one write; a longer one
 * streams, what was read first leaving in that first write.
 */
async function withBodyUpTo(res: Response): Promise<Response> {
  const init = { status: res.status, statusText: res.statusText, headers: res.headers }
  const read = await readUpTo(res.body!, WHOLE_BYTES)
  return new Response('whole' in read ? inOneWrite(read.whole) : restOf(read), init)
}

/** A body written in one write, then its end. */
const inOneWrite = (bytes: Uint8Array) =>
  new ReadableStream({
    type: 'direct',
    pull(controller) {
      controller.write(bytes)
      controller.close()
    },
  })

/** The answer with its body read through a JavaScript stream (chunk by chunk, so a long stream still streams). */
function withStreamedBody(res: Response): Response {
  if (res.body === null) return res
  return new Response(chunkByChunk(res.body.getReader(), null), {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  })
}
