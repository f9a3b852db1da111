// The all-in-one as an operator runs it: one writer for DATA_DIR (the command-line tools beside a running directory go
// through its API or refuse), the operator token made once and kept, probing off sending nothing, no demo catalog
// when asked, everything still there after a restart, and pages answering browsers in HTML.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@mcp-directory/shared/testing'
import { importThroughApi, startAllInOne } from './processes'

const ROOT = join(import.meta.dir, '..', '..')
const OFFICIAL = join(ROOT, '..', 'shared', 'data', 'servers-official.json')

// A stand-in for everything the prober would reach (the GitHub API, npm, PyPI, a remote MCP endpoint): it counts.
let requests = 0
const outside = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: () => {
    requests++
    return Response.json({ message: 'Not Found' }, { status: 404 })
  },
})
const OUTSIDE = `http://127.0.0.1:${outside.port}`

const dataDir = mkdtempSync(join(tmpdir(), 'mcpdir-ops-'))
const env = {
  PROBE: 'off',
  DEMO_CATALOG: '0',
  OUTBOUND_ALLOW_PRIVATE: '1',
  GITHUB_API_URL: OUTSIDE,
  NPM_REGISTRY_URL: OUTSIDE,
  PYPI_URL: `${OUTSIDE}/pypi`,
  RATE_LIMIT_PER_MINUTE: '40',
  OPERATOR_TOKEN: '',
  SERVER_SECRET: '',
}
let dir: Awaited<ReturnType<typeof startAllInOne>>

/** Runs a script beside the directory: same DATA_DIR, no OPERATOR_TOKEN, PORT unset. */
async function script(args: string[]) {
  const child = Bun.spawn(['bun', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, OPERATOR_TOKEN: '', PORT: '', LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), 240_000)
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  clearTimeout(timer)
  return { stdout, stderr, code }
}

const total = async (base: string) =>
  ((await (await fetch(`${base}/api/v1/search?limit=1`)).json()) as { total: number }).total
/** Active listings, walking every page of a browse: each server's hit and the other listings it names. */
async function listed(base: string): Promise<number> {
  let n = 0
  let cursor = ''
  for (;;) {
    const page = (await (await fetch(`${base}/api/v1/search?limit=100${cursor}`)).json()) as {
      servers: { alsoListedAs: string[] }[]
      nextCursor: string | null
    }
    for (const s of page.servers) n += 1 + s.alsoListedAs.length
    if (!page.nextCursor) return n
    cursor = `&cursor=${page.nextCursor}`
  }
}
const searchTotal = async (base: string, q: string) =>
  ((await (await fetch(`${base}/api/v1/search?q=${q}&limit=1`)).json()) as { total: number }).total

