// Two stacks on one NATS (a test run, a staging copy beside the real one) keep their events apart: each takes its
// JetStream stream, subject prefix and Redis prefix from its database's name unless they are set.
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { connect } from 'nats'
import { createNatsBus } from '@mcp-directory/shared/bus'
import { loadConfig } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { deleteStream, runToken, TEST_SERVICES } from '@mcp-directory/shared/testing'
import { STACK_BACKING, stackDefaults } from '../../scripts/stack-runner'

const ROOT = join(import.meta.dir, '..', '..')
const token = runToken()
const databaseUrl = (name: string) => `postgres://postgres@127.0.0.1:5432/${name}`
const first = stackDefaults({ DATABASE_URL: databaseUrl(`mcpdir_stack_a_${token}`), NATS_URL: TEST_SERVICES.nats })
const second = stackDefaults({ DATABASE_URL: databaseUrl(`mcpdir_stack_b_${token}`), NATS_URL: TEST_SERVICES.nats })
afterAll(async () => {
  await deleteStream(first.NATS_STREAM!)
  await deleteStream(second.NATS_STREAM!)
})

describe('stack defaults', () => {
  test('the local services, and a stream, subjects and Redis prefix named after the database', () => {
    expect(stackDefaults({})).toEqual({
      ...STACK_BACKING,
      NATS_STREAM: 'MCP_DIRECTORY',
      EVENT_SUBJECT_PREFIX: 'mcp_directory',
      REDIS_KEY_PREFIX: 'mcp_directory:',
    })
    expect(first.NATS_STREAM).not.toBe(second.NATS_STREAM)
    expect(first.EVENT_SUBJECT_PREFIX).not.toBe(second.EVENT_SUBJECT_PREFIX)
    expect(first.REDIS_KEY_PREFIX).not.toBe(second.REDIS_KEY_PREFIX)
    // Every derived value is one the configuration accepts, whatever characters the database's name has.
    for (const name of ['mcp_directory', 'staging-2', 'db.with.dots', 'Ünïcode name'])
      expect(() => loadConfig(stackDefaults({ DATABASE_URL: databaseUrl(encodeURIComponent(name)) }))).not.toThrow()
  })

  test('a variable that is set wins', () => {
    const set = { NATS_STREAM: 'MINE', EVENT_SUBJECT_PREFIX: 'mine.events', REDIS_KEY_PREFIX: 'mine:' }
    expect(stackDefaults({ DATABASE_URL: databaseUrl('other'), ...set })).toMatchObject(set)
  })

  test('bun run stack prints them before it starts anything', async () => {
    // Nothing listens on port 9: the stack names its stream, then fails to reach PostgreSQL.
    const child = Bun.spawn(['bun', 'scripts/stack.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://postgres@127.0.0.1:9/mcpdir_printed',
        NATS_STREAM: '',
        EVENT_SUBJECT_PREFIX: '',
        REDIS_KEY_PREFIX: '',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [stdout, code] = await Promise.all([new Response(child.stdout).text(), child.exited])
    expect(code).toBe(1)
    expect(stdout).toContain('stream MCPDIR_PRINTED')
    expect(stdout).toContain('subjects mcpdir_printed.')
    expect(stdout).toContain('prefix mcpdir_printed:')
  })
})

/** A bus as a stack's process opens it, from the stack's environment. */
function busOf(env: Record<string, string>) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' })
  return createNatsBus({
    url: config.natsUrl!,
    stream: config.natsStream,
    subjectPrefix: config.eventSubjectPrefix,
    log: createLogger('test', 'silent'),
  })
}

describe('two stacks with different databases on one NATS', () => {
  test('each stream holds its own events, and each consumer receives only its own stack’s', async () => {
    const stacks = [first, second].map((env) => ({ env, bus: busOf(env), received: [] as string[] }))
    try {
      for (const s of stacks)
        await s.bus.subscribe('search-index', ['listing.imported'], async (e) => void s.received.push(e.payload.id))
      for (const [i, s] of stacks.entries())
        for (const n of [1, 2])
          await s.bus.publish(
            'listing.imported',
            { id: `stack${i}-listing${n}`, status: 'active', created: true } as never,
            `stack${i}-${n}-${token}`,
          )
      const until = Date.now() + 30_000
      while (stacks.some((s) => s.received.length < 2) && Date.now() < until) await Bun.sleep(100)
      expect(stacks.map((s) => s.received.sort())).toEqual([
        ['stack0-listing1', 'stack0-listing2'],
        ['stack1-listing1', 'stack1-listing2'],
      ])
      // The streams themselves: two of them, two messages each (neither shares nor replaced the other).
      const nc = await connect({ servers: TEST_SERVICES.nats })
      try {
        const jsm = await nc.jetstreamManager()
        for (const s of stacks) expect((await jsm.streams.info(s.env.NATS_STREAM!)).state.messages).toBe(2)
      } finally {
        await nc.close()
      }
    } finally {
      for (const s of stacks) await s.bus.close()
    }
  }, 60_000)
})
