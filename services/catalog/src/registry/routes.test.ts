import { describe, expect, test } from 'bun:test'
import type { Database } from '@mcp-directory/shared/db'
import { createLogger } from '@mcp-directory/shared/log'
import { serviceApp } from '@mcp-directory/shared/service'
import { registryRoutes } from './routes'

// A refused query never reaches the database.
const database = {} as Database
const app = serviceApp('test', 'http://localhost', createLogger('test', 'silent')).use(
  registryRoutes({ database, baseUrl: 'http://localhost', namespace: 'localhost' }),
)
const get = async (path: string) => {
  const res = await app.handle(new Request(`http://localhost${path}`))
  return { status: res.status, body: (await res.json()) as { error: string; details?: unknown[] } }
}

describe('registry read API: a refused parameter answers in the registry shape', () => {
  test('error is a sentence naming the parameter, and so is its detail', async () => {
    const cases: [string, string, string][] = [
      ['limit=0', 'limit', 'limit must be an integer from 1 to 100'],
      ['limit=ten', 'limit', 'limit must be an integer from 1 to 100'],
      ['limit=5&limit=6', 'limit', 'limit must be given at most once'],
      ['include_deleted=maybe', 'include_deleted', 'include_deleted must be true or false'],
      ['search=a%00b', 'search', 'search must be at most 200 characters, without a NUL character'],
      [
        'updated_since=2025-08-07',
        'updated_since',
        'updated_since must be an RFC 3339 date-time, e.g. 2025-08-07T13:15:04.280Z',
      ],
      ['cursor=not-a-cursor!', 'cursor', 'cursor is not a cursor this registry returned'],
      [`cursor=${Buffer.from('"x"').toString('base64url')}`, 'cursor', 'cursor is not a cursor this registry returned'],
    ]
    for (const [qs, parameter, sentence] of cases) {
      const r = await get(`/v0.1/servers?${qs}`)
      expect([qs, r.status, r.body.error, r.body.details]).toEqual([
        qs,
        400,
        sentence,
        [{ parameter, message: sentence }],
      ])
    }
    const r = await get('/v0.1/servers/x/versions?include_deleted=perhaps')
    expect([r.status, r.body.error]).toEqual([400, 'include_deleted must be true or false'])
  })
})
