import { expect, test } from 'bun:test'
import { createMemoryQueue } from './memory'

test('the in-process queue: once per listing and round, at most `concurrency` at once', async () => {
  const q = createMemoryQueue()
  const jobs = Array.from({ length: 12 }, (_, i) => ({ listingId: `l${i}`, round: 7, reason: 'round' as const }))
  expect(await q.enqueue(jobs)).toEqual({ queued: 12, duplicates: 0 })
  expect(await q.enqueue(jobs.slice(0, 5).map((j) => ({ ...j, reason: 'event' as const })))).toEqual({
    queued: 0,
    duplicates: 5,
  })
  expect(await q.enqueue([{ listingId: 'l0', round: 8, reason: 'round' }])).toEqual({ queued: 1, duplicates: 0 })
  const seen: string[] = []
  let now = 0
  let max = 0
  const stop = await q.consume(async (job) => {
    max = Math.max(max, ++now)
    await Bun.sleep(5)
    seen.push(`${job.listingId}:${job.round}`)
    now--
    return 'done'
  }, 3)
  const until = Date.now() + 5000
  while (seen.length < 13 && Date.now() < until) await Bun.sleep(10)
  await stop()
  await q.close()
  expect(seen.sort()).toEqual([...jobs.map((j) => `${j.listingId}:7`), 'l0:8'].sort())
  expect(max).toBeLessThanOrEqual(3)
  expect(await q.pending()).toBe(0)
})
