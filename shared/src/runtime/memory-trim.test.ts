import { expect, test } from 'bun:test'
import { trimCheck } from './memory-trim'

const MiB = 1024 * 1024

/** Runs a trimmer's checks over these resident sizes (the first is its start) and returns where it trimmed. */
function trimsOver(sizes: number[]): number[] {
  let at = 0
  const trims: number[] = []
  const check = trimCheck({ growthBytes: 8 * MiB, rss: () => sizes[at]! * MiB, release: () => trims.push(at) })
  for (at = 1; at < sizes.length; at++) check()
  return trims
}

test('a trim once the memory grew past the bound, the next bound from where the trim settled', () => {
  // +4 (no trim), +10 (trim), settled at 205, +10 over that (trim), settled at 212, +6 (no trim).
  expect(trimsOver([200, 204, 210, 205, 209, 215, 212, 218])).toEqual([2, 5])
})

test('no trim while the size holds or falls, and a fall lowers the bound', () => {
  expect(trimsOver([300, 300, 290, 280, 287, 287])).toEqual([])
  expect(trimsOver([300, 280, 289])).toEqual([2])
})

test('no trim while the process is busy with requests, a trim at the first quiet check', () => {
  const sizes = [200, 220, 230, 240, 240]
  const answered = [0, 500, 1000, 1050, 1050]
  let at = 0
  const trims: number[] = []
  const check = trimCheck({
    growthBytes: 8 * MiB,
    rss: () => sizes[at]! * MiB,
    release: () => trims.push(at),
    requests: () => answered[at]!,
    busyRequests: 100,
  })
  for (at = 1; at < sizes.length; at++) check()
  // 500 and 500 answered: busy; 50 at the third check is quiet, and the memory grew 40 MiB since the start.
  expect(trims).toEqual([3])
})

test('the runtime still has the call that releases free pages', () => {
  expect(typeof (Bun as { shrink?: unknown }).shrink).toBe('function')
})
