import { describe, expect, test } from 'bun:test'
import { Elysia, t } from 'elysia'
import { anySegment, defineContract, err } from '../contracts/endpoint'
import { jsonBody } from '../http'
import { createLogger } from '../log'
import { mount, serviceApp } from '.'

const TOKEN = 'operator-token-for-tests'
const Done = t.Object({ done: t.Boolean() })
const operator = { service: 'catalog', tag: 'operator', limit: null, auth: 'operator' } as const
const answers = { 200: { description: 'Done', type: 'application/json', schema: Done }, 401: err('Operator') } as const

const withBody = defineContract({
  ...operator,
  method: 'POST',
  path: '/things/:id',
  operationId: 'changeThing',
  summary: 'Change a thing',
  params: t.Object({ id: t.String({ maxLength: 5, description: 'Thing id' }) }),
  body: t.Object({ reason: t.String({ maxLength: 3 }) }),
  responses: answers,
})
// Its body read by Elysia's own parser.
const plainBody = defineContract({ ...withBody, path: '/plain', operationId: 'changePlain', params: undefined })
const withQuery = defineContract({
  ...operator,
  method: 'GET',
  path: '/things',
  operationId: 'listThings',
  summary: 'List things',
  query: t.Object({ limit: t.Optional(t.Numeric({ maximum: 10 })) }),
  responses: answers,
})
const anyId = defineContract({
  ...operator,
  auth: null,
  method: 'GET',
  path: '/any/:id',
  operationId: 'readAny',
  summary: 'Read anything',
  params: t.Object({ id: anySegment('Anything') }),
  responses: { 200: { description: 'What the id decoded to', type: 'application/json', schema: t.Unknown() } },
})

const bodiesRead: string[] = []
const readBody = jsonBody(64)
// The routes sit in a plugin of a plugin, as a service's resources do: the token is set once, on the service app.
const resources = new Elysia().use(
  new Elysia()
    .use(
      mount(withBody, () => ({ done: true }), {
        parse: (ctx: { request: Request }) => {
          bodiesRead.push(ctx.request.url)
          return readBody(ctx)
        },
      }),
    )
    .use(mount(plainBody, () => ({ done: true })))
    .use(mount(withQuery, () => ({ done: true })))
    .use(mount(anyId, ({ params }) => ({ id: params.id }))),
)
const log = createLogger('test', 'silent')
const app = serviceApp('test', 'http://dir.test', log, { operatorToken: TOKEN }).use(resources)
const tokenless = serviceApp('test', 'http://dir.test', log).use(resources)

const post = (path: string, body: string, token?: string, on = app) =>
  on.handle(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    }),
  )
const get = (path: string, token?: string, on = app) =>
  on.handle(new Request(`http://localhost${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }))

async function expectOperatorRefusal(res: Response) {
  expect(res.status).toBe(401)
  expect(res.headers.get('www-authenticate')).toBe('Bearer realm="operator"')
  expect(await res.json()).toMatchObject({ error: 'unauthorized', message: 'Operator authentication required' })
}

describe("a contract's operator guard, enforced by mount", () => {
  test('the token set once on the service app lets a route of a nested plugin through', async () => {
    expect(await (await post('/things/a', '{"reason":"ok"}', TOKEN)).json()).toEqual({ done: true })
    expect(await (await get('/things?limit=3', TOKEN)).json()).toEqual({ done: true })
  })

  test('without the token, or with another, the 401 Error object with its Bearer challenge', async () => {
    await expectOperatorRefusal(await post('/things/a', '{"reason":"ok"}'))
    await expectOperatorRefusal(await post('/things/a', '{"reason":"ok"}', `${TOKEN}x`))
    await expectOperatorRefusal(await get('/things'))
  })

  test('the guard runs before the body is read and before any model: a bad request without the token is a 401', async () => {
    bodiesRead.length = 0
    await expectOperatorRefusal(await post('/things/a', 'x'.repeat(10_000)))
    await expectOperatorRefusal(await post('/things/a', '{not json'))
    await expectOperatorRefusal(await post('/things/a', '{"reason":"too long"}'))
    await expectOperatorRefusal(await post('/things/far-too-long-an-id', '{"reason":"ok"}'))
    await expectOperatorRefusal(await post('/things/%', '{"reason":"ok"}'))
    await expectOperatorRefusal(await get('/things?limit=99'))
    expect(bodiesRead).toEqual([])
    await expectOperatorRefusal(await post('/plain', '{not json'))
    await expectOperatorRefusal(await post('/plain', '{"reason":"too long"}'))
    expect(await (await post('/plain', '{"reason":"ok"}', TOKEN)).json()).toEqual({ done: true })
  })

  test('with the token, the models still refuse what they refused', async () => {
    expect((await post('/things/a', 'x'.repeat(10_000), TOKEN)).status).toBe(413)
    expect((await post('/things/a', '{"reason":"too long"}', TOKEN)).status).toBe(400)
    expect((await get('/things?limit=99', TOKEN)).status).toBe(400)
  })

  test('a service app given no token refuses every operator request', async () => {
    await expectOperatorRefusal(await post('/things/a', '{"reason":"ok"}', TOKEN, tokenless))
    await expectOperatorRefusal(await get('/things', 'undefined', tokenless))
  })
})

describe("a contract's path model, validated by mount", () => {
  test('a parameter out of its bounds, or one that does not decode, is refused', async () => {
    for (const id of ['far-too-long-an-id', '%', '%zz']) {
      const res = await post(`/things/${id}`, '{"reason":"ok"}', TOKEN)
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ error: 'invalid_parameter' })
    }
  })

  test('a parameter taken as any segment reaches the handler as it decodes (null when it does not)', async () => {
    expect(await (await get('/any/a%2Fb')).json()).toEqual({ id: 'a/b' })
    expect(await (await get(`/any/${'x'.repeat(500)}`)).json()).toEqual({ id: 'x'.repeat(500) })
    expect(await (await get('/any/%')).json()).toEqual({ id: null })
  })
})
