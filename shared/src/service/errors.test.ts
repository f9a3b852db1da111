import { describe, expect, test } from 'bun:test'
import {
  AppError,
  Conflict,
  Forbidden,
  InvalidClaimLink,
  InvalidCode,
  InvalidInput,
  NotFound,
  RateLimited,
  StaleCursor,
  TooManyAttempts,
  Unauthenticated,
  Unavailable,
  UnknownCategory,
  UnsupportedScope,
  VerificationFailed,
} from '../errors'
import { errorAnswer } from './errors'

import { createLogger } from '../log'
import { serviceApp } from '.'

const BASE = 'http://dir.test'
const thrown: Record<string, () => Error> = {
  'not-found': () => new NotFound('Listing'),
  forbidden: () => new Forbidden("Only the listing's owner can edit it"),
  invalid: () =>
    new InvalidInput('name contains invisible characters', { field: 'name', message: 'contains invisible characters' }),
  held: () =>
    new Conflict({
      field: 'url',
      existingId: 'acme tool',
      message: (page) => `This address is already listed as acme tool (${page}); claim that listing instead`,
      reason: 'already listed as acme tool',
    }),
  state: () =>
    new Conflict({ field: 'status', current: 'active', message: 'The listing is already active', reason: 'no change' }),
  bare: () => new Conflict({ message: 'Nothing to clear' }),
  'invalid-many': () =>
    new InvalidInput('Invalid submission: name is required; url is not http(s)', [
      { field: 'name', message: 'is required' },
      { field: 'url', message: 'is not http(s)' },
    ]),
  'invalid-bare': () => new InvalidInput('A listing cannot be merged into itself'),
  'unauth-bearer': () => new Unauthenticated('A Bearer token with scope listings:claim is required', 'Bearer'),
  unauth: () => new Unauthenticated('An agent token is required to accept a listing'),
  'claim-link': () => new InvalidClaimLink('This claim link is not valid for this listing'),
  limited: () => new RateLimited('Too many wrong codes from this client; retry in 4 s', 4),
  'unavailable-retry': () => new Unavailable('Confirmation is temporarily unavailable; try again shortly', 5),
  unavailable: () => new Unavailable('GitHub did not answer; try again shortly'),
  category: () =>
    new UnknownCategory('Unknown category "x"; see /api/v1/categories for the accepted values', {
      parameter: 'category',
      value: 'x',
    }),
  'category-bare': () => new UnknownCategory('Unknown category "x"'),
  cursor: () => new StaleCursor(),
  scope: () => new UnsupportedScope('Unsupported scope; supported: a, b', ['admin', 'root']),
  'code-missing': () => new InvalidCode('missing', 'No pending code for this address; register first'),
  'code-incorrect': () =>
    new InvalidCode('incorrect', 'Incorrect code; no tries left, register again for a new one', 0),
  dead: () => new TooManyAttempts('Too many wrong codes', { field: 'code', reason: 'too_many_attempts' }),
  locked: () =>
    new TooManyAttempts('Too many wrong codes for this address', {
      field: 'email',
      reason: 'address_locked',
      lockedUntil: new Date('2030-01-02T03:04:05.000Z'),
    }),
  unverified: () =>
    new VerificationFailed('Ownership not verified by dns: TXT records: none', [
      { method: 'dns', where: 'TXT records', lookedFor: 'TXT record "x"', found: 'none', ok: false },
    ]),
  app: () => new AppError(429, 'rate_limited', 'Slow down', undefined, { 'retry-after': '3' }),
  crash: () => new Error('connection reset'),
}
const app = serviceApp('test', BASE, createLogger('test', 'silent')).get('/:kind', ({ params }) => {
  throw thrown[params.kind]()
})
const answer = async (kind: string) => {
  const res = await app.handle(new Request(`http://localhost/${kind}`))
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('retry-after') }
}
/** The whole answer: status, body as sent, and the headers the refusal sets. */
const exact = async (kind: string) => {
  const res = await app.handle(new Request(`http://localhost/${kind}`))
  const set = ['retry-after', 'www-authenticate'].flatMap((h) => (res.headers.has(h) ? [[h, res.headers.get(h)]] : []))
  return { status: res.status, body: await res.text(), headers: Object.fromEntries(set) }
}
const docs = (code: string) => `${BASE}/docs/errors#${code}`

