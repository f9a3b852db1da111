// How the service bounds a box as a whole, and when it refuses to start boxes at all.
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync } from 'node:fs'
import { boxRefusal } from '../src/app'
import { boxCgroup, detectBoxLimits, sweepCgroups } from '../src/run/boxlimits'
import { classifySpec } from '../src/run/resolve'

describe('whole-box limits', () => {
  test('SANDBOX_BOX_LIMITS=cgroup without a cgroup: refused, saying why; per process otherwise allowed', () => {
    const none = { kind: 'per-process' as const, why: 'no cgroup here' }
    expect(boxRefusal(none, { SANDBOX_BOX_LIMITS: 'cgroup' })).toBe('SANDBOX_BOX_LIMITS=cgroup, but no cgroup here')
    expect(boxRefusal(none, {})).toBeNull()
  })

  test('a SANDBOX_CGROUP that cannot be used is said so', () => {
    const mode = detectBoxLimits({ SANDBOX_CGROUP: '/nonexistent/cgroup' })
    expect(mode).toEqual({ kind: 'per-process', why: 'SANDBOX_CGROUP /nonexistent/cgroup is not usable' })
  })

  test('on this machine a box gets a cgroup of its own with its memory and process bounds, removed after', () => {
    const mode = detectBoxLimits({})
    expect(mode.kind === 'per-process' ? mode.why : mode.kind).toMatch(/^cgroup/)
    const cg = boxCgroup(mode, 64 * 1024 * 1024, 16)!
    const argv = cg.wrap(['cat', '/proc/self/cgroup'])
    const out = Bun.spawnSync(argv).stdout.toString()
    expect(out).toMatch(/mcp-sandbox-\d+-\d+/)
    expect(cg.oomKilled()).toBe(false)
    // Where the box was, by controller ("4:memory:/…/mcp-sandbox-1-1"): gone after.
    const dirs = out
      .split('\n')
      .filter((l) => l.includes('mcp-sandbox-'))
      .map((l) => {
        const [, controllers, path] = l.split(':')
        return controllers ? `/sys/fs/cgroup/${controllers.split(',')[0]}${path}` : `/sys/fs/cgroup${path}`
      })
    expect(dirs.length).toBeGreaterThan(0)
    expect(dirs.some((d) => existsSync(d))).toBe(true)
    cg.destroy()
    expect(dirs.filter((d) => existsSync(d))).toEqual([])
  })
})

test("a killed service's box cgroups are swept at the next start", () => {
  const mode = detectBoxLimits({})
  if (mode.kind === 'per-process') throw new Error(mode.why)
  // A pid no process has (above the kernel's pid_max default of 2^22).
  const dirs = mode.kind === 'cgroup2' ? [mode.parent] : [mode.memory, mode.pids]
  for (const d of dirs) mkdirSync(`${d}/mcp-sandbox-9999999-1`)
  expect(sweepCgroups(mode)).toBeGreaterThanOrEqual(dirs.length)
  for (const d of dirs) expect(existsSync(`${d}/mcp-sandbox-9999999-1`)).toBe(false)
})

describe('dependency specs', () => {
  test.each([
    ['^1.2.3', true],
    ['>=1 <3 || 4.x', true],
    ['latest', true],
    ['', true],
    ['npm:other@^2', true],
    ['file:../x', false],
    ['git+ssh://git@host/x.git', false],
    ['https://host/x.tgz', false],
    ['user/repo', false],
    ['npm:other@file:/etc', false],
    ['workspace:^', false],
    ['link:.', false],
  ])('%s is a registry version: %s', (spec, ok) => {
    expect('refused' in classifySpec('dep', spec)).toBe(!ok)
  })
})
