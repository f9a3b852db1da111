// The official MCP conformance suite (@modelcontextprotocol/conformance, server mode) against the all-in-one
// directory at its default rate limit, in one run: every scenario that applies to the directory passes, and every
// other one fails only because it asks for the suite's own fixture (test_* tools, prompts and resources) or a
// capability the directory does not declare (logging, resource subscriptions). No request is refused with 429.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAllInOne } from './processes'

/** Scenarios that test the directory's own surface (no fixture of the suite needed). */
const APPLICABLE = [
  'server-initialize',
  'ping',
  'tools-list',
  'resources-list',
  'prompts-list',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
]
// What a scenario that does not apply fails with: the suite's fixture is missing, or the capability is not declared.
const NOT_APPLICABLE = /(Tool|Prompt) test_\w+ not found|Resource not found: test:\/\/|Method not found/

const CLI = join(import.meta.dir, '../../node_modules/@modelcontextprotocol/conformance/dist/index.js')
let dir: Awaited<ReturnType<typeof startAllInOne>>
let results: string

type Check = { name?: string; status: string; errorMessage?: string; timestamp?: string }
const scenarios = () =>
  readdirSync(results).map((d) => ({
    name: d.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, ''),
    checks: JSON.parse(readFileSync(join(results, d, 'checks.json'), 'utf8')) as Check[],
  }))

beforeAll(async () => {
  // The default rate limit: nothing set.
  dir = await startAllInOne({ PROBE: 'off' })
  results = mkdtempSync(join(tmpdir(), 'mcp-conformance-'))
  // As its own users reach it: the public base URL (localhost), so browser origins it allows are its own.
  const run = Bun.spawn(['bun', CLI, 'server', '--url', `http://localhost:${dir.port}/api/mcp`, '-o', results], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  await run.exited
}, 240_000)

afterAll(async () => {
  await dir?.stop()
  rmSync(results, { recursive: true, force: true })
})

test('every applicable scenario passes; the others fail only for the suite’s own fixture; no 429', () => {
  const all = scenarios()
  expect(all.length).toBeGreaterThanOrEqual(30)
  const outcome = (checks: Check[]) => checks.filter((c) => c.status === 'FAILURE').map((c) => c.errorMessage ?? '')
  for (const name of APPLICABLE) {
    const s = all.find((x) => x.name === name)
    expect({ name, failures: s ? outcome(s.checks) : ['not run'] }).toEqual({ name, failures: [] })
  }
  for (const s of all.filter((x) => !APPLICABLE.includes(x.name))) {
    const unexplained = outcome(s.checks).filter((m) => !NOT_APPLICABLE.test(m))
    expect({ name: s.name, unexplained }).toEqual({ name: s.name, unexplained: [] })
  }
  // What the suite reports of each check, without its timestamps (a millisecond field of 429 is not a refusal).
  const reported = JSON.stringify(all.map((s) => s.checks.map(({ timestamp: _, ...rest }) => rest)))
  expect(reported).not.toMatch(/\b429\b|too many requests|rate.?limit/i)
})
