// The tree stays formatted and lint-clean (Biome, `biome.json`): the check `bun run check` runs first, here too so
// CI fails on a change that skipped it. A function over 60 lines or a file over 300 lines says why it stays whole.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const BIOME = join(ROOT, 'node_modules/.bin/biome')

describe('code style', () => {
  test('biome ci: every file formatted, no lint finding', () => {
    const run = Bun.spawnSync([BIOME, 'ci', '--max-diagnostics=20', '.'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
    const out = `${run.stdout.toString()}${run.stderr.toString()}`
    expect(run.exitCode, out).toBe(0)
  })

  test('a product file over 300 lines opens with a comment saying why it stays whole', () => {
    const files = Bun.spawnSync(['git', 'ls-files', '*.ts'], { cwd: ROOT }).stdout.toString().trim().split('\n')
    const product = files.filter((f) => /^(gateway|services\/[^/]+|shared)\/src\//.test(f) && !f.endsWith('.test.ts'))
    const long = product.filter((f) => readFileSync(join(ROOT, f), 'utf8').split('\n').length > 300)
    const unexplained = long.filter((f) => !/^(\/\/| \*) Over 300 lines/m.test(readFileSync(join(ROOT, f), 'utf8')))
    expect(unexplained).toEqual([])
  })
})
