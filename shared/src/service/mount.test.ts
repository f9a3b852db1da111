import { describe, expect, test } from 'bun:test'
import { t } from 'elysia'
import { defineContract, err } from '../contracts/endpoint'
import { ErrorModel } from '../contracts/models'
import { NotFound } from '../errors'
import { createLogger } from '../log'
import { mount, Refused, serviceApp } from '.'

const Held = t.Object({ ...ErrorModel.properties, holder: t.Object({ id: t.String() }) })
const create = defineContract({
  service: 'catalog',
  tag: 'internal',
  limit: null,
  auth: null,
  hidden: true,
  method: 'POST',
  path: '/things/:id',
  operationId: 'createThing',
  summary: 'Create a thing',
  responses: {
    201: { description: 'Created', type: 'application/json', schema: t.Object({ id: t.String() }) },
    404: err('No such thing'),
    409: { description: 'Held', type: 'application/json', schema: Held },
  },
})

const app = serviceApp('test', 'http://dir.test', createLogger('test', 'silent')).use(
  mount(create, ({ params }) => {
    if (params.id === 'held')
      return new Refused(409, { error: 'conflict', message: 'Held by acme', holder: { id: 'acme' } })
    if (params.id === 'gone') throw new NotFound('Thing')
    return { id: params.id }
  }),
)
const post = (id: string) => app.handle(new Request(`http://localhost/things/${id}`, { method: 'POST' }))

describe('mount answers what the contract declares', () => {
  test('a success answers its own status and model', async () => {
    const res = await post('new')
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ id: 'new' })
  })

  test('a refusal the contract declares with a model is answered with it', async () => {
    const res = await post('held')
    expect(res.status).toBe(409)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await res.json()).toEqual({ error: 'conflict', message: 'Held by acme', holder: { id: 'acme' } })
  })

  test('a thrown domain error is answered by the one mapper', async () => {
    const res = await post('gone')
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ error: 'not_found', message: 'Thing not found' })
  })
})
