// Liveness and readiness probes of every process, served by `serve` beside the application's routes.
import { afterAll, expect, test } from 'bun:test'
import { createLogger } from '../src/log'
import { serve } from '../src/runtime'
import { freePort } from '../src/testing'

let databaseUp = true
const port = freePort()
const server = serve({
  port,
  host: '127.0.0.1',
  name: 'probe-test',
  log: createLogger('test', 'silent'),
  handler: { fetch: () => new Response('app') },
  close: async () => {},
  ready: async () => {
    if (!databaseUp) throw new Error('database down')
  },
})
afterAll(() => server.stop(true))

test('/healthz says the process serves; /readyz follows its dependencies', async () => {
  const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`)
  expect((await get('/healthz')).status).toBe(200)
  expect((await get('/readyz')).status).toBe(200)
  databaseUp = false
  const notReady = await get('/readyz')
  expect(notReady.status).toBe(503)
  expect((await notReady.json()).error).toBe('service_unavailable')
  expect((await get('/healthz')).status).toBe(200)
  databaseUp = true
  expect((await get('/readyz')).status).toBe(200)
  expect(await (await get('/anything')).text()).toBe('app')
})
