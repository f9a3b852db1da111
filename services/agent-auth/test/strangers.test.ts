// Codes a stranger cannot lock, against the real PostgreSQL, Redis, NATS and an SMTP sink. Clients are told apart
// by the address the gateway names (x-directory-client-ip); the clock is the service's own, moved by the test.
import { describe, expect, test } from 'bun:test'
import { sql } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import { testConfig } from '@mcp-directory/shared/testing'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createGatewayApp } from '../../../gateway/src/app'
import {
  LOCK_MS,
  MAX_CONFIRM_ATTEMPTS,
  MAX_FAILED_PER_ADDRESS,
  MAX_LIVE_CODES,
  MAX_WRONG_PER_CLIENT,
  MAX_WRONG_PER_DAY,
  THROTTLE_AFTER,
} from '../src/codes/code'
import { agentAuthHarness } from './harness'

const log = createLogger('agent-auth', 'silent')
const h = agentAuthHarness({ log, secret: 'strangers-test-secret-0123456789abcdef', mailPerRecipientPerHour: 100 })
const { run, register, confirm, codeFrom, wrongFor, tick } = h

describe('a stranger cannot lock an address', () => {
  test("two registrations and ten wrong codes from four clients: the victim's live code and registration still work", async () => {
    const email = `victim-${run}@example.com`
    const victim = '203.0.113.10'
    const strangers = ['198.51.100.1', '198.51.100.2', '2001:db8:1::1', '2001:db8:2::1']
    const victims = await codeFrom(email, victim)
    // The stranger registers the victim's address too (the code goes to the victim) …
    const strangersCode = await codeFrom(email, strangers[0]!)
    const known = [victims, strangersCode]
    // … then sends ten wrong codes from four clients, as fast as it can.
    const statuses: number[] = []
    for (let i = 0; i < 10; i++)
      statuses.push((await confirm(email, wrongFor(known, i), strangers[i % strangers.length]!)).status)
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true)
    // The victim's code was never spent by them, and the victim can still register from their own client …
    const [row] = await h.backing.database.rows<{ attempts: number }>(
      sql`select attempts from agent_auth.codes where client_key is not null and email = ${email} order by created_at limit 1`,
    )
    expect(row?.attempts).toBe(0)
    expect((await register(email, victim)).status).toBe(200)
    // … and the live code they got first still gives them a token, with their own scopes.
    const ok = await confirm(email, victims, victim)
    expect(ok.status).toBe(200)
    expect((await ok.json()).scopes).toEqual(['listings:claim'])
  })

  test('a client sending wrong codes for someone else is slowed, then refused for 24 hours; the owner is not', async () => {
    const email = `slowed-${run}@example.com`
    const owner = '203.0.113.20'
    const stranger = '198.51.100.20'
    const code = await codeFrom(email, owner)
    const results: { status: number; reason?: string; retryAfter: string | null }[] = []
    const attempt = async (i: number) => {
      const res = await confirm(email, wrongFor([code], i), stranger)
      const body = await res.json()
      results.push({
        status: res.status,
        reason: body.details?.[0]?.reason,
        retryAfter: res.headers.get('retry-after'),
      })
    }
    for (let i = 0; i < THROTTLE_AFTER; i++) await attempt(i)
    expect(results.map((r) => r.status)).toEqual(Array(THROTTLE_AFTER).fill(400))
    // At once again: slowed, with how long to wait; the early try is not counted.
    await attempt(THROTTLE_AFTER)
    expect(results.at(-1)).toMatchObject({ status: 429, retryAfter: '1' })
    // Waiting as told, the client may go on until its allowance for this address is spent …
    for (let i = THROTTLE_AFTER; i < MAX_WRONG_PER_CLIENT; i++) {
      tick(61_000)
      await attempt(100 + i)
      expect(results.at(-1)!.status).toBe(400)
    }
    tick(61_000)
    await attempt(200)
    expect(results.at(-1)).toMatchObject({ status: 400, reason: 'client_locked' })
    // … then it is refused even with the right code, for 24 hours.
    const right = await confirm(email, code, stranger)
    expect((await right.json()).details[0].reason).toBe('client_locked')
    // The owner's code was never touched, and the owner confirms from their own client.
    const ok = await confirm(email, code, owner)
    expect(ok.status).toBe(200)
    // A day later the stranger starts again with a full allowance (nothing left to guess, so it hears `missing`).
    tick(LOCK_MS + 1000)
    expect((await (await confirm(email, '000000', stranger)).json()).details[0].reason).toBe('missing')
  })

  test("only the owner's own client spends its code: strangers' wrong tries never kill it", async () => {
    const email = `survives-${run}@example.com`
    const owner = '203.0.113.30'
    const code = await codeFrom(email, owner)
    // Twice a code's allowance of wrong tries, from two clients, within the code's life.
    for (let i = 0; i < MAX_CONFIRM_ATTEMPTS * 2; i++) {
      tick(20_000)
      expect((await confirm(email, wrongFor([code], i), `198.51.100.${40 + (i % 2)}`)).status).toBe(400)
    }
    const ok = await confirm(email, code, owner)
    expect(ok.status).toBe(200)
  })

  test('the address is guarded after its daily cap: strangers are refused, the owner registers and confirms', async () => {
    const email = `guarded-${run}@example.com`
    const owner = '203.0.113.50'
    const sink = h.backing.sink
    const first = await codeFrom(email, owner)
    const before = sink.messages.length
    // Enough clients to spend the address's whole allowance, none of them slowed.
    for (let sent = 0; sent < MAX_WRONG_PER_DAY; sent++) {
      const res = await confirm(email, wrongFor([first], sent), `198.51.100.${100 + Math.floor(sent / THROTTLE_AFTER)}`)
      expect(res.status).toBe(400)
    }
    const fresh = await confirm(email, wrongFor([first], 999), '198.51.100.250')
    expect(fresh.status).toBe(400)
    expect((await fresh.json()).details[0]).toMatchObject({ field: 'email', reason: 'address_guarded' })
    // The owner is told once; their own client still confirms the code it asked for.
    await h.app.flush()
    expect(sink.messages.slice(before).filter((m) => m.to.includes(email))).toHaveLength(1)
    expect((await confirm(email, first, owner)).status).toBe(200)
    // And registering again from their own client works too, with one try for the new code.
    const second = await codeFrom(email, owner)
    expect((await confirm(email, second, owner)).status).toBe(200)
  })
})

