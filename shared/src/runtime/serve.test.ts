// `serve`: an answer the handler gives at once skips the request context, and is still counted by route.
import { expect, test } from 'bun:test'
import { createLogger, currentRequestId } from '../log'
import { type ServeOptions, serve } from './index'

/** A handler served on a free port, silently. */
const serveOn = (handler: ServeOptions['handler']) =>
  serve({
    port: 0,
    host: '127.0.0.1',
    log: createLogger('test', 'silent'),
    name: 'serve-test',
    close: async () => {},
    handler,
  })

/** A promise, and what resolves it. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((r) => (open = r))
  return { open, opened }
}

/** A JSON answer's headers, and fifteen more: an answer written uncorked would send each apart. */
function manyHeaders(): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  for (let i = 0; i < 15; i++) headers[`x-answer-${i}`] = `value ${i}`
  return headers
}

test('an answer given at once is sent and counted under its route; everything else reaches fetch in its context', async () => {
  const seenByFetch: (string | undefined)[] = []
  const server = serveOn({
    answerNow: (req) =>
      new URL(req.url).pathname === '/kept/1' ? { response: new Response('kept'), route: '/kept/:id' } : null,
    fetch: async (req) => {
      seenByFetch.push(currentRequestId())
      return new Response(`fetched ${new URL(req.url).pathname}`)
    },
  })
  try {
    const base = `http://127.0.0.1:${server.port}`
    expect(await (await fetch(`${base}/kept/1`)).text()).toBe('kept')
    expect(await (await fetch(`${base}/kept/2`)).text()).toBe('fetched /kept/2')
    expect(seenByFetch).toHaveLength(1)
    expect(seenByFetch[0]).toMatch(/^[0-9a-f-]{36}$/)
    const metrics = await (await fetch(`${base}/metrics`)).text()
    expect(metrics).toMatch(/http_requests_total\{route="\/kept\/:id",method="GET",status="200",service="[^"]+"\} 1\n/)
    // A request without a valid Host is refused before either is asked.
    const bad = await fetch(`${base}/kept/1`, { headers: { host: 'bad host' } })
    expect(bad.status).toBe(400)
  } finally {
    server.stop(true)
  }
})

test('an answer ready only in a later turn is sent through a stream (every header and byte, an event stream still streaming, HEAD bodiless); one ready at once keeps its length', async () => {
  const headers = manyHeaders()
  const { open: release, opened: released } = gate()
  const server = serveOn({
    fetch: async (req) => {
      const path = new URL(req.url).pathname
      // Within the turn: a microtask only.
      await Promise.resolve()
      if (path === '/now') return new Response('at once')
      await Bun.sleep(1)
      if (path === '/stream') {
        const body = new ReadableStream<Uint8Array>({
          async start(c) {
            c.enqueue(new TextEncoder().encode('first '))
            await released
            c.enqueue(new TextEncoder().encode('second'))
            c.close()
          },
        })
        return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
      }
      return new Response(JSON.stringify({ text: 'é'.repeat(5000) }), { status: 201, headers })
    },
  })
  try {
    const base = `http://127.0.0.1:${server.port}`
    const now = await fetch(`${base}/now`)
    expect(now.headers.get('content-length')).toBe('7')
    expect(now.headers.get('transfer-encoding')).toBeNull()
    expect(await now.text()).toBe('at once')
    const late = await fetch(`${base}/late`)
    expect(late.status).toBe(201)
    // Sent through a stream, so the length goes as chunked coding (what keeps Bun from sending each header apart).
    expect(late.headers.get('transfer-encoding')).toBe('chunked')
    for (const [k, v] of Object.entries(headers)) expect(late.headers.get(k)).toBe(v)
    expect(await late.json()).toEqual({ text: 'é'.repeat(5000) })
    // A stream's first chunk arrives before the stream ends.
    const reader = (await fetch(`${base}/stream`)).body!.getReader()
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first ')
    release()
    let rest = ''
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value)
    expect(rest).toBe('second')
    const head = await fetch(`${base}/late`, { method: 'HEAD' })
    expect(head.status).toBe(201)
    expect(await head.text()).toBe('')
  } finally {
    server.stop(true)
  }
})

