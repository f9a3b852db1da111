// `serve`: an answer the handler gives at once skips the request context, and is still counted by route.
import { expect, test } from 'bun:test'
import { createLogger, currentRequestId } from '../log'
import { serve } from './index'

test('an answer given at once is sent and counted under its route; everything else reaches fetch in its context', async () => {
  const seenByFetch: (string | undefined)[] = []
  const server = serve({
    port: 0,
    host: '127.0.0.1',
    log: createLogger('test', 'silent'),
    name: 'serve-test',
    close: async () => {},
    handler: {
      answerNow: (req) =>
        new URL(req.url).pathname === '/kept/1' ? { response: new Response('kept'), route: '/kept/:id' } : null,
      fetch: async (req) => {
        seenByFetch.push(currentRequestId())
        return new Response(`fetched ${new URL(req.url).pathname}`)
      },
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
