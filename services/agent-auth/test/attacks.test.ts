// An attacker's view of agent-auth, against the real PostgreSQL, Redis, NATS and an SMTP sink: confirmed and
// unknown addresses answer alike, spellings of one mailbox share its mail cap, a burst of guesses stays within the
// per-client cap, scopes cannot be escalated, revoke takes only its own token (or with all=1 every token of its own
// agent), and the debug log holds no secret.
import { describe, expect, test } from 'bun:test'
import { createLogger } from '@mcp-directory/shared/log'
import { MAX_WRONG_PER_CLIENT, THROTTLE_AFTER } from '../src/codes/code'
import { agentAuthHarness } from './harness'

const logLines: string[] = []
const log = createLogger('agent-auth', 'debug', { write: (s: string) => void logLines.push(s) })
const h = agentAuthHarness({ log, secret: 'attacks-test-secret-0123456789abcdef' })
const { run, post, register, confirm, codeFrom, wrongFor, tick } = h
/** An answer with what differs only by address or time left out: status, headers, body. */
async function shape(res: Response, email: string) {
  const headers: Record<string, string> = {}
  res.headers.forEach((v, k) => {
    if (k !== 'date' && k !== 'x-served-by') headers[k] = v
  })
  const text = (await res.text()).replaceAll(email.toLowerCase(), '<email>').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<t>')
  return { status: res.status, headers, text }
}

describe('enumeration', () => {
  test('register and confirm answer a confirmed address exactly as one never seen', async () => {
    const known = `known-${run}@example.com`
    const owner = '203.0.113.1'
    const code = await codeFrom(known, owner)
    expect((await confirm(known, code, owner)).status).toBe(200)
    const unknown = `unknown-${run}@example.com`
    const probe = '198.51.100.1'
    expect(await shape(await confirm(known, '000000', probe), known)).toEqual(
      await shape(await confirm(unknown, '000000', probe), unknown),
    )
    expect(await shape(await register(known, probe), known)).toEqual(
      await shape(await register(unknown, probe), unknown),
    )
  })
})

describe('spellings of one mailbox', () => {
  test('case, plus-tags, Gmail dots and googlemail.com share one mail cap; look-alikes are refused', async () => {
    const base = `Victim.Box-${run}`
    const client = '203.0.113.77'
    const spellings = [
      `${base}@gmail.com`,
      `${base.toUpperCase()}@GMAIL.COM`,
      `${base}+a@gmail.com`,
      `${base.replaceAll('.', '')}@googlemail.com`,
      `${base.replace('.', '')}+x@GMail.com`,
    ]
    for (const e of spellings) {
      expect((await register(e, client)).status).toBe(200)
      tick(11 * 60_000) // the codes expire, so only the per-recipient mail cap (5 an hour) is left to refuse
    }
    const sixth = await register(`v.ictim.box-${run}+b@googlemail.com`, client)
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/)
    for (const e of [
      `${base}@gmail.com.`,
      `\uff56ictim-${run}@gmail.com`,
      ` ${base}@gmail.com `,
      `${base}@gmail.com\n`,
    ])
      expect((await register(e, client)).status).toBe(400)
  })
})

describe('guessing', () => {
  test('a stranger sending its tries at once gets no more comparisons than tries sent one after another', async () => {
    const email = `burst-${run}@example.com`
    const code = await codeFrom(email, '203.0.113.60')
    const answers = await Promise.all(
      Array.from({ length: MAX_WRONG_PER_CLIENT + 5 }, (_, i) => confirm(email, wrongFor([code], i), '198.51.100.60')),
    )
    const reasons = await Promise.all(answers.map(async (r) => (await r.json()).details?.[0]?.reason))
    // No more comparisons than tries sent one after another get before their first wait (THROTTLE_AFTER).
    expect(reasons.filter((r) => r === 'incorrect').length).toBeLessThanOrEqual(THROTTLE_AFTER)
    // The owner's code still works.
    expect((await confirm(email, code, '203.0.113.60')).status).toBe(200)
  })
})

