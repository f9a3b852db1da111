// The mail helpers every sender shares: the canonical address of the per-address counts, the per-recipient cap
// (against the real Redis) and the quoting of someone else's text in plain-text mail.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { createMemoryStore, createRedisStore, waitForStore } from '../src/kv'
import { createLogger } from '../src/log'
import { canonicalEmail, createRecipientCap, quoteForMail, recipientKey } from '../src/mail'
import { runToken } from '../src/testing'

const log = createLogger('test', 'silent')

describe('canonicalEmail', () => {
  test.each([
    ['Victim@Example.com', 'victim@example.com'],
    ['  victim+1@example.com ', 'victim@example.com'],
    ['victim+a+b@example.com', 'victim@example.com'],
    ['v.i.c.t.i.m+x@gmail.com', 'victim@gmail.com'],
    ['V.ictim@GoogleMail.com', 'victim@gmail.com'],
    // Dots matter elsewhere; a bare +tag keeps its local part; no @ stays as it is.
    ['first.last@example.com', 'first.last@example.com'],
    ['+tag@example.com', '+tag@example.com'],
    ['...@gmail.com', '...@gmail.com'],
    ['not-an-address', 'not-an-address'],
  ])('%s → %s', (input, out) => expect(canonicalEmail(input)).toBe(out))

  const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/)
  const domain = fc.constantFrom('example.com', 'gmail.com', 'googlemail.com', 'mail.example.org')
  // Variants a provider delivers to the same mailbox: case, a +tag, and (on Gmail) dots anywhere.
  const variant = fc.record({
    local,
    domain,
    tag: fc.option(fc.stringMatching(/^[a-z0-9.+-]{0,12}$/)),
    upper: fc.array(fc.boolean(), { maxLength: 40 }),
    dots: fc.array(fc.nat(20), { maxLength: 3 }),
  })

  test('property: idempotent, and every spelling of one mailbox shares the canonical form', () => {
    fc.assert(
      fc.property(variant, ({ local: l, domain: d, tag, upper, dots }) => {
        const base = `${l}@${d}`
        const canon = canonicalEmail(base)
        expect(canonicalEmail(canon)).toBe(canon)
        let spelled = l
        if (d.endsWith('gmail.com'))
          for (const at of dots)
            spelled = `${spelled.slice(0, at % (spelled.length + 1))}.${spelled.slice(at % (spelled.length + 1))}`
        if (tag !== null) spelled = `${spelled}+${tag}`
        const mixed = [...`${spelled}@${d === 'gmail.com' ? 'googlemail.com' : d}`]
          .map((c, i) => (upper[i] ? c.toUpperCase() : c))
          .join('')
        if (!spelled.replaceAll('.', '').length) return
        expect(canonicalEmail(mixed)).toBe(canonicalEmail(`${spelled}@${d}`))
        if (!d.endsWith('gmail.com') || l.replaceAll('.', '')) expect(canonicalEmail(mixed)).toBe(canon)
      }),
    )
  })
  test('property: addresses that differ beyond case, tags and Gmail dots stay apart', () => {
    fc.assert(
      fc.property(local, local, (a, b) => {
        fc.pre(a.replaceAll('.', '') !== b.replaceAll('.', '') && !a.includes('+') && !b.includes('+'))
        expect(canonicalEmail(`${a}@example.com`)).not.toBe(canonicalEmail(`${b}@example.com`))
        expect(canonicalEmail(`${a}@gmail.com`)).not.toBe(canonicalEmail(`${b}@gmail.com`))
        expect(canonicalEmail(`${a}@example.com`)).not.toBe(canonicalEmail(`${a}@example.org`))
      }),
    )
  })
})

describe('per-recipient cap', () => {
  const redis = createRedisStore({
    url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    keyPrefix: `test:${runToken()}:`,
  })
  beforeAll(async () => expect(await waitForStore(redis)).toBe(true))
  afterAll(() => redis.close())

  test('two senders on one store share one hourly allowance per canonical recipient', async () => {
    const a = createRecipientCap({ kv: redis, secret: 's'.repeat(32), log, perHour: 3 })
    const b = createRecipientCap({ kv: redis, secret: 's'.repeat(32), log, perHour: 3 })
    const to = `cap-${runToken()}@gmail.com`
    const results = [
      await a.admit(to),
      await b.admit(to.replace('@', '+x@')),
      await a.admit(to.replace('cap-', 'c.a.p-').toUpperCase()),
    ]
    expect(results.every((r) => r.allowed)).toBe(true)
    const refused = await b.admit(to)
    expect(refused.allowed).toBe(false)
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(3000)
    expect((await a.admit(`other-${to}`)).allowed).toBe(true)
    // The store holds no address.
    expect(recipientKey('s'.repeat(32), to)).not.toContain('cap-')
    await a.close()
    await b.close()
  })

  test('with the store down the cap still holds, per process', async () => {
    const down = createRedisStore({ url: 'redis://127.0.0.1:1', commandTimeoutMs: 100 })
    const cap = createRecipientCap({ kv: down, secret: 's'.repeat(32), log, perHour: 2 })
    const got = []
    for (let i = 0; i < 3; i++) got.push((await cap.admit('x@example.com')).allowed)
    expect(got).toEqual([true, true, false])
    await cap.close()
    await down.close()
  })

  test('counts are atomic under parallel sends', async () => {
    const cap = createRecipientCap({ kv: createMemoryStore(), secret: 's'.repeat(32), log, perHour: 5 })
    const all = await Promise.all(Array.from({ length: 20 }, () => cap.admit('p@example.com')))
    expect(all.filter((r) => r.allowed)).toHaveLength(5)
    await cap.close()
  })
})

describe('quoteForMail', () => {
  test('names are one quoted line with no link, control or invisible character', () => {
    expect(quoteForMail('Acme "DB" tool')).toBe('"Acme \\"DB\\" tool"')
    expect(quoteForMail('Visit https://evil.example/x now')).toBe('"Visit https[:]//evil[.]example/x now"')
    expect(quoteForMail('mail admin@evil.example')).toBe('"mail admin[at]evil[.]example"')
    expect(quoteForMail('evil\uff0eexample\uff1a//x')).toBe('"evil[.]example[:]//x"')
    expect(quoteForMail('a\r\nSubject: x\u202e\u200b b')).toBe('"a Subject: x b"')
    expect(quoteForMail('<a href="javascript:x">y</a>')).toBe('"<a href=\\"javascript:x\\">y</a>"')
    expect([...JSON.parse(quoteForMail('x'.repeat(500)))].length).toBe(120)
  })
  test('property: always one JSON string on one line, without a scheme separator, @ or a dotted host', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        const q = quoteForMail(s)
        expect(q).not.toMatch(/[\r\n\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b-\u200f]/)
        expect(typeof JSON.parse(q)).toBe('string')
        const inner = JSON.parse(q) as string
        expect(inner).not.toContain('://')
        expect(inner).not.toContain('@')
        expect(inner).not.toMatch(/[\p{L}\p{N}]\.[\p{L}\p{N}]/u)
      }),
    )
  })
})
