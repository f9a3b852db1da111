import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  AGENT_TOKEN_PATTERN,
  bearerChallenge,
  hashAgentToken,
  isWellFormedAgentToken,
  mintAgentToken,
  randomBase62,
  readBearer,
} from '.'

describe('agent tokens', () => {
  test('format: prefix, 30 random base62 characters, 6-character checksum; all distinct', () => {
    const seen = new Set<string>()
    for (let i = 0; i < 1000; i++) {
      const t = mintAgentToken()
      expect(t).toMatch(AGENT_TOKEN_PATTERN)
      expect(isWellFormedAgentToken(t)).toBe(true)
      seen.add(t)
    }
    expect(seen.size).toBe(1000)
    // ≥ 160 random bits.
    expect(30 * Math.log2(62)).toBeGreaterThanOrEqual(160)
  })
  test('any single-character change is refused offline (checksum)', () => {
    const t = mintAgentToken()
    fc.assert(
      fc.property(
        fc.integer({ min: 7, max: t.length - 1 }),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
        (i, c) => {
          if (t[i] === c) return
          expect(isWellFormedAgentToken(t.slice(0, i) + c + t.slice(i + 1))).toBe(false)
        },
      ),
    )
  })
  test('arbitrary strings are never well-formed by accident', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (s) => expect(isWellFormedAgentToken(s)).toBe(false)))
    expect(isWellFormedAgentToken(`${mintAgentToken()}x`)).toBe(false)
  })
  test('base62 characters are uniformly drawn', () => {
    const s = randomBase62(62_000)
    const counts = new Map<string, number>()
    for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1)
    expect(counts.size).toBe(62)
    for (const n of counts.values()) expect(Math.abs(n - 1000)).toBeLessThan(160)
  })
  test('the hash is SHA-256 hex', () => {
    expect(hashAgentToken('x')).toMatch(/^[0-9a-f]{64}$/)
  })
  test('reading credentials and building challenges from fixed strings only', () => {
    const r = (h?: string) => readBearer(new Request('http://x/', { headers: h ? { authorization: h } : {} }))
    expect(r()).toEqual({ kind: 'none' })
    expect(r('Basic abc')).toEqual({ kind: 'none' })
    expect(r('Bearer')).toEqual({ kind: 'malformed' })
    expect(r('Bearer a b')).toEqual({ kind: 'malformed' })
    expect(r('bearer abc')).toEqual({ kind: 'token', token: 'abc' })
    expect(bearerChallenge('http://b', { kind: 'missing' })).toBe(
      'Bearer realm="mcp-directory", resource_metadata="http://b/.well-known/oauth-protected-resource"',
    )
  })
})
