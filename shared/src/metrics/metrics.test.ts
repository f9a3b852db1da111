// The process metrics: request counts and latency by route pattern, rate-limit rejections, exposition text.
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
  rateLimitRejected('read')
  const { body, contentType } = await metrics.render()
  expect(contentType).toContain('text/plain')
  expect(body).toMatch(/http_requests_total\{route="\/a\/:b",method="GET",status="200",service="unit"\} 1/)
  expect(body).toContain('http_request_duration_seconds_bucket{le="0.005",service="unit",route="/a/:b",method="GET",status="200"} 1')
  expect(body).toMatch(/rate_limit_rejections_total\{class="read",service="unit"\} 1/)
  expect(body).toContain('process_cpu_seconds_total')
})
