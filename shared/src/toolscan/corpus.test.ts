import { describe, expect, test } from 'bun:test'
import type { ServerTexts, ToolInfo } from '../contracts/listing'
import clean from './corpus/clean.json'
import poisoned from './corpus/poisoned.json'
import { LANGUAGES } from './signals'
import { scanTools } from './index'

interface CorpusList {
  id: string
  disguise?: string
  source: string
  tools: ToolInfo[]
  server?: ServerTexts
}
const at = '2026-01-01T00:00:00.000Z'
const level = (l: CorpusList) => scanTools(l.tools, { name: l.source.split(' ')[0]! }, at, l.server).level
const flagged = (l: CorpusList) => ['medium', 'high'].includes(level(l))

describe('the labelled corpus', () => {
  test('at least 200 clean lists, at most 2% of them at medium or above', () => {
    const lists = clean.lists as CorpusList[]
    expect(lists.length).toBeGreaterThanOrEqual(200)
    const fp = lists.filter(flagged).map((l) => l.id)
    expect(fp.length / lists.length).toBeLessThanOrEqual(0.02)
  }, 60_000)

  test('recall of at least 0.95 on the poisoned lists, every disguise caught at least once', () => {
    const lists = poisoned.lists as CorpusList[]
    const missed = lists.filter((l) => !flagged(l))
    expect(1 - missed.length / lists.length).toBeGreaterThanOrEqual(0.95)
    const disguises = new Set(lists.map((l) => l.disguise))
    for (const d of disguises)
      expect(
        lists.some((l) => l.disguise === d && flagged(l)),
        String(d),
      ).toBe(true)
  }, 60_000)

  test('the phrase corpus covers at least thirty languages, the ten first ones among them', () => {
    expect(LANGUAGES.length).toBeGreaterThanOrEqual(30)
    for (const l of [
      'de',
      'en',
      'es',
      'fr',
      'it',
      'ja',
      'ko',
      'pt',
      'ru',
      'zh',
      'tr',
      'nl',
      'pl',
      'vi',
      'hi',
      'id',
      'ar',
    ])
      expect(LANGUAGES).toContain(l)
  })
})