describe('the one error mapper writes domain errors as the API Error object', () => {
  test('NotFound, Forbidden and InvalidInput: 404, 403 and 400 with their codes', async () => {
    expect(await answer('not-found')).toMatchObject({
      status: 404,
      body: { error: 'not_found', message: 'Listing not found', status: 404, docs: docs('not_found') },
    })
    expect((await answer('forbidden')).body).toEqual({
      error: 'forbidden',
      message: "Only the listing's owner can edit it",
      status: 403,
      docs: docs('forbidden'),
    })
    expect((await answer('invalid')).body).toEqual({
      error: 'invalid_body',
      message: 'name contains invisible characters',
      details: [{ field: 'name', message: 'contains invisible characters' }],
      status: 400,
      docs: docs('invalid_body'),
    })
  })

  test("a Conflict around its holder's page names it in the message and in details", async () => {
    const held = await answer('held')
    expect(held.status).toBe(409)
    expect(JSON.stringify(held.body)).toBe(
      JSON.stringify({
        error: 'conflict',
        message: `This address is already listed as acme tool (${BASE}/servers/acme%20tool); claim that listing instead`,
        status: 409,
        docs: docs('conflict'),
        details: [
          {
            field: 'url',
            existingId: 'acme tool',
            detailUrl: `${BASE}/servers/acme%20tool`,
            message: 'already listed as acme tool',
          },
        ],
      }),
    )
  })

  test('a Conflict about a state names it; one without a field has no details', async () => {
    expect((await answer('state')).body).toEqual({
      error: 'conflict',
      message: 'The listing is already active',
      details: [{ field: 'status', current: 'active', message: 'no change' }],
      status: 409,
      docs: docs('conflict'),
    })
    expect((await answer('bare')).body).toEqual({
      error: 'conflict',
      message: 'Nothing to clear',
      status: 409,
      docs: docs('conflict'),
    })
  })

  test('an AppError keeps its status and headers; anything else is a 500 that shows no cause', async () => {
    expect(await answer('app')).toMatchObject({ status: 429, body: { error: 'rate_limited' }, retryAfter: '3' })
    expect(await answer('crash')).toEqual({
      status: 500,
      body: { error: 'internal', message: 'Internal server error', status: 500, docs: docs('internal') },
      retryAfter: null,
    })
  })
})

describe('the refusals of who asks and how often', () => {
  test('Unauthenticated: 401 `unauthorized`, with a Bearer challenge when it names one', async () => {
    expect(await exact('unauth-bearer')).toEqual({
      status: 401,
      body: JSON.stringify({
        error: 'unauthorized',
        message: 'A Bearer token with scope listings:claim is required',
        status: 401,
        docs: docs('unauthorized'),
      }),
      headers: { 'www-authenticate': 'Bearer' },
    })
    expect(await exact('unauth')).toEqual({
      status: 401,
      body: JSON.stringify({
        error: 'unauthorized',
        message: 'An agent token is required to accept a listing',
        status: 401,
        docs: docs('unauthorized'),
      }),
      headers: {},
    })
  })

  test('InvalidClaimLink: 403 `invalid_claim_token`', async () => {
    expect(await exact('claim-link')).toEqual({
      status: 403,
      body: JSON.stringify({
        error: 'invalid_claim_token',
        message: 'This claim link is not valid for this listing',
        status: 403,
        docs: docs('invalid_claim_token'),
      }),
      headers: {},
    })
  })

  test('RateLimited: 429 `rate_limited` with Retry-After; Unavailable: 503, with Retry-After when it has one', async () => {
    expect(await exact('limited')).toEqual({
      status: 429,
      body: JSON.stringify({
        error: 'rate_limited',
        message: 'Too many wrong codes from this client; retry in 4 s',
        status: 429,
        docs: docs('rate_limited'),
      }),
      headers: { 'retry-after': '4' },
    })
    expect(await exact('unavailable-retry')).toEqual({
      status: 503,
      body: JSON.stringify({
        error: 'service_unavailable',
        message: 'Confirmation is temporarily unavailable; try again shortly',
        status: 503,
        docs: docs('service_unavailable'),
      }),
      headers: { 'retry-after': '5' },
    })
    expect(await exact('unavailable')).toMatchObject({ status: 503, headers: {} })
  })
})

