import { describe, expect, test } from 'bun:test'
import { isDemo, originMeans, originWords, registryHost } from './origin'

describe('origin in words', () => {
  test('each origin the catalog gives reads as people say it', () => {
    expect(originWords('submission')).toBe('Submitted')
    expect(originWords('import')).toBe('Imported by the operator')
    expect(originWords('registry:https://registry.modelcontextprotocol.io')).toBe(
      'From the registry at registry.modelcontextprotocol.io',
    )
    expect(originWords('registry:http://127.0.0.1:4310/')).toBe('From the registry at 127.0.0.1:4310')
    expect(originWords('demo')).toBe('Demo data — not a real listing')
    expect(isDemo('demo')).toBe(true)
    expect(isDemo('import')).toBe(false)
    expect(isDemo(undefined)).toBe(false)
  })

  test('an upstream base that is no URL is shown as it is; every origin has a meaning', () => {
    expect(registryHost('not a url')).toBe('not a url')
    expect(originWords('registry:not a url')).toBe('From the registry at not a url')
    for (const o of ['submission', 'import', 'demo', 'registry:https://r.example', 'something-new'])
      expect(originMeans(o).length).toBeGreaterThan(10)
  })
})
