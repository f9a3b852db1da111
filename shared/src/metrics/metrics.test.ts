// The process metrics: request counts and latency by route pattern, rate-limit rejections, exposition text.
// The registry is one per process and other test files may have made it first, so no test assumes its label.
import { expect, test } from 'bun:test'
import { Elysia } from 'elysia'
import { processMetrics, rateLimitRejected, routeLabelOf, routeLabels } from './index'

test('requests are labelled by their route pattern, never the raw path', async () => {
  const app = new Elysia().use(routeLabels()).get('/api/v1/servers/:id', () => 'ok')
  const known = new Request('http://localhost/api/v1/servers/some-id')
  const unknown = new Request('http://localhost/nope/123')
  await app.handle(known)
  await app.handle(unknown)
  expect(routeLabelOf(known)).toBe('/api/v1/servers/:id')
  expect(routeLabelOf(unknown)).toBe('unmatched')
})

test('counter, histogram and rate-limit rejections appear in the exposition text', async () => {
  const metrics = processMetrics('unit')
  const app = new Elysia().use(routeLabels()).get('/a/:b', () => 'ok')
  const req = new Request('http://localhost/a/1')
  await app.handle(req)
  metrics.observe(req, 200, 0.004)
  // An answer given before routing names its route itself.
  metrics.observeRoute('/a/:b', 'GET', 200, 0.02)
  rateLimitRejected('read')
  const { body, contentType } = await metrics.render()
  expect(contentType).toContain('text/plain')
  const labels = 'route="/a/:b",method="GET",status="200",service="[^"]+"'
  expect(body).toMatch(new RegExp(`http_requests_total\\{${labels}\\} 2\n`))
  // Buckets are cumulative: 0.004 s is in every bucket from 0.005 up, 0.02 s from 0.025 up.
  expect(body).toMatch(new RegExp(`http_request_duration_seconds_bucket\\{le="0.0025",${labels}\\} 0\n`))
  expect(body).toMatch(new RegExp(`http_request_duration_seconds_bucket\\{le="0.005",${labels}\\} 1\n`))
  expect(body).toMatch(new RegExp(`http_request_duration_seconds_bucket\\{le="0.025",${labels}\\} 2\n`))
  expect(body).toMatch(new RegExp(`http_request_duration_seconds_bucket\\{le="\\+Inf",${labels}\\} 2\n`))
  expect(body).toMatch(new RegExp(`http_request_duration_seconds_sum\\{${labels}\\} 0.024\n`))
  expect(body).toMatch(new RegExp(`http_request_duration_seconds_count\\{${labels}\\} 2\n`))
  expect(body).toContain('# TYPE http_request_duration_seconds histogram')
  expect(body).toMatch(/rate_limit_rejections_total\{class="read",service="[^"]+"\} [1-9]\d*/)
  expect(body).toContain('process_cpu_seconds_total')
})

test('cache hit rate, outbox lag and consumer lag appear in the exposition text', async () => {
  const { cacheLookup, consumerLag, outboxLag } = await import('./index')
  const metrics = processMetrics('unit')
  cacheLookup('metrics-test', true)
  cacheLookup('metrics-test', false)
  outboxLag('metrics-test', 3, 1.5)
  consumerLag('metrics-test', 7)
  const { body } = await metrics.render()
  expect(body).toMatch(/cache_lookups_total\{cache="metrics-test",result="hit",service="[^"]+"\} 1/)
  expect(body).toMatch(/cache_lookups_total\{cache="metrics-test",result="miss",service="[^"]+"\} 1/)
  expect(body).toMatch(/outbox_pending\{outbox="metrics-test",service="[^"]+"\} 3/)
  expect(body).toMatch(/outbox_oldest_pending_seconds\{outbox="metrics-test",service="[^"]+"\} 1.5/)
  expect(body).toMatch(/consumer_pending_messages\{consumer="metrics-test",service="[^"]+"\} 7/)
})
