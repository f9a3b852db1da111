// A token revoked while a gateway's introspection of it is in flight: the token.revoked event finds nothing cached to
// drop yet, and the answer (active, read before the revocation) arrives after it. That answer must not be cached, or
// the revoked token would open every route for the cache's 30 s.
import { expect, test } from 'bun:test'
import { mintAgentToken } from '@mcp-directory/shared/agent-tokens'
import { createMemoryBus } from '@mcp-directory/shared/bus'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createBearerAuth } from '../src/plugins/auth'

test('an introspection answered across a revocation is not cached as active', async () => {
  const bus = createMemoryBus()
  const kv = createMemoryStore()
  const token = mintAgentToken()
  let revoked = false
  let release!: () => void
  const held = new Promise<void>((r) => {
    release = r
  })
  let asked = 0
  // agent-auth: the first introspection reads the row (active) and answers late; later ones read the revocation.
  const agentAuth = inProcessUpstream('agent-auth', async () => {
    asked++
    const active = !revoked
    if (asked === 1) await held
    return Response.json(
      active
        ? {
            active: true,
            tokenId: 'tok_race',
            agentId: 'agt_race',
            scopes: ['listings:claim'],
            expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
          }
        : { active: false },
    )
  })
  const auth = createBearerAuth({
    baseUrl: 'http://dir.test',
    kv,
    log: createLogger('test', 'silent'),
    agentAuth,
    bus,
    timeoutMs: 5000,
  })
  await Bun.sleep(20)
  const request = () =>
    new Request('http://dir.test/api/v1/agent/me', { headers: { authorization: `Bearer ${token}` } })
  const first = auth.authenticate(request(), null)
  await Bun.sleep(20)
  // The owner revokes the token; agent-auth commits and publishes token.revoked, which this gateway handles.
  revoked = true
  await bus.publish('token.revoked', { tokenId: 'tok_race', at: new Date().toISOString() }, 'revoke-race-1')
  await Bun.sleep(100)
  release()
  await first
  // After the revocation and its event: the token is refused.
  const later = await auth.authenticate(request(), null)
  await auth.close()
  await bus.close()
  await kv.close()
  expect(later.ok).toBe(false)
})
