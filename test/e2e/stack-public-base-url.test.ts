// `bun run stack` with a PUBLIC_BASE_URL of its own (not http://localhost:<port>): every process gets it, so every
// address the directory writes into an answer names it — detailUrl, markdownUrl, the Markdown's Directory Page,
// claim_url, badge_markdown, confirm_url, the `docs` link of errors and the OpenAPI server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import {
  createFreshDatabase,
  freePort,
  isolatedEnv,
  runToken,
  type FreshDatabase,
  dropRun,
} from '@mcp-directory/shared/testing'
import { importThroughApi } from './processes'

const ROOT = join(import.meta.dir, '..', '..')
const PUBLIC = 'https://directory.example.test'
const OPERATOR_TOKEN = 'e2e-operator-token-public-base-url'
const token = runToken()
let fresh: FreshDatabase
let stack: ReturnType<typeof Bun.spawn>
let base = ''
const output: string[] = []

beforeAll(async () => {
  fresh = await createFreshDatabase()
  const port = freePort()
  base = `http://127.0.0.1:${port}`
  // The stack script itself, as an operator starts it: the variables are only in its environment.
  stack = Bun.spawn(['bun', 'scripts/stack.ts', '--free-ports'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...isolatedEnv(token, fresh.url),
      PORT: String(port),
      PUBLIC_BASE_URL: PUBLIC,
      OPERATOR_TOKEN,
      SERVER_SECRET: `e2e-public-base-url-secret-${token}`,
      PROBE: 'off',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const collect = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) output.push(new TextDecoder().decode(chunk))
  }
  void collect(stack.stdout as ReadableStream<Uint8Array>)
  void collect(stack.stderr as ReadableStream<Uint8Array>)
  const until = Date.now() + 150_000
  while (!output.join('').includes('stack ready on')) {
    if (Date.now() > until || stack.exitCode !== null)
      throw new Error(`the stack did not start:\n${output.join('').slice(-3000)}`)
    await Bun.sleep(250)
  }
}, 180_000)
afterAll(async () => {
  stack?.kill('SIGTERM')
  await Promise.race([stack?.exited, Bun.sleep(20_000).then(() => stack?.kill('SIGKILL'))])
  await fresh?.drop()
  await dropRun(token)
})

describe('bun run stack with PUBLIC_BASE_URL', () => {
  test('search, detail and Markdown name the public address', async () => {
    const entry = {
      name: 'io.github.acme/public-base',
      description: 'A server to read addresses from',
      version: '1.0.0',
      repository: { url: 'https://github.com/acme/public-base', source: 'github' },
    }
    expect((await importThroughApi(base, OPERATOR_TOKEN, [entry])).created).toBe(1)
    const search = (await (await fetch(`${base}/api/v1/search?q=public-base`)).json()) as {
      servers: { id: string; detailUrl: string; markdownUrl: string }[]
    }
    const hit = search.servers[0]!
    expect(hit.detailUrl).toBe(`${PUBLIC}/servers/${hit.id}`)
    expect(hit.markdownUrl).toStartWith(`${PUBLIC}/`)
    const detail = (await (await fetch(`${base}/api/v1/servers/${hit.id}`)).json()) as {
      server: { detailUrl: string; markdownUrl: string }
    }
    expect(detail.server.detailUrl).toBe(hit.detailUrl)
    expect(detail.server.markdownUrl).toBe(hit.markdownUrl)
    const markdown = await (await fetch(`${base}/api/v1/mcp/${hit.id}/markdown`)).text()
    expect(markdown).toContain(`**Directory Page:** ${PUBLIC}/servers/${hit.id}`)
    expect(markdown).not.toContain('localhost')
  })

  test('a submission answers claim_url and badge_markdown on the public address', async () => {
    const res = await fetch(`${base}/api/v1/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `public-base-${token}`,
        url: `https://github.com/acme/public-base-${token}`,
        description: 'Submitted to read its addresses',
        category: 'databases',
        email: `owner-${token}@example.com`,
        license: 'MIT',
        authType: 'none',
      }),
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { claim_url: string; badge_markdown: string }
    expect(body.claim_url).toStartWith(`${PUBLIC}/claim/`)
    expect(body.badge_markdown).toContain(`${PUBLIC}/`)
    expect(body.badge_markdown).not.toContain('localhost')
  })

  test('an agent registration answers confirm_url on the public address', async () => {
    const res = await fetch(`${base}/api/v1/agent/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `agent-${token}@example.com` }),
    })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { confirm_url: string }).confirm_url).toBe(`${PUBLIC}/api/v1/agent/register/confirm`)
  })

  test('errors link their docs, and the OpenAPI document its server, on the public address', async () => {
    for (const path of ['/api/v1/servers/no-such-listing', '/api/v1/search?limit=0', '/api/v1/no-such-route']) {
      const res = await fetch(`${base}${path}`)
      const body = (await res.json()) as { docs: string }
      expect({ path, docs: body.docs }).toEqual({
        path,
        docs: expect.stringMatching(new RegExp(`^${PUBLIC.replace(/\./g, '\\.')}/docs/errors#`)),
      })
    }
    const spec = (await (await fetch(`${base}/docs/json`)).json()) as { servers: { url: string }[] }
    expect(spec.servers[0]!.url).toBe(PUBLIC)
  })
})
