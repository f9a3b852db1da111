import { describe, expect, test } from 'bun:test'
import {
  AppError,
  Conflict,
  Forbidden,
  InvalidClaimLink,
  InvalidCode,
  InvalidInput,
  isRefusal,
  NotFound,
  RateLimited,
  StaleCursor,
  TooManyAttempts,
  Unauthenticated,
  Unavailable,
  UnknownCategory,
  UnsupportedScope,
  VerificationFailed,
} from '.'

describe('domain errors are plain facts', () => {
  test('they carry no status or address, and read as sentences in logs', () => {
    const held = new Conflict({
      field: 'url',
      existingId: 'acme',
      message: (page) => `Already listed as acme (${page})`,
    })
    expect(held.message).toBe('Already listed as acme (listing acme)')
    expect(held.facts).toMatchObject({ field: 'url', existingId: 'acme' })
    expect(new NotFound('Listing').message).toBe('Listing not found')
    expect(new NotFound().what).toBe('Resource')
    expect('status' in new Forbidden('no')).toBe(false)
    expect(new InvalidInput('url bad', { field: 'url', message: 'bad' }).details).toEqual([
      {
        field: 'url',
        message: 'bad',
      },
    ])
  })

  test('an InvalidInput names one field or many, or none', () => {
    const many = [
      { field: 'name', message: 'too long' },
      { field: 'url', message: 'bad' },
    ]
    expect(new InvalidInput('two problems', many).details).toEqual(many)
    expect(new InvalidInput('merged into itself').details).toBeUndefined()
  })

  test('who asks and how often: facts such as the credential to present and the seconds to wait', () => {
    expect(new Unauthenticated('token required', 'Bearer').scheme).toBe('Bearer')
    expect(new Unauthenticated('agent token required').scheme).toBeUndefined()
    expect(new RateLimited('slow down', 7).retryAfterSeconds).toBe(7)
    expect(new Unavailable('GitHub did not answer').retryAfterSeconds).toBeUndefined()
    expect(new InvalidClaimLink('not valid').message).toBe('not valid')
  })

  test('codes, scopes, categories, cursors and proofs carry what their details are written from', () => {
    const until = new Date('2030-01-01T00:00:00Z')
    expect(new InvalidCode('incorrect', 'Incorrect code', 0)).toMatchObject({
      reason: 'incorrect',
      attemptsRemaining: 0,
    })
    expect(
      new TooManyAttempts('locked', { field: 'email', reason: 'address_locked', lockedUntil: until }).facts,
    ).toEqual({ field: 'email', reason: 'address_locked', lockedUntil: until })
    expect(new UnsupportedScope('Unsupported scope', ['admin']).scopes).toEqual(['admin'])
    expect(new UnknownCategory('Unknown category "x"').detail).toBeUndefined()
    expect(new StaleCursor().message).toStartWith('The catalog changed too much')
    const checks = [{ where: 'TXT records', found: 'nothing', ok: false }]
    expect(new VerificationFailed('not verified', checks).checks).toBe(checks)
    for (const err of [new StaleCursor(), new RateLimited('x', 1), new VerificationFailed('x', [])]) {
      expect(isRefusal(err)).toBe(true)
      expect('status' in err).toBe(false)
    }
  })

  test('refusals (domain or HTTP) are told apart from failures of the server', () => {
    expect(isRefusal(new NotFound())).toBe(true)
    expect(isRefusal(new Conflict({ message: 'x' }))).toBe(true)
    expect(isRefusal(new AppError(400, 'bad_request', 'x'))).toBe(true)
    expect(isRefusal(new Error('x'))).toBe(false)
    expect(isRefusal('x')).toBe(false)
  })
})
