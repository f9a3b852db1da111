import { describe, expect, test } from 'bun:test'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { adminSessionStoreKey, createAdminSessions } from './admin-sessions'

const SECRET = 'admin-sessions-test-secret-0123456789'
const TOKEN = 'operator-token-0123456789abcdef'

describe('admin sessions', () => {
  test('a session opens with its id only; the store holds the id’s hash and the token sealed', async () => {
    const kv = createMemoryStore()
    const sessions = createAdminSessions({ kv, secret: SECRET, ttlSeconds: 60 })
    const id = await sessions.start(TOKEN)
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await sessions.open(id)).toEqual({ id, operatorToken: TOKEN })
    const stored = (await kv.get(adminSessionStoreKey(id)))!
    expect(stored).not.toContain(TOKEN)
    expect(adminSessionStoreKey(id)).not.toContain(id)
    // Another SERVER_SECRET, an altered value, a malformed or unknown id: nothing opens.
    expect(await createAdminSessions({ kv, secret: `${SECRET}-other`, ttlSeconds: 60 }).open(id)).toBeNull()
    await kv.set(adminSessionStoreKey(id), stored.slice(0, -2) + (stored.endsWith('AA') ? 'BB' : 'AA'), 60)
    expect(await sessions.open(id)).toBeNull()
    for (const bad of [null, '', 'short', `${id}x`, 'A'.repeat(43), TOKEN]) expect(await sessions.open(bad)).toBeNull()
    await kv.close()
  })

  test('a session ends on sign-out and on expiry', async () => {
    const kv = createMemoryStore()
    const sessions = createAdminSessions({ kv, secret: SECRET, ttlSeconds: 1 })
    const a = await sessions.start(TOKEN)
    const b = await sessions.start(TOKEN)
    await sessions.end(a)
    expect(await sessions.open(a)).toBeNull()
    expect(await sessions.open(b)).not.toBeNull()
    await Bun.sleep(1100)
    expect(await sessions.open(b)).toBeNull()
    await kv.close()
  })
})
