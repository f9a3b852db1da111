// The operator's command line for import conflicts and followed upstreams: `bun run admin conflicts`,
// `accept-conflict`, `dismiss-conflict` and `upstreams` against a directory's operator API served on loopback.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { catalogUnderTest, type CatalogUnderTest } from './catalog-under-test'

const ROOT = join(import.meta.dir, '..', '..')
const TOKEN = 'cli-operator-token'
let under: CatalogUnderTest
let server: ReturnType<typeof Bun.serve>
let dataDir: string

beforeAll(async () => {
  under = await catalogUnderTest({ PUBLIC_BASE_URL: 'https://cli.example' }, TOKEN)
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => under.catalog.app.handle(r) })
  dataDir = mkdtempSync(join(tmpdir(), 'conflicts-cli-'))
  const entry = (description: string) => ({
    name: 'io.github.cli/tool',
    description,
    version: '1.0.0',
    repository: { url: 'https://github.com/cli/tool', source: 'github' },
  })
  await under.catalog.importDocument([entry('From a file import')])
  // Another origin serves the same name: kept for the operator.
  const s = await under.catalog.importDocument([entry('From elsewhere')], undefined, {
    origin: 'registry:https://x.example',
  })
  expect(s.conflicts.length).toBe(1)
}, 60_000)

afterAll(async () => {
  server?.stop(true)
  await under?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

async function admin(args: string[], token = TOKEN) {
  const child = Bun.spawn(['bun', 'scripts/admin.ts', ...args, '--api', `http://127.0.0.1:${server.port}`], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, OPERATOR_TOKEN: token, PORT: '', LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  return { stdout, stderr, code }
}

describe('bun run admin: conflicts', () => {
  test('lists the open conflicts, dismisses one, and says so in one line when refused', async () => {
    const list = await admin(['conflicts'])
    expect(list.code).toBe(0)
    expect(list.stdout).toContain('1 open conflict')
    expect(list.stdout).toContain('name  io.github.cli/tool  from registry:https://x.example')
    const id = /^(\d+) {2}name/m.exec(list.stdout)![1]
    const json = JSON.parse((await admin(['conflicts', '--json'])).stdout) as { conflicts: { id: number }[] }
    expect(json.conflicts.map((c) => String(c.id))).toEqual([id])
    const dismissed = await admin(['dismiss-conflict', id])
    expect(dismissed.code).toBe(0)
    expect(dismissed.stdout.trim()).toBe(`conflict ${id} dismissed (listing tool)`)
    const again = await admin(['dismiss-conflict', id])
    expect(again.code).not.toBe(0)
    expect(again.stderr.trim().split('\n')).toHaveLength(1)
    expect(again.stderr).toContain('409')
    const bad = await admin(['conflicts', '--state', 'nope'])
    expect(bad.code).not.toBe(0)
    expect(bad.stderr.trim().split('\n')).toHaveLength(1)
    const refused = await admin(['conflicts'], 'a-wrong-operator-token')
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('401')
  }, 60_000)

  test('upstreams prints each followed registry with whom it may replace', async () => {
    const put = await under.call(
      'PUT',
      '/api/v1/admin/registry-upstreams/trust',
      { upstream: 'https://x.example', trusts: ['import'] },
      TOKEN,
    )
    expect(put.status).toBe(200)
    const out = await admin(['upstreams'])
    expect(out.code).toBe(0)
    expect(out.stdout).toContain('https://x.example  last sync never  trusts import')
  }, 60_000)
})
