import { expect, test } from 'bun:test'
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { createLogger } from '@mcp-directory/shared/log'
import { serviceApp } from '@mcp-directory/shared/service'
import fc from 'fast-check'
import { BadgeQuery } from './model'

// The model on a service app, as the badge route uses it: what the handler receives, or the 400.
const app = serviceApp('badge', 'http://localhost', createLogger('test', 'silent')).get('/b', ({ query }) => query, {
  query: BadgeQuery,
})
const read = async (params: URLSearchParams) => {
  const res = await app.handle(new Request(`http://localhost/b?${params}`))
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

test('defaults, and every allowed value', async () => {
  expect((await read(new URLSearchParams())).body).toEqual({ style: 'shield', metric: 'status', theme: 'dark' })
  for (const style of BADGE_STYLES)
    for (const metric of BADGE_METRICS)
      for (const theme of BADGE_THEMES) {
        expect((await read(new URLSearchParams({ style, metric, theme }))).body).toEqual({ style, metric, theme })
      }
})

test('property: any other value is a 400 invalid_parameter naming the parameter; unknown parameters are ignored', async () => {
  const allowed: Record<string, readonly string[]> = { style: BADGE_STYLES, metric: BADGE_METRICS, theme: BADGE_THEMES }
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('style', 'metric', 'theme'),
      fc.string(),
      fc.string(),
      async (name, value, other) => {
        fc.pre(!allowed[name].includes(value))
        const r = await read(
          new URLSearchParams([
            [name, value],
            [`x${other}`, other],
          ]),
        )
        expect(r.status).toBe(400)
        expect(r.body.error).toBe('invalid_parameter')
        expect((r.body.details as unknown[])[0]).toMatchObject({ parameter: name })
      },
    ),
  )
})