describe("NIST's bound stays", () => {
  test('100 wrong tries in all stop every confirmation until the window ends; a stranger needs 70 registrations for it', async () => {
    const email = `bound-${run}@example.com`
    const owner = '203.0.113.60'
    const attacker = '198.51.100.60'
    await codeFrom(email, owner)
    for (let sent = 0; sent < MAX_WRONG_PER_DAY; sent++)
      await confirm(email, wrongFor([], sent), `198.51.100.${100 + Math.floor(sent / THROTTLE_AFTER)}`)
    // Guarded: the attacker gets one try per code it registers, each a code mailed to the owner.
    let registrations = 0
    for (let failed = MAX_WRONG_PER_DAY; failed < MAX_FAILED_PER_ADDRESS; failed++) {
      if (registrations % MAX_LIVE_CODES === 0) tick(11 * 60_000) // the live codes expire
      expect((await register(email, attacker)).status).toBe(200)
      registrations++
      const res = await confirm(email, wrongFor([], failed), attacker)
      expect(res.status).toBe(400)
    }
    expect(registrations).toBe(MAX_FAILED_PER_ADDRESS - MAX_WRONG_PER_DAY)
    // Now nothing is accepted, not even the owner's right code, until the window ends.
    tick(11 * 60_000)
    const code = await codeFrom(email, owner)
    const locked = await confirm(email, code, owner)
    expect((await locked.json()).details[0].reason).toBe('address_locked')
    tick(LOCK_MS + 1000)
    const again = await codeFrom(email, owner)
    expect((await confirm(email, again, owner)).status).toBe(200)
  })
})

describe('through the gateway', () => {
  test("four clients behind a trusted proxy: each is told apart, a forged client header is ignored, the victim's code works", async () => {
    const config = testConfig({
      PUBLIC_BASE_URL: 'http://dir.test',
      TRUST_PROXY_HOPS: '1',
      RATE_LIMIT_WRITE_PER_HOUR: '10000',
    })
    const gateway = createGatewayApp({
      config,
      log,
      kv: h.backing.kv,
      bus: h.backing.bus,
      operatorToken: 'strangers-operator-token-0123456789',
      upstreams: { 'agent-auth': inProcessUpstream('agent-auth', (r) => h.app.app.handle(r)) },
    })
    try {
      const email = `gateway-${run}@example.com`
      const victim = '203.0.113.80'
      // The proxy in front appends the client's address; the gateway reads that hop, and strips x-directory-*.
      const via = (client: string, path: string, body: unknown, extra: Record<string, string> = {}) =>
        gateway.app.handle(
          new Request(`http://localhost${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': client, ...extra },
            body: JSON.stringify(body),
          }),
        )
      const sink = h.backing.sink
      await h.app.flush()
      const before = sink.messages.length
      expect((await via(victim, '/api/v1/agent/register', { email })).status).toBe(200)
      let code = ''
      for (let i = 0; !code && i < 500; i++) {
        code =
          sink.messages
            .slice(before)
            .find((m) => m.to.includes(email))
            ?.raw.match(/code is (\d{6})/)?.[1] ?? ''
        if (!code) await Bun.sleep(20)
      }
      const strangers = ['198.51.100.81', '198.51.100.82', '2001:db8:81::1', '2001:db8:82::1']
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        // One of them claims to be the victim's client in the header only the gateway may set.
        const forged: Record<string, string> = i === 0 ? { [CLIENT_IP_HEADER]: victim } : {}
        const res = await via(
          strangers[i % 4]!,
          '/api/v1/agent/register/confirm',
          { email, code: wrongFor([code], i) },
          forged,
        )
        statuses.push(res.status)
      }
      // Three wrong tries each, then slowed: nobody was let past its allowance, nobody killed the victim's code.
      expect(statuses.filter((s) => s === 400)).toHaveLength(12)
      const [row] = await h.backing.database.rows<{ attempts: number }>(
        sql`select attempts from agent_auth.codes where email = ${email}`,
      )
      expect(row?.attempts).toBe(0) // the forged header did not make a stranger the victim's own client
      expect((await via(victim, '/api/v1/agent/register', { email })).status).toBe(200)
      expect((await via(victim, '/api/v1/agent/register/confirm', { email, code })).status).toBe(200)
    } finally {
      await gateway.close()
    }
  })
})
