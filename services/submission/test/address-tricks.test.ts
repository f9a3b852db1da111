// A submitted repository address with `..` hidden behind `%2F` or `%5C`, on the real catalog, submission service and
// a GitHub API stand-in: the subfolder check never asks GitHub (with the operator's token) about anything outside the
// submitted repository, which would make an oracle on what that token can read; and the address is keyed as the
// repository it shows, never as another one it would squat.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { normalizeAddress } from '@mcp-directory/shared/identity'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer } from '@mcp-directory/shared/mail'
import { isolatedEnv, runToken, startBacking, testConfig } from '@mcp-directory/shared/testing'
import { createSubmissionApp, type SubmissionService } from '../src'

const run = runToken()
const env = isolatedEnv(run, '')
const log = createLogger('test', 'silent')
const OPERATOR = 'operator-secret-token-0123456789'
const seen: { path: string; auth: string | null }[] = []
// A stand-in GitHub API: a private repository the operator's token can read answers its contents as an array.
const github = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (r) => {
    const path = new URL(r.url).pathname
    seen.push({ path, auth: r.headers.get('authorization') })
    if (path === '/repos/secret-org/private-repo/contents') return Response.json([{ name: 'payroll.csv' }])
    return Response.json({ message: 'Not Found' }, { status: 404 })
  },
})
const config = testConfig({
  PUBLIC_BASE_URL: 'http://dir.test',
  GITHUB_API_URL: `http://127.0.0.1:${github.port}`,
  GITHUB_TOKEN: 'ghp_operator_token_for_tests',
})
let backing: Awaited<ReturnType<typeof startBacking>> | undefined
let catalog: CatalogService
let submission: SubmissionService

beforeAll(async () => {
  backing = await startBacking(env, log)
  const { database, kv, bus, sink } = backing
  catalog = createCatalogApp({ config, database, bus, log, operatorToken: OPERATOR })
  submission = createSubmissionApp({
    config,
    database,
    bus,
    kv,
    log,
    operatorToken: OPERATOR,
    secret: 'submission-test-secret-0123456789abcdef',
    catalog: (r) => catalog.app.handle(r),
    mailer: createSmtpMailer(sink.url, 'no-reply@dir.test'),
  })
}, 30_000)
afterAll(async () => {
  await submission?.close()
  await catalog?.close()
  await backing?.close()
  github.stop(true)
})

let n = 0
const submit = (url: string) => {
  n++
  return submission.app.handle(
    new Request('http://localhost/api/v1/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `probe-${run}-${n}`,
        url,
        description: 'Probes what the directory fetches for a submitted address.',
        category: 'developer-tools',
        email: `probe${n}@example.com`,
      }),
    }),
  )
}

test('the subfolder check never asks GitHub about anything outside the submitted repository', async () => {
  const hop = '..%5C'.repeat(5)
  const res = await submit(
    `https://github.com/anyone-${run}/anything/tree/main/a%5C${hop}repos%5Csecret-org%5Cprivate-repo%5Ccontents`,
  )
  await res.arrayBuffer()
  expect(res.status).toBe(200)
  for (const s of seen) expect(s.path).toStartWith(`/repos/anyone-${run}/anything/contents/`)
  expect(seen.map((s) => s.path)).not.toContain('/repos/secret-org/private-repo/contents')
})

test("an address on the attacker's repository is never keyed as the victim's repository (squatting it)", async () => {
  const victim = `https://github.com/victim-${run}/popular`
  const squat = `https://github.com/attacker-${run}/x/tree/main/y${'%2F..'.repeat(5)}%2Fvictim-${run}%2Fpopular`
  const first = await submit(squat)
  await first.arrayBuffer()
  const mine = await submit(victim)
  expect([mine.status, ((await mine.json()) as { error?: string }).error ?? 'none']).toEqual([200, 'none'])
  // The identity the directory deduplicates by must be the repository claims and GitHub facts read (attacker/x).
  expect(normalizeAddress(squat)?.path).toBe(`attacker-${run}/x`)
})
