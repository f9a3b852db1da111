// Bun (1.4.5) corks a socket while the request handler runs, up to the end of the loop turn that received the
// request (its microtasks included): an answer ready by then leaves in one send(). One that is ready only in a
// later turn (it awaited the network, a timer, another process) is written uncorked: the status line, each
// header's name, ": ", value and line end, and the body each leave in a send() of their own (oven-sh/bun#41341).
// A forwarded answer with a dozen headers costs some 70 small TCP segments on both ends, several times the CPU of
// the request itself. A body that is a JavaScript stream is written corked, the headers with its first chunk, so a
// late answer is sent with its body read through one; its length then goes as chunked transfer coding. One of a
// declared length up to WHOLE_BYTES (a service's answer the gateway forwards) is read whole first and written in
// one piece: one TCP segment where a stream read chunk by chunk sends two, and none of its per-chunk work.

// The longest late answer read whole before it is sent: the gateway's micro-cache reads an answer it stores whole up
// to the same size, so no request holds more than it could already. A longer one, or one of unknown length (an
// event stream), is streamed as it comes.
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
     * The answer as it should be sent: a late one with a body, to anything but HEAD, with that body streamed (read
     * whole first when its declared length is small).
     */
    toSend(res: Response, arrivedIn: number, method: string): Response | Promise<Response> {
      if (arrivedIn === turn || method === 'HEAD' || res.body === null) return res
      const length = Number(res.headers.get('content-length') ?? Number.NaN)
      return length <= WHOLE_BYTES ? withWholeBody(res) : withStreamedBody(res)
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
    return new Response(new ReadableStream({ start: (c) => c.error(err) }), init)
  }
  const body = new ReadableStream({
    type: 'direct',
    pull(controller) {
      controller.write(bytes)
      controller.close()
    },
  })
  return new Response(body, init)
}

/** The answer with its body read through a JavaScript stream (chunk by chunk, so a long stream still streams). */
function withStreamedBody(res: Response): Response {
  const body = res.body
  if (body === null) return res
  const reader = body.getReader()
  const streamed = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return new Response(streamed, { status: res.status, statusText: res.statusText, headers: res.headers })
}