describe('the 400s of what a request says', () => {
  const body = async (kind: string) => {
    const a = await exact(kind)
    expect(a.status).toBe(400)
    expect(a.headers).toEqual({})
    return a.body
  }

  test('InvalidInput with many fields or none; UnknownCategory with or without its detail', async () => {
    expect(await body('invalid-many')).toBe(
      JSON.stringify({
        error: 'invalid_body',
        message: 'Invalid submission: name is required; url is not http(s)',
        status: 400,
        docs: docs('invalid_body'),
        details: [
          { field: 'name', message: 'is required' },
          { field: 'url', message: 'is not http(s)' },
        ],
      }),
    )
    expect(JSON.parse(await body('invalid-bare'))).not.toHaveProperty('details')
    expect(await body('category')).toBe(
      JSON.stringify({
        error: 'unknown_category',
        message: 'Unknown category "x"; see /api/v1/categories for the accepted values',
        status: 400,
        docs: docs('unknown_category'),
        details: [{ parameter: 'category', value: 'x' }],
      }),
    )
    expect(await body('category-bare')).toBe(
      JSON.stringify({
        error: 'unknown_category',
        message: 'Unknown category "x"',
        status: 400,
        docs: docs('unknown_category'),
      }),
    )
  })

  test('StaleCursor: `cursor_expired` naming the cursor; UnsupportedScope: `invalid_scope` naming each', async () => {
    expect(await body('cursor')).toBe(
      JSON.stringify({
        error: 'cursor_expired',
        message:
          'The catalog changed too much since this walk of pages began for its order to be kept; start again from the first page (without cursor)',
        status: 400,
        docs: docs('cursor_expired'),
        details: [{ parameter: 'cursor', message: 'is older than the history the search index keeps' }],
      }),
    )
    expect(JSON.parse(await body('scope'))).toEqual({
      error: 'invalid_scope',
      message: 'Unsupported scope; supported: a, b',
      status: 400,
      docs: docs('invalid_scope'),
      details: [
        { field: 'scopes', scope: 'admin', message: 'unsupported scope' },
        { field: 'scopes', scope: 'root', message: 'unsupported scope' },
      ],
    })
  })

  test('InvalidCode: `invalid_code` with its reason and, when counted, the tries left (even none)', async () => {
    expect(JSON.parse(await body('code-missing')).details).toEqual([{ field: 'code', reason: 'missing' }])
    expect(await body('code-incorrect')).toBe(
      JSON.stringify({
        error: 'invalid_code',
        message: 'Incorrect code; no tries left, register again for a new one',
        status: 400,
        docs: docs('invalid_code'),
        details: [{ field: 'code', reason: 'incorrect', attemptsRemaining: 0 }],
      }),
    )
  })

  test('TooManyAttempts: `too_many_attempts` with the field, the reason and until when', async () => {
    expect(JSON.parse(await body('dead')).details).toEqual([{ field: 'code', reason: 'too_many_attempts' }])
    expect(await body('locked')).toBe(
      JSON.stringify({
        error: 'too_many_attempts',
        message: 'Too many wrong codes for this address',
        status: 400,
        docs: docs('too_many_attempts'),
        details: [{ field: 'email', reason: 'address_locked', lockedUntil: '2030-01-02T03:04:05.000Z' }],
      }),
    )
  })

  test('VerificationFailed: `verification_failed` listing every place checked', async () => {
    expect(await body('unverified')).toBe(
      JSON.stringify({
        error: 'verification_failed',
        message: 'Ownership not verified by dns: TXT records: none',
        status: 400,
        docs: docs('verification_failed'),
        details: [{ method: 'dns', where: 'TXT records', lookedFor: 'TXT record "x"', found: 'none', ok: false }],
      }),
    )
  })

  test('the mapper answers alike outside the app (as the registry and moderation routes call it)', () => {
    expect(errorAnswer(new RateLimited('wait', 2), BASE)).toEqual({
      status: 429,
      body: { error: 'rate_limited', message: 'wait', status: 429, docs: docs('rate_limited') },
      headers: { 'retry-after': '2' },
    })
    expect(errorAnswer('thrown string', BASE).status).toBe(500)
  })
})
