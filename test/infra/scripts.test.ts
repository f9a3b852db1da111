// Every script as its user meets it: `--help` answers at once, a mistake is one line (no stack trace) with exit
// status 2, and nothing starts (no stack, no database, no loop) before the arguments are known to be good.
import { describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')

/** Every script a user runs, as `bun <file>` (package.json's scripts call the same files). */
const SCRIPTS: Record<string, string> = {
  start: 'gateway/src/all-in-one.ts',
  import: 'scripts/import.ts',
  admin: 'scripts/admin.ts',
  'db:migrate': 'scripts/migrate.ts',
  'db:empty-cluster': 'scripts/empty-cluster.ts',
  stack: 'scripts/stack.ts',
  soak: 'scripts/soak.ts',
  footprint: 'scripts/footprint.ts',
  'sandbox:rate': 'services/sandbox/src/rate.ts',
  'sandbox:coverage': 'services/sandbox/src/coverage-run.ts',
  'test:faults': 'test/faults/run.ts',
  'test:fuzz': 'test/fuzz/run.ts',
  bench: 'bench/load.ts',
  'bench:quality': 'bench/quality.ts',
}

async function run(args: string[], env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'mcpdir-scripts-'))
  try {
    const child = Bun.spawn(['bun', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    // A script that does not exit quickly started something it should not have.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    const [stdout, stderr, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ])
    clearTimeout(timer)
    return { code, stdout, stderr }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** One line on stderr, naming the script, and no stack trace. */
function expectOneLine(stderr: string, name: string) {
  const lines = stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toStartWith(`bun run ${name}`)
  expect(stderr).not.toMatch(/^\s+at /m)
}

describe('every script: --help', () => {
  for (const [name, file] of Object.entries(SCRIPTS)) {
    test(`${name} --help prints its usage and exits 0`, async () => {
      const r = await run([file, '--help'])
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' })
      expect(r.stdout).toStartWith(`usage: bun run ${name}`)
    })
  }
})

describe('every script: a wrong argument is one line and exit 2', () => {
  const cases: [string, string[]][] = [
    ['import', []],
    ['import', ['a.json', 'b.json']],
    ['import', ['a.json', '--api', 'ftp://example.com']],
    ['admin', ['frobnicate']],
    ['admin', ['list', '--limit', 'abc']],
    ['admin', ['list', '--status', 'sleeping']],
    ['admin', ['approve']],
    ['admin', ['sandbox', 'extra']],
    ['db:migrate', ['now']],
    ['db:empty-cluster', ['--out', 'x']],
    ['stack', ['--replicas', 'catalog=x']],
    ['stack', ['--replicas', 'nosuch=2']],
    ['soak', ['--seconds', 'abc']],
    ['soak', ['--rate', '0']],
    ['start', ['--port', '5000']],
    ['footprint', ['--after', '0']],
    ['footprint', ['--after', '90', '--idle', '60']],
    ['sandbox:rate', ['--bogus']],
    ['sandbox:rate', ['--starts', '100000000']],
    ['sandbox:rate', ['--concurrency', '0']],
    ['sandbox:rate', ['--package', '../../etc/passwd']],
    ['sandbox:coverage', ['--minutes', '0']],
    ['sandbox:coverage', ['--per-hour', 'fast']],
    ['sandbox:coverage', ['--bogus']],
    ['test:faults', ['--shrt']],
    ['test:fuzz', ['--runs', 'abc']],
    ['test:fuzz', ['--seed', '-1x']],
    ['bench', ['--seconds', 'forever']],
    ['bench:quality', ['--verbos']],
  ]
  for (const [name, args] of cases) {
    test(`${name} ${args.join(' ') || '(nothing)'}`, async () => {
      const r = await run([SCRIPTS[name]!, ...args])
      expect(r.code).toBe(2)
      expectOneLine(r.stderr, name)
      expect(r.stderr).toContain('--help')
    })
  }
  test('bench BENCH_SECONDS=abc', async () => {
    const r = await run([SCRIPTS.bench!], { BENCH_SECONDS: 'abc' })
    expect(r.code).toBe(2)
    expectOneLine(r.stderr, 'bench')
  })
})

describe('import: a missing or malformed file is one line', () => {
  test('missing file', async () => {
    const r = await run([SCRIPTS.import!, 'no-such-file.json'])
    expect(r.code).toBe(1)
    expectOneLine(r.stderr, 'import')
    expect(r.stderr).toContain('no such file')
  })
  test('not JSON, and JSON of the wrong shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpdir-import-'))
    try {
      writeFileSync(join(dir, 'broken.json'), '[{"name": ')
      writeFileSync(join(dir, 'shape.json'), '{"items": []}')
      const broken = await run([SCRIPTS.import!, join(dir, 'broken.json')])
      expect(broken.code).toBe(1)
      expectOneLine(broken.stderr, 'import')
      expect(broken.stderr).toContain('is not JSON')
      const shape = await run([SCRIPTS.import!, join(dir, 'shape.json')])
      expect(shape.code).toBe(1)
      expectOneLine(shape.stderr, 'import')
      expect(shape.stderr).toContain('"servers" array')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})

describe('a bad environment is one line naming the variable', () => {
  test('PORT=abc bun run start', async () => {
    const r = await run(['gateway/src/all-in-one.ts'], { PORT: 'abc' })
    expect(r.code).toBe(2)
    const lines = r.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('PORT')
    expect(r.stderr).not.toMatch(/^\s+at /m)
  })
  test('PORT=abc bun run import', async () => {
    const r = await run([SCRIPTS.import!, 'x.json'], { PORT: 'abc' })
    expect(r.code).toBe(2)
    expectOneLine(r.stderr, 'import')
    expect(r.stderr).toContain('PORT')
  })
})
