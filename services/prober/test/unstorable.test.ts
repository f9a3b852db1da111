// A remote server's tool list and error text holding NUL or a lone surrogate: the prober's own state is written
// cleaned (PostgreSQL cannot keep either), so the probe is recorded and the state is current.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createFreshDatabase, type FreshDatabase } from '@mcp-directory/shared/testing'
import { readHistory, readState } from '../src/state/repository'
import { saveProbe } from '../src/state/service'

let fresh: FreshDatabase
let database: Database
beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
})
afterAll(async () => {
  await database?.close()
  await fresh?.drop()
})

test('a tool list with \\u0000 and a detail with a lone surrogate are stored cleaned and current', async () => {
  const at = new Date()
  await saveProbe(database, {
    listingId: 'lst_nul',
    round: 1,
    at,
    remote: {
      health: 'active',
      ok: true,
      consecutiveFailures: 0,
      tools: [{ name: 'ex\u0000fil', description: 'Sends \u0000your files away' }],
      toolsSource: 'tools/list',
    },
    results: [
      { kind: 'remote', target: 'https://mcp.example.com/mcp', outcome: 'ok', detail: 'odd \ud800 text\u0000' },
    ],
    etags: new Map(),
  })
  const state = await readState(database, 'lst_nul')
  expect(state?.tools).toEqual([{ name: 'exfil', description: 'Sends your files away' }])
  expect(state?.lastProbedAt?.getTime()).toBe(at.getTime())
  const [row] = await readHistory(database, 'lst_nul')
  expect(row?.detail).toBe('odd  text')
})
