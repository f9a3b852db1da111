import { describe, expect, test } from 'bun:test'
import { t } from 'elysia'
import { createLogger } from '../log'
import { jsonBody } from '../http'
import { serviceApp } from '.'

const log = createLogger('test', 'silent')
const app = serviceApp('test', 'http://localhost', log)
  .get('/q', ({ query }) => query, {
    query: t.Object({
      limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: 20 })),
      transport: t.Optional(t.Union([t.Literal('stdio'), t.Literal('remote')])),
    }),
  })
  .post('/b', ({ body }) => body, {
    body: t.Object({
      name: t.String({ minLength: 1, maxLength: 5 }),
      tags: t.Optional(t.Array(t.String(), { maxItems: 1 })),
    }),
  })

const get = async (path: string) => {
  const res = await app.handle(new Request(`http://localhost${path}`))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('a route model is the validation, and its failures are the API Error object', () => {
  test('a query parameter outside its model is invalid_parameter naming it', async () => {
    expect((await get('/q?limit=5')).body).toEqual({ limit: 5 })
    expect(await get('/q')).toEqual({ status: 200, body: { limit: 20 } })
    for (const bad of ['abc', '1.5', ' 5', '1e1', '0', '101', '']) {
      const r = await get(`/q?limit=${encodeURIComponent(bad)}`)
      expect(r.status).toBe(400)
      expect(r.body.error).toBe('invalid_parameter')
      expect([bad, r.body.details]).toEqual([
        bad,
        [{ parameter: 'limit', message: 'must be an integer from 1 to 100' }],
      ])
    }
    const t1 = await get('/q?transport=x')
    expect(t1.body.details).toEqual([{ parameter: 'transport', message: 'must be one of "stdio", "remote"' }])
  })

  test('a declared parameter given twice is refused; an undeclared one is left alone', async () => {
    const r = await get('/q?limit=5&limit=6')
    expect(r.status).toBe(400)
    expect(r.body.details).toEqual([{ parameter: 'limit', message: 'must be given at most once' }])
    expect((await get('/q?v=1&v=2')).status).toBe(200)
  })

  test('a body outside its model is invalid_body naming each field', async () => {
    const res = await app.handle(
      new Request('http://localhost/b', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tags: [1, 'a'] }),
      }),
    )
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: string; details: { field: string; message: string }[] }
    expect(body.error).toBe('invalid_body')
    expect(body.details).toContainEqual({ field: 'name', message: 'required' })
    expect(body.details).toContainEqual({ field: 'tags', message: 'at most 1 items' })
    expect(body.details).toContainEqual({ field: 'tags[0]', message: 'must be a string' })
  })

  test('a nullable group names its own fields; a union with its own message is one problem', async () => {
    const nullable = serviceApp('test', 'http://localhost', log).post('/n', ({ body }) => body, {
      body: t.Object({
        group: t.Optional(t.Union([t.Object({ size: t.Integer(), name: t.String() }), t.Null()])),
        whole: t.Optional(t.Union([t.Object({ size: t.Integer() }), t.Null()], { error: 'must be null or { size }' })),
      }),
    })
    const post = async (body: unknown) => {
      const res = await nullable.handle(
        new Request('http://localhost/n', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
      return { status: res.status, body: (await res.json()) as { details?: unknown } }
    }
    expect((await post({ group: null, whole: null })).status).toBe(200)
    const bad = await post({ group: { size: 'x', name: 'a' }, whole: { size: 'x' } })
    expect(bad.status).toBe(400)
    expect(bad.body.details).toEqual([
      { field: 'group.size', message: 'must be an integer' },
      { field: 'whole', message: 'must be null or { size }' },
    ])
  })
})

describe('jsonBody: the body a model validates is read with a bound', () => {
  const bounded = serviceApp('test', 'http://localhost', log).post('/b', ({ body }) => body, {
    parse: jsonBody(64),
    body: t.Object({ name: t.String() }),
  })
  const post = (body: string, type = 'application/json') =>
    bounded.handle(new Request('http://localhost/b', { method: 'POST', headers: { 'content-type': type }, body }))

  test('a body within the bound reaches the model; a larger one is 413, malformed JSON 400', async () => {
    expect(await (await post('{"name":"a"}')).json()).toEqual({ name: 'a' })
    expect((await post(JSON.stringify({ name: 'x'.repeat(100) }))).status).toBe(413)
    const bad = await post('{')
    expect([bad.status, ((await bad.json()) as { error: string }).error]).toEqual([400, 'bad_request'])
    expect((await post('{"name":1}')).status).toBe(400)
    expect((await post('name=a', 'application/x-www-form-urlencoded')).status).toBe(400)
  })
})

describe('a body that breaks a naive summary of it', () => {
  const app = serviceApp('test', 'http://localhost', log).post('/b', ({ body }) => body, {
    parse: jsonBody(1024),
    body: t.Object({ email: t.String({ pattern: '^[a-z]+@[a-z.]+$' }) }),
  })
  test('{"toString": 0} where a string belongs is a 400 naming the field, not a 500', async () => {
    for (const raw of ['{"email":{"toString":0}}', '{"email":{"valueOf":1,"toString":{}}}', '{"toString":0}']) {
      const res = await app.handle(
        new Request('http://localhost/b', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: raw,
        }),
      )
      const body = (await res.json()) as { error: string; details: { field: string }[] }
      expect([raw, res.status, body.error, body.details[0]?.field]).toEqual([raw, 400, 'invalid_body', 'email'])
    }
  })
})
