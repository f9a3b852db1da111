import { expect, test } from 'bun:test'
import { Pacer } from '../limits'
import { createMemoryQueue, MAX_WAITING } from './memory'

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

test('jobs that never wait for I/O leave the event loop its turns: a timer runs before the queue is through', async () => {
  // Embedded PostgreSQL answers without I/O, so a probe can be all microtasks; a queue that ran them back to back
  // starved every timer of the process (the outbox relay, the index's event batches) until it was empty.
  const q = createMemoryQueue()
  const total = 2000
  await q.enqueue(Array.from({ length: total }, (_, i) => ({ listingId: `l${i}`, round: 1, reason: 'round' as const })))
  let done = 0
  let doneWhenTimerRan = -1
  setTimeout(() => {
    doneWhenTimerRan = done
  }, 0)
  const stop = await q.consume(async () => {
    await Promise.resolve()
    done++
    return 'done'
  }, 4)
  while (done < total) await Bun.sleep(1)
  await stop()
  await q.close()
  expect(doneWhenTimerRan).toBeGreaterThanOrEqual(0)
  expect(doneWhenTimerRan).toBeLessThan(total)
})

test('the queue is bounded: beyond MAX_WAITING jobs, a job is neither queued nor remembered', async () => {
  const q = createMemoryQueue()
  const jobs = Array.from({ length: MAX_WAITING + 10 }, (_, i) => ({
    listingId: `l${i}`,
    round: 3,
    reason: 'round' as const,
  }))
  expect(await q.enqueue(jobs)).toEqual({ queued: MAX_WAITING, duplicates: 0 })
  expect(await q.pending()).toBe(MAX_WAITING)
  await q.close()
})

test('the pacer always passes through a timer, so timers queued before a start run first', async () => {
  const pacer = new Pacer(1000)
  const order: string[] = []
  setTimeout(() => order.push('timer'), 0)
  await pacer.wait()
  order.push('start')
  expect(order).toEqual(['timer', 'start'])
})
