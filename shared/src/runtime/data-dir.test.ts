import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DataDirBusyError, keptOperatorToken, lockDataDir, readKeptOperatorToken, runningDirectory } from './data-dir'

const dirs: string[] = []
const fresh = () => {
  const d = mkdtempSync(join(tmpdir(), 'mcpdir-lock-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})
const holder = { what: 'the directory', url: 'http://127.0.0.1:3000', tokenKept: true }

describe('DATA_DIR lock', () => {
  test('one holder: a live holder refuses the next, release frees it', () => {
    const dir = fresh()
    const release = lockDataDir(dir, holder)
    expect(JSON.parse(readFileSync(join(dir, 'directory.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
      url: holder.url,
    })
    // Another live process holds it (the parent stands in for a running directory).
    writeFileSync(join(dir, 'directory.lock'), JSON.stringify({ pid: process.ppid, ...holder }))
    expect(runningDirectory(dir)).toMatchObject({ pid: process.ppid, url: holder.url })
    expect(() => lockDataDir(dir, holder)).toThrow(DataDirBusyError)
    expect(() => lockDataDir(dir, holder)).toThrow(`pid ${process.ppid}`)
    release() // not ours any more: left alone
    expect(existsSync(join(dir, 'directory.lock'))).toBe(true)
  })

  test('a lock left by a process that is gone is taken over, and released', () => {
    const dir = fresh()
    writeFileSync(join(dir, 'directory.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, ...holder }))
    expect(runningDirectory(dir)).toBeNull()
    const release = lockDataDir(dir, { what: 'bun run import', url: null, tokenKept: false })
    expect(JSON.parse(readFileSync(join(dir, 'directory.lock'), 'utf8')).pid).toBe(process.pid)
    release()
    expect(existsSync(join(dir, 'directory.lock'))).toBe(false)
  })
})

describe('the kept operator token', () => {
  test('made once, readable by its owner only, then read back; OPERATOR_TOKEN wins', () => {
    const dir = fresh()
    const first = keptOperatorToken({ dataDir: dir, operatorToken: null })
    expect(first.generated).toBe(true)
    expect(statSync(join(dir, 'operator-token')).mode & 0o077).toBe(0)
    const again = keptOperatorToken({ dataDir: dir, operatorToken: null })
    expect(again).toEqual({ token: first.token, generated: false, kept: true })
    expect(readKeptOperatorToken(dir)).toBe(first.token)
    expect(keptOperatorToken({ dataDir: dir, operatorToken: 'from-the-environment-0123' })).toEqual({
      token: 'from-the-environment-0123',
      generated: false,
      kept: false,
    })
  })
})
