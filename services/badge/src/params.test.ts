import { expect, test } from 'bun:test'
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { AppError } from '@mcp-directory/shared/errors'
import fc from 'fast-check'
import { parseBadgeParams } from './params'

test('defaults, and every allowed value', () => {
  expect(parseBadgeParams(new URLSearchParams())).toEqual({ style: 'shield', metric: 'status', theme: 'dark' })
  for (const style of BADGE_STYLES)
    for (const metric of BADGE_METRICS)
      for (const theme of BADGE_THEMES) {
        expect(parseBadgeParams(new URLSearchParams({ style, metric, theme }))).toEqual({ style, metric, theme })
      }
})

test('property: any other value is a 400 invalid_parameter naming the parameter; unknown parameters are ignored', () => {
  const allowed: Record<string, readonly string[]> = { style: BADGE_STYLES, metric: BADGE_METRICS, theme: BADGE_THEMES }
  fc.assert(
    fc.property(fc.constantFrom('style', 'metric', 'theme'), fc.string(), fc.string(), (name, value, other) => {
      fc.pre(!allowed[name].includes(value))
      const params = new URLSearchParams([
        [name, value],
        [`x${other}`, other],
      ])
      try {
        parseBadgeParams(params)
        throw new Error('accepted')
      } catch (err) {
        expect(err).toBeInstanceOf(AppError)
        expect((err as AppError).code).toBe('invalid_parameter')
        expect((err as AppError).details?.[0]).toMatchObject({ parameter: name })
      }
    }),
  )
})
