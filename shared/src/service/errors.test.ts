import { describe, expect, test } from 'bun:test'
import { AppError, Conflict, Forbidden, InvalidInput, NotFound } from '../errors'
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
