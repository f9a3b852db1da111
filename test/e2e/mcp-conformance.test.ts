// The official MCP conformance suite (@modelcontextprotocol/conformance, server mode) against the all-in-one
// directory at its default rate limit, once per protocol era (the scenarios each revision requires, as the suite
// freezes them: 2025-11-25 and 2026-07-28), each run a fresh directory: every scenario that applies to the directory
// passes, and every other one fails only because it asks for the suite's own fixture (test_* tools, prompts and
// resources, its diagnostic tools) or a capability the directory does not declare (logging, resource
// subscriptions). Scenarios of extensions the directory does not offer (tasks) are run by the suite but not scored
// by it, and not here either. No request is refused with 429.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAllInOne } from './processes'

/** Scenarios that test the directory's own surface (no fixture of the suite needed), per era. */
const APPLICABLE = {
  '2025-11-25': [
    'server-initialize',
    'ping',
    'tools-list',
    'resources-list',
    'prompts-list',
    'dns-rebinding-protection',
    'server-sse-multiple-streams',
    'server-session-lifecycle',
  ],
  '2026-07-28': [
    'tools-list',
    'resources-list',
    'prompts-list',
    'sep-2164-resource-not-found',
    'dns-rebinding-protection',
    'caching',
    'http-header-validation',
    'server-sse-multiple-streams',
    'input-required-result-missing-input-response',
    'input-required-result-unsupported-methods',
    'input-required-result-ignore-extra-params',
    'input-required-result-validate-input',
  ],
} as const
type Era = keyof typeof APPLICABLE

// What a scenario that does not apply fails with: the suite's fixture is missing (its test_* tools, prompts and
// resources, its diagnostic tools, and what its input-required scenarios would get from them), or the capability
// is not declared.
const NOT_APPLICABLE = new RegExp(
  [
    String.raw`(Tool|Prompt) '?(test_\w+|json_schema_2020_12_tool)'? not found`,
    'Resource not found: test://',
    'Not testable: server (does not list the diagnostic tool|exposes no tool with)',
    'Expected InputRequiredResult with inputRequests and requestState',
    'Prerequisite failed: could not get initial InputRequiredResult',
    'Method not found',
  ].join('|'),
)
// The suite's tasks extension (SEP tasks): run, not scored by the suite, not offered by the directory.
const EXTENSION = /^tasks-/

const CLI = join(import.meta.dir, '../../node_modules/@modelcontextprotocol/conformance/dist/index.js')

type Check = { name?: string; status: string; errorMessage?: string; timestamp?: string }
type Scenario = { name: string; checks: Check[] }

/** One run of the suite for an era's requirements against a fresh directory at its default rate limit. */
async function runSuite(era: Era): Promise<Scenario[]> {
  const dir = await startAllInOne({ PROBE: 'off' })
  const results = mkdtempSync(join(tmpdir(), 'mcp-conformance-'))
  try {
    // As its own users reach it: the public base URL (localhost), so browser origins it allows are its own.
    const url = `http://localhost:${dir.port}/api/mcp`
    const run = Bun.spawn(['bun', CLI, 'server', '--url', url, '--requirements', era, '-o', results], {
      stdout: 'pipe',
      stderr: 'pipe',
    })
    await run.exited
    return readdirSync(results).map((d) => ({
      name: d.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, ''),
      checks: JSON.parse(readFileSync(join(results, d, 'checks.json'), 'utf8')) as Check[],
    }))
  } finally {
    await dir.stop()
    rmSync(results, { recursive: true, force: true })
  }
}

const failures = (checks: Check[]) => checks.filter((c) => c.status === 'FAILURE').map((c) => c.errorMessage ?? '')

for (const era of Object.keys(APPLICABLE) as Era[]) {
  describe(`the conformance suite's ${era} requirements`, () => {
    let all: Scenario[] = []
    beforeAll(async () => {
      all = await runSuite(era)
    }, 240_000)
    afterAll(() => {
      all = []
    })

    test('every applicable scenario passes', () => {
      expect(all.length).toBeGreaterThanOrEqual(30)
      for (const name of APPLICABLE[era]) {
        const s = all.find((x) => x.name === name)
        expect({ name, failures: s ? failures(s.checks) : ['not run'] }).toEqual({ name, failures: [] })
      }
    })

    test('every other scenario fails only for the suite’s own fixture or an undeclared capability', () => {
      const others = all.filter((x) => !(APPLICABLE[era] as readonly string[]).includes(x.name))
      for (const s of others.filter((x) => !EXTENSION.test(x.name))) {
        const unexplained = failures(s.checks).filter((m) => !NOT_APPLICABLE.test(m))
        expect({ name: s.name, unexplained }).toEqual({ name: s.name, unexplained: [] })
      }
    })

    test('no request was refused with 429', () => {
      // What the suite reports of each check (its messages, and the responses it logs), without its timestamps: a
      // millisecond field of 429 is not a refusal, nor is a RateLimit-* header name.
      const reported = JSON.stringify(all.map((s) => s.checks.map(({ timestamp: _, ...rest }) => rest)))
      expect(reported).not.toMatch(/"status(Code)?":\s*429|HTTP 429|rate_limited|too many requests/i)
    })
  })
}
