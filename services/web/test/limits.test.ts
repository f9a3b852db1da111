// Pages meet the API's rate limits for their visitor: a page whose API call is refused says so in HTML, with the
// API's Retry-After, and never shows a half-built page.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startDirectory, type TestDirectory } from './directory'
import { fixtureEntries } from './fixtures'

let dir: TestDirectory

beforeAll(async () => {
  dir = await startDirectory({ RATE_LIMIT_PER_MINUTE: '4' })
  await dir.importEntries(fixtureEntries())
}, 60_000)

afterAll(async () => {
  await dir?.stop()
})

test('the API calls behind a page count for its visitor; over the limit the page is an HTML 429 with Retry-After', async () => {
  // The page itself (1), then the categories (2) and the search (3) it reads through the gateway.
  const home = await fetch(`${dir.base}/`)
  expect(home.status).toBe(200)
  expect(Number(home.headers.get('ratelimit-remaining'))).toBeLessThanOrEqual(3)
  // The listing page (4) is let through; its API read (5) is over the limit.
  const res = await fetch(`${dir.base}/servers/anything`)
  expect(res.status).toBe(429)
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(res.headers.get('cache-control')).toBe('no-store')
  expect(await res.text()).toContain('Too many requests')
})
