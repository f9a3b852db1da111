// Revoking every token of an agent is done by one of its live tokens. A token revoked while such a request is under
// way (its agent revoked a leaked token) must not go on to revoke the agent's other tokens: on the real PostgreSQL,
// with the token's row held by the revocation that wins.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { hashAgentToken, mintAgentToken } from '@mcp-directory/shared/agent-tokens'
import { agents, agentTokens, eq, openDatabase, runMigrations, type Database } from '@mcp-directory/shared/db'
import { createFreshDatabase, type FreshDatabase } from '@mcp-directory/shared/testing'
import { revokeAll } from '../src/tokens/service'

let fresh: FreshDatabase
let database: Database
let other: Database

beforeAll(async () => {
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  other = await openDatabase({ url: fresh.url })
  await runMigrations(database)
})
afterAll(async () => {
  await other?.close()
  await database?.close()
  await fresh?.drop()
})

async function agentWithTokens(n: number): Promise<string[]> {
  const agentId = `agent-${crypto.randomUUID()}`
  await database.db.insert(agents).values({ id: agentId, email: `${agentId}@example.com` })
  const tokens = Array.from({ length: n }, () => mintAgentToken())
  await database.db.insert(agentTokens).values(
    tokens.map((t) => ({
      id: `tok-${crypto.randomUUID()}`,
      tokenHash: hashAgentToken(t),
      agentId,
      scopes: ['listings:claim'],
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  )
  return tokens
}
const revokedAt = async (token: string) =>
  (
    await database.db
      .select()
      .from(agentTokens)
      .where(eq(agentTokens.tokenHash, hashAgentToken(token)))
  )[0]!.revokedAt

test('a token revoked while its revoke-all waits revokes nothing else', async () => {
  const [leaked, kept] = await agentWithTokens(2)
  let releaseLock = () => {}
  const held = new Promise<void>((resolve) => {
    releaseLock = resolve
  })
  let locked = () => {}
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve
  })
  // The agent's own revocation of the leaked token: it holds the row, then commits.
  const revocation = other.db.transaction(async (tx) => {
    await tx
      .update(agentTokens)
      .set({ revokedAt: new Date() })
      .where(eq(agentTokens.tokenHash, hashAgentToken(leaked!)))
    locked()
    await held
  })
  await isLocked
  // The leaked token's revoke-all arrives meanwhile, and waits on the row.
  const revokeAllByLeaked = revokeAll(database, leaked!)
  await Bun.sleep(200)
  releaseLock()
  await revocation
  expect(await revokeAllByLeaked).toBeNull()
  expect(await revokedAt(kept!)).toBeNull()
})

test('a live token revokes itself and every other live token of its agent, each once', async () => {
  const [first, second, third] = await agentWithTokens(3)
  const ids = await revokeAll(database, first!)
  expect(ids).toHaveLength(3)
  expect(new Set(ids).size).toBe(3)
  for (const t of [first, second, third]) expect(await revokedAt(t!)).not.toBeNull()
  expect(await revokeAll(database, second!)).toBeNull()
})
