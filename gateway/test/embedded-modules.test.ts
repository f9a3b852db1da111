// The embedded all-in-one loads no client of a service it does not use: no NATS, Redis or PostgreSQL driver, no
// SMTP client, no npm resolver (the sandbox resolves trees in a child process). Each costs resident memory for
// as long as the directory runs. Checked in a fresh process, which imports what the all-in-one imports and opens
// its embedded database, store and bus.
import { expect, test } from 'bun:test'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const NOT_LOADED = ['nats', 'ioredis', 'postgres', 'nodemailer', 'npm-pick-manifest', 'drizzle-orm/postgres-js']

const PROGRAM = `
import { loadConfig } from '@mcp-directory/shared/config'
import { openBus, openStore } from '@mcp-directory/shared/runtime'
import { openDatabase } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
await import('./gateway/src/app')
for (const m of ['agent-auth', 'badge', 'catalog', 'mcp', 'claim-verifier', 'submission', 'prober', 'sandbox', 'web'])
  await import('@mcp-directory/' + m)
await import('@mcp-directory/shared/mail')
const config = loadConfig({ DATA_DIR: 'unused' })
const db = await openDatabase({ url: 'memory://' })
const store = openStore(config)
const bus = openBus(config, createLogger('test', 'silent'))
console.log(JSON.stringify({ kinds: [db.kind, store.kind, bus.kind], loaded: Object.keys(require.cache) }))
await Promise.all([db.close(), store.close(), bus.close()])
`

test('the embedded directory loads no client of NATS, Redis, PostgreSQL or SMTP, nor npm resolver', async () => {
  const proc = Bun.spawn(['bun', '-e', PROGRAM], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PATH: process.env.PATH },
  })
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  expect(err).toBe('')
  expect(code).toBe(0)
  const { kinds, loaded } = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as { kinds: string[]; loaded: string[] }
  expect(kinds).toEqual(['pglite', 'memory', 'memory'])
  // The check itself can fail: the catalog is among what was loaded.
  expect(loaded.some((p) => p.includes('/services/catalog/src/'))).toBe(true)
  const packages = new Set(loaded.map((p) => /node_modules\/((?:@[^/]+\/)?[^/]+(?:\/postgres-js)?)/.exec(p)?.[1]))
  expect(NOT_LOADED.filter((name) => packages.has(name))).toEqual([])
})