describe('tokens', () => {
  test('unknown, escalated or disguised scopes are refused', async () => {
    const client = '203.0.113.91'
    for (const scopes of [['listings:claim', 'admin'], ['LISTINGS:CLAIM'], [''], ['listings:*'], ['listings:claim ']]) {
      const res = await register(`scope-${run}@example.com`, client, { scopes })
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe('invalid_scope')
    }
    for (const scopes of ['listings:claim', null, [1]])
      expect((await register(`scope-${run}@example.com`, client, { scopes })).status).toBe(400)
  })

  test("revoke takes only the request's own token: another token named in the body is not revoked", async () => {
    const client = '203.0.113.92'
    const a = `rev-a-${run}@example.com`
    const b = `rev-b-${run}@example.com`
    const ta = (await (await confirm(a, await codeFrom(a, client), client)).json()).token as string
    const tb = (await (await confirm(b, await codeFrom(b, client, { scopes: [] }), client)).json()).token as string
    const introspect = async (t: string) => (await post('/internal/introspect', { token: t }, client)).json()
    const revoke = (headers: Record<string, string>, body?: unknown) =>
      h.app.app.handle(
        new Request('http://agent-auth/api/v1/agent/revoke', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      )
    expect((await revoke({}, { token: ta })).status).toBe(401)
    expect((await revoke({ 'x-directory-token-id': (await introspect(ta)).tokenId }, {})).status).toBe(401)
    expect((await revoke({ authorization: `Bearer ${tb}` }, { token: ta })).status).toBe(200)
    expect((await introspect(ta)).active).toBe(true)
    expect((await introspect(tb)).active).toBe(false)
  })
})

describe('a leaked token', () => {
  test('its owner registers again and revokes every token of the agent with all=1; another agent keeps its own', async () => {
    const client = '203.0.113.93'
    const email = `leak-${run}@example.com`
    const other = `leak-other-${run}@example.com`
    const token = async (e: string) =>
      (await (await confirm(e, await codeFrom(e, client), client)).json()).token as string
    const leaked = await token(email)
    const fresh = await token(email)
    const unrelated = await token(other)
    const introspect = async (t: string) =>
      (await (await post('/internal/introspect', { token: t }, client)).json()) as { active: boolean; agentId?: string }
    expect((await introspect(leaked)).agentId).toBe((await introspect(fresh)).agentId)
    const res = await h.app.app.handle(
      new Request('http://agent-auth/api/v1/agent/revoke?all=1', {
        method: 'POST',
        headers: { authorization: `Bearer ${fresh}` },
      }),
    )
    expect(res.status).toBe(200)
    expect(((await res.json()) as { message: string }).message).toContain('2 tokens')
    expect((await introspect(leaked)).active).toBe(false)
    expect((await introspect(fresh)).active).toBe(false)
    expect((await introspect(unrelated)).active).toBe(true)
    // Only a live token may ask: the revoked one now gets 401.
    const again = await h.app.app.handle(
      new Request('http://agent-auth/api/v1/agent/revoke?all=1', {
        method: 'POST',
        headers: { authorization: `Bearer ${leaked}` },
      }),
    )
    expect(again.status).toBe(401)
  })
})

describe('secrets in the debug log', () => {
  test('register, a wrong code, confirm and revoke log no code, no token and no address', async () => {
    const email = `Log.Victim-${run}@example.com`
    const client = '203.0.113.90'
    const from = logLines.length
    const code = await codeFrom(email, client, { agentName: 'log-bot' })
    await confirm(email, wrongFor([code]), client)
    const token = (await (await confirm(email, code, client)).json()).token as string
    expect((await post('/api/v1/agent/revoke', undefined, client, { authorization: `Bearer ${token}` })).status).toBe(
      200,
    )
    await h.app.flush()
    const lines = logLines.slice(from).join('\n')
    expect(lines).toContain('agent token minted')
    expect(lines).not.toMatch(new RegExp(`(^|[^0-9A-Za-z])${code}([^0-9A-Za-z]|$)`))
    expect(lines).not.toContain(token.slice(7))
    expect(lines.toLowerCase()).not.toContain('log.victim')
  })
})
