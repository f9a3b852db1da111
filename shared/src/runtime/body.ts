// Reading an answer's body up to a bound: the gateway compresses an answer it has whole, and `serve` writes a late
// answer whole in one piece; both read until the body ends or passes the bound, then go on chunk by chunk.

/** A body's reader, as `chunkByChunk` reads on from it. */
export type BodyReader = {
  read(): Promise<{ done: true; value?: undefined } | { done: false; value: Uint8Array }>
  cancel(reason?: unknown): Promise<void>
}

/** A body read up to a bound: whole, or its first bytes and the reader to go on from, or the failure that cut it. */
export type BodyUpTo = { whole: Uint8Array } | { head: Uint8Array; reader: BodyReader } | { failed: unknown }

/** Reads `body` until it ends (whole) or passes `max` bytes (its head, and the reader to go on from). */
export async function readUpTo(body: NonNullable<Response['body']>, max: number): Promise<BodyUpTo> {
  const reader: BodyReader = body.getReader()
  const read: Uint8Array[] = []
  let length = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { whole: read.length === 1 ? read[0]! : Buffer.concat(read) }
      read.push(value)
      length += value.byteLength
      if (length > max) return { head: Buffer.concat(read), reader }
    }
  } catch (err) {
    return { failed: err }
  }
}

/** A JavaScript stream of `first` (when given), then each chunk `reader` gives; cancelling it cancels the reader. */
export function chunkByChunk(reader: BodyReader, first: Uint8Array | null): ReadableStream<Uint8Array> {
  let held = first
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (held) {
        controller.enqueue(held)
        held = null
        return
      }
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
}

/** A body that fails at once, so the client sees the answer cut. */
export const failing = (err: unknown) => new ReadableStream({ start: (c) => c.error(err) })

/** The body a read up to a bound leaves to send on: what was read first then the rest, or the failure. */
export const restOf = (r: Exclude<BodyUpTo, { whole: Uint8Array }>) =>
  'failed' in r ? failing(r.failed) : chunkByChunk(r.reader, r.head)
