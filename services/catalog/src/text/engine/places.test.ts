import { describe, expect, test } from 'bun:test'
import { words } from '../terms'
import { analyse } from './document'
import { countriesNamed, scopeOf } from './places'
import { SearchIndex } from './index'
import { testDocument } from './test-documents'

const named = (text: string) => countriesNamed(words(text))
const scope = (text: string) => scopeOf(words(text))

describe('countries a text names', () => {
  test('names, demonyms and the short forms people write', () => {
    expect(named('Korean weather forecasts')).toEqual(['KR'])
    expect(named('Real-time Hong Kong bus arrivals')).toEqual(['HK'])
    expect(named('Indian stock market data')).toEqual(['IN'])
    expect(named('Stock data for India and Sri Lanka')).toEqual(['IN', 'LK'])
    expect(named('Rail times in the UK and the USA')).toEqual(['GB', 'US'])
    expect(named('Chinese A-shares')).toEqual(['CN'])
  })
  test('words that mostly mean something else are not places', () => {
    expect(named('A Swiss army knife for files')).toEqual([])
    expect(named('Polish your prose')).toEqual([])
    expect(named('Route through the Kong gateway to a Slack channel')).toEqual([])
    expect(named('Deploy droplets on DigitalOcean in the Western region')).toEqual([])
  })
  test('a listing naming one or two countries is scoped to them; more, or English beside them, is not', () => {
    expect(scope('Swiss court decisions')).toEqual(['CH'])
    expect(scope('Weather for Japan, Korea, China and Taiwan')).toEqual([])
    expect(scope('Translate Japanese to English')).toEqual([])
    expect(scope('A weather server')).toEqual([])
  })
  test("a listing's scope is read from its own name, title and description, not its publisher's namespace", () => {
    expect(analyse(testDocument('a', 'io.github.IndianAppGuy/slides', 'Make slides')).facts.scope).toEqual([])
    expect(analyse(testDocument('b', 'io.github.acme/japan-rail', 'Train times')).facts.scope).toEqual(['JP'])
  })
})

describe('country scope in ranking', () => {
  const none = { category: null, transport: null, verified: false }
  const index = new SearchIndex()
  // By its words alone the Korean listing comes first: it says weather twice.
  index.upsert(testDocument('kr', 'weather-live', 'Weather reports from the Korean service'))
  index.upsert(testDocument('any', 'weather-now', 'Current conditions for any city'))
  for (let i = 0; i < 20; i++) index.upsert(testDocument(`f${i}`, `filler-${i}`, `Unrelated notes helper ${i}`))
  const ids = (q: string) => index.search(q, none, 5).hits.map((h) => h.id)
  test('a query naming no country is served first by the listing that works anywhere', () => {
    expect(ids('weather')).toEqual(['any', 'kr'])
  })
  test('a query naming the country keeps the scoped listing where its words put it', () => {
    expect(ids('korea weather')[0]).toBe('kr')
    expect(ids('weather in korea')[0]).toBe('kr')
  })
  test('a browse is ordered by trust alone', () => {
    expect(index.search(null, none, 30).total).toBe(22)
  })
})