test('a late answer of a declared length is read whole and sent with every header and byte; one whose body fails is cut, never sent short as if whole; a longer one still streams', async () => {
  const bytes = new TextEncoder().encode(JSON.stringify({ text: 'é'.repeat(5000) }))
  const large = new Uint8Array(300 * 1024).fill(120)
  const { open: release, opened: released } = gate()
  const headers = manyHeaders()
  const server = serveOn({
    fetch: async (req) => {
      const path = new URL(req.url).pathname
      await Bun.sleep(1)
      if (path === '/large') {
        // Past the bound: its first piece leaves before the rest exists.
        const body = new ReadableStream<Uint8Array>({
          async start(c) {
            c.enqueue(large.subarray(0, 1024))
            await released
            c.enqueue(large.subarray(1024))
            c.close()
          },
        })
        return new Response(body, { headers: { 'content-length': String(large.length) } })
      }
      if (path === '/broken') {
        // Declares more than it gives: the body fails after its first piece.
        const body = new ReadableStream<Uint8Array>({
          async pull(c) {
            c.enqueue(bytes.subarray(0, 100))
            await Bun.sleep(1)
            c.error(new Error('upstream went away'))
          },
        })
        return new Response(body, { headers: { 'content-length': String(bytes.length) } })
      }
      return new Response(bytes, { status: 201, headers: { ...headers, 'content-length': String(bytes.length) } })
    },
  })
  try {
    const base = `http://127.0.0.1:${server.port}`
    const whole = await fetch(`${base}/whole`)
    expect(whole.status).toBe(201)
    for (const [k, v] of Object.entries(headers)) expect(whole.headers.get(k)).toBe(v)
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes)
    // The answer or its body fails: either way the client knows it did not get it whole.
    const broken = await fetch(`${base}/broken`)
      .then((r) => r.arrayBuffer())
      .then(
        (b) => `a body of ${b.byteLength} bytes`,
        (err) => `failed: ${err}`,
      )
    expect(broken).toMatch(/^failed: /)
    const reader = (await fetch(`${base}/large`)).body!.getReader()
    const first = await Promise.race([reader.read(), Bun.sleep(2000).then(() => null)])
    expect(first?.value?.length).toBeGreaterThan(0)
    release()
    let got = first!.value!.length
    for (let r = await reader.read(); !r.done; r = await reader.read()) got += r.value.length
    expect(got).toBe(large.length)
  } finally {
    // Ends the large answer's stream even when the first piece never came.
    release()
    server.stop(true)
  }
})

test('a late answer of undeclared length is read whole before any of it is sent; one whose body fails is cut; one found longer than the bound streams', async () => {
  const { open: release, opened: released } = gate()
  const large = new Uint8Array(300 * 1024).fill(121)
  const pieces = (first: Uint8Array, rest: Uint8Array, fail = false) =>
    new ReadableStream<Uint8Array>({
      async start(c) {
        c.enqueue(first)
        await released
        if (fail) return c.error(new Error('the handler failed'))
        c.enqueue(rest)
        c.close()
      },
    })
  const text = (s: string) => new TextEncoder().encode(s)
  const server = serveOn({
    fetch: async (req) => {
      const path = new URL(req.url).pathname
      await Bun.sleep(1)
      const headers = manyHeaders()
      if (path === '/large')
        return new Response(pieces(large.subarray(0, 280 * 1024), large.subarray(280 * 1024)), { headers })
      return new Response(pieces(text('{"first":'), text('"then the rest"}'), path === '/broken'), { headers })
    },
  })
  try {
    const base = `http://127.0.0.1:${server.port}`
    // Nothing of a short answer leaves before its body has ended: not even its status and headers.
    const whole = fetch(`${base}/whole`)
    // Its failure is read as soon as it comes (a rejection left unread until later awaits is an unhandled one).
    const broken = fetch(`${base}/broken`)
      .then((r) => r.arrayBuffer())
      .then(
        (b) => `a body of ${b.byteLength} bytes`,
        (err) => `failed: ${err}`,
      )
    const largeAnswer = fetch(`${base}/large`)
    expect(await Promise.race([whole.then(() => 'sent'), Bun.sleep(300).then(() => 'held')])).toBe('held')
    // Past the bound, what was read leaves before the rest exists.
    const reader = (await largeAnswer).body!.getReader()
    let got = 0
    while (got < 256 * 1024) {
      const r = await reader.read()
      if (r.done) break
      got += r.value.length
    }
    expect(got).toBeGreaterThan(256 * 1024)
    release()
    for (let r = await reader.read(); !r.done; r = await reader.read()) got += r.value.length
    expect(got).toBe(large.length)
    const answer = await whole
    for (const [k, v] of Object.entries(manyHeaders())) expect(answer.headers.get(k)).toBe(v)
    expect(await answer.json()).toEqual({ first: 'then the rest' })
    expect(await broken).toMatch(/^failed: /)
  } finally {
    release()
    server.stop(true)
  }
})