beforeAll(async () => {
  // A lock left by a process that is gone (a crash) does not keep the directory from starting.
  writeFileSync(
    join(dataDir, 'directory.lock'),
    JSON.stringify({ pid: 2 ** 22 + 12345, what: 'the directory', url: 'http://127.0.0.1:1', tokenKept: true }),
  )
  dir = await startAllInOne(env, { dataDir })
}, 120_000)
afterAll(async () => {
  await dir?.stop()
  outside.stop(true)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('all-in-one operations', () => {
  let operatorToken = ''

  test('DEMO_CATALOG=0: an empty directory; the operator token is printed once and kept in DATA_DIR', async () => {
    expect(await searchTotal(dir.base, 'github')).toBe(0)
    const kept = readFileSync(join(dataDir, 'operator-token'), 'utf8').trim()
    expect(kept).toMatch(/^mcpdir_op_/)
    expect(statSync(join(dataDir, 'operator-token')).mode & 0o077).toBe(0)
    const out = dir.output.join('')
    expect(out.split('Operator token').length - 1).toBe(1)
    expect(out).toContain(kept)
    operatorToken = kept
  })

  test('a second directory on the same DATA_DIR refuses to start, in one line', async () => {
    const child = Bun.spawn(['bun', 'gateway/src/all-in-one.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: dataDir, PORT: String(freePort()) },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [stderr, code] = await Promise.all([new Response(child.stderr).text(), child.exited])
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toHaveLength(1)
    expect(stderr).toContain(`in use by the directory (pid `)
    expect(stderr).toContain(`http://127.0.0.1:${dir.port}`)
    expect(await total(dir.base)).toBe(0) // the running one is untouched
  }, 60_000)

  test('bun run import beside the running directory goes through its API, with the kept token', async () => {
    const r = await script(['scripts/import.ts', OFFICIAL])
    expect(r.stderr).toContain(`importing through http://127.0.0.1:${dir.port}`)
    expect(r.code).toBe(0)
    const created = Number(/(\d+) created/.exec(r.stdout)?.[1])
    expect(created).toBeGreaterThan(1000)
    expect(await listed(dir.base)).toBe(created)
    // A listing the prober would reach at once if it were on: its endpoint, repository and package are the stand-in.
    const probeMe = {
      name: 'io.test/probe-me',
      description: 'A server the prober would check',
      version: '1.0.0',
      repository: { url: 'https://github.com/acme/probe-me', source: 'github' },
      remotes: [{ type: 'streamable-http', url: `${OUTSIDE}/mcp` }],
      packages: [{ registryType: 'npm', identifier: 'probe-me', version: '1.0.0', transport: { type: 'stdio' } }],
    }
    expect((await importThroughApi(dir.base, operatorToken, [probeMe])).created).toBe(1)
  }, 300_000)

  test('migrate refuses beside the running directory, in one line; admin goes through its API', async () => {
    const migrate = await script(['scripts/migrate.ts'])
    expect(migrate.code).toBe(1)
    expect(migrate.stderr.trim().split('\n')).toHaveLength(1)
    expect(migrate.stderr).toContain('in use by the directory')
    const list = await script(['scripts/admin.ts', 'list', '--status', 'active', '--limit', '1'])
    expect(list.stderr).toBe('')
    expect(list.code).toBe(0)
    expect(list.stdout).toMatch(/^\d+ active listings/)
  }, 120_000)

  test('PROBE=off: nothing reaches the outside', async () => {
    await Bun.sleep(3000)
    expect(requests).toBe(0)
  })

  test('after a restart the directory is loaded, keeps its token and prints none', async () => {
    const before = await total(dir.base)
    await dir.stop()
    dir = await startAllInOne(env, { dataDir, port: dir.port })
    expect(await total(dir.base)).toBe(before)
    expect(dir.output.join('')).not.toContain('Operator token')
    const res = await fetch(`${dir.base}/api/v1/admin/listings?status=active&limit=1`, {
      headers: { authorization: `Bearer ${operatorToken}` },
    })
    expect(res.status).toBe(200)
    expect(requests).toBe(0)
  }, 180_000)

  test('pages answer browsers in HTML: 404 and 429, while favicon.ico and robots.txt are served and never limited', async () => {
    const html = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8' }
    const missing = await fetch(`${dir.base}/no-such-page`, { headers: html })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('content-type')).toStartWith('text/html')
    expect(await missing.text()).toContain('Not found')
    const api404 = await fetch(`${dir.base}/no-such-page`)
    expect(api404.status).toBe(404)
    expect(((await api404.json()) as { error: string }).error).toBe('not_found')
    let limited: Response | null = null
    for (let i = 0; i < 200 && !limited; i++) {
      const res = await fetch(`${dir.base}/`, { headers: html })
      if (res.status === 429) limited = res
      else await res.arrayBuffer()
    }
    expect(limited).not.toBeNull()
    expect(limited!.headers.get('content-type')).toStartWith('text/html')
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await limited!.text()).toContain('Too many requests')
    // An API client past the same limit keeps its JSON Error object.
    const json = await fetch(`${dir.base}/api/v1/search?q=github`)
    expect(json.status).toBe(429)
    expect(((await json.json()) as { error: string }).error).toBe('rate_limited')
    const icon = await fetch(`${dir.base}/favicon.ico`, { headers: html })
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    expect(await icon.text()).toContain('<svg')
    const robots = await fetch(`${dir.base}/robots.txt`)
    expect(robots.status).toBe(200)
    expect(robots.headers.get('content-type')).toStartWith('text/plain')
    expect(await robots.text()).toContain('User-agent: *')
  }, 60_000)
})
