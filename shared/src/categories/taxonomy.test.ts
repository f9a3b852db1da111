import { describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  CATEGORIES,
  COMMUNITY_CATEGORY_MAP,
  OTHER_CATEGORY,
  categoryBySlug,
  guessCategoryFromHints,
  mapCommunityCategory,
  resolveCategory,
  storedCategoryName,
} from './index'

const SERVERS = fileURLToPath(new URL('../../../../shared/data/servers.json', import.meta.url))
const hasData = existsSync(SERVERS)

interface RawEntry {
  name: string
  description?: string
  category?: string
}

describe('CATEGORIES', () => {
  test('has at least 30 categories in groups, Other last', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(30)
    expect(new Set(CATEGORIES.map((c) => c.group)).size).toBeGreaterThanOrEqual(5)
    expect(CATEGORIES.at(-1)).toBe(OTHER_CATEGORY)
    expect(OTHER_CATEGORY.slug).toBe('other')
  })

  test('slugs are lowercase-kebab and unique; labels and emoji are unique', () => {
    for (const c of CATEGORIES) {
      expect(c.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      expect(c.label.trim()).toBe(c.label)
      expect(c.emoji.length).toBeGreaterThan(0)
      expect(c.group.length).toBeGreaterThan(0)
    }
    expect(new Set(CATEGORIES.map((c) => c.slug)).size).toBe(CATEGORIES.length)
    expect(new Set(CATEGORIES.map((c) => c.label.toLowerCase())).size).toBe(CATEGORIES.length)
    expect(new Set(CATEGORIES.map((c) => c.emoji.replace(/\uFE0F/g, ''))).size).toBe(CATEGORIES.length)
  })

  test('groups are contiguous, so display order reads group by group', () => {
    const seen: string[] = []
    for (const c of CATEGORIES) {
      if (seen.at(-1) !== c.group) {
        expect(seen).not.toContain(c.group)
        seen.push(c.group)
      }
    }
  })

  test('is frozen', () => {
    expect(Object.isFrozen(CATEGORIES)).toBe(true)
    expect(Object.isFrozen(CATEGORIES[0])).toBe(true)
  })

  test('no spelling of one category is a spelling of another', () => {
    for (const c of CATEGORIES) {
      for (const s of [storedCategoryName(c), c.label, c.slug]) expect(resolveCategory(s)).toBe(c)
    }
  })
})

describe('storedCategoryName', () => {
  test('is emoji, space, label', () => {
    const db = categoryBySlug('databases')
    expect(storedCategoryName(db)).toBe('🗄️ Databases')
    expect(storedCategoryName(OTHER_CATEGORY)).toBe('📦 Other')
  })
})

describe('resolveCategory', () => {
  const db = categoryBySlug('databases')

  test('accepts the three spellings', () => {
    expect(resolveCategory('🗄️ Databases')).toBe(db)
    expect(resolveCategory('Databases')).toBe(db)
    expect(resolveCategory('databases')).toBe(db)
  })

  test('is case-insensitive and ignores surrounding and repeated whitespace', () => {
    expect(resolveCategory('  DATABASES \n')).toBe(db)
    expect(resolveCategory('\t🗄️   databases ')).toBe(db)
    expect(resolveCategory('Search  &   Data\tExtraction')).toBe(categoryBySlug('search'))
    expect(resolveCategory(' DEVELOPER-TOOLS ')).toBe(categoryBySlug('developer-tools'))
  })

  test('tolerates a missing or extra variation selector', () => {
    expect(resolveCategory('🗄 Databases')).toBe(db) // U+1F5C4 without U+FE0F
    expect(resolveCategory('⚽\uFE0F Sports')).toBe(categoryBySlug('sports')) // extra selector
    expect(resolveCategory('☁ Cloud Platforms')).toBe(categoryBySlug('cloud-platforms'))
    expect(resolveCategory('🗄️Databases')).toBe(db) // emoji glued to the label
  })

  test('accepts every stored name without its selectors', () => {
    for (const c of CATEGORIES) expect(resolveCategory(storedCategoryName(c).replace(/\uFE0F/g, ''))).toBe(c)
  })

  test('rejects unknown and partial spellings', () => {
    for (const bad of [
      '',
      '   ',
      'Database',
      'data',
      '🗄️',
      'databases!',
      'other tools',
      '🗄️ Databases Other',
      'x'.repeat(10_000),
    ]) {
      expect(resolveCategory(bad)).toBeNull()
    }
  })

  test('is fast: a precomputed map', () => {
    const inputs = CATEGORIES.flatMap((c) => [storedCategoryName(c), ` ${c.label.toUpperCase()} `, c.slug, 'nope'])
    const t0 = performance.now()
    for (let i = 0; i < 2_000; i++) for (const s of inputs) resolveCategory(s)
    const perCall = (performance.now() - t0) / (2_000 * inputs.length)
    expect(perCall).toBeLessThan(0.05) // ms; a scan with regexps per call would be far slower
  })
})

describe('mapCommunityCategory', () => {
  test('maps each of the 30 community categories', () => {
    expect(Object.keys(COMMUNITY_CATEGORY_MAP)).toHaveLength(30)
    for (const [name, slug] of Object.entries(COMMUNITY_CATEGORY_MAP)) {
      const c = mapCommunityCategory(name)
      expect(c.slug).toBe(slug ?? 'other')
    }
  })

  test('representative mappings', () => {
    const m = (raw: string) => mapCommunityCategory(raw).slug
    expect(m('Databases')).toBe('databases')
    expect(m('Browser Automation')).toBe('browser-automation')
    expect(m('Search & Data Extraction')).toBe('search')
    expect(m('Customer Data Platforms')).toBe('crm')
    expect(m('Embedded System')).toBe('embedded-iot')
    expect(m('Location Services')).toBe('location')
    expect(m('Translation Services')).toBe('translation')
    expect(m('Finance & Fintech')).toBe('finance')
  })

  test('community names match loosely (case, whitespace)', () => {
    expect(mapCommunityCategory('  browser   automation ').slug).toBe('browser-automation')
    expect(mapCommunityCategory('FINANCE & FINTECH').slug).toBe('finance')
  })

  test('accepts our own spellings', () => {
    expect(mapCommunityCategory('🪙 Crypto & Web3').slug).toBe('crypto')
    expect(mapCommunityCategory('weather').slug).toBe('weather')
    expect(mapCommunityCategory('Other', { name: 'postgres-mcp' }).slug).toBe('other') // explicit choice kept
  })

  test('missing, unknown or catch-all categories use confident hints, else Other', () => {
    expect(
      mapCommunityCategory(undefined, { name: 'mcp-postgres', description: 'Query PostgreSQL databases' }).slug,
    ).toBe('databases')
    expect(mapCommunityCategory(null, { name: 'x', description: 'Manage Slack channels and messages' }).slug).toBe(
      'communication',
    )
    expect(
      mapCommunityCategory('Other Tools and Integrations', {
        name: 'todoist-mcp',
        description: 'Create and manage tasks in Todoist',
      }).slug,
    ).toBe('productivity')
    expect(
      mapCommunityCategory('Uncategorized', { name: 'solana-mcp', description: 'Blockchain interactions on Solana' })
        .slug,
    ).toBe('crypto')
    expect(mapCommunityCategory('Something New', { name: 'weather-now', description: 'Weather forecasts' }).slug).toBe(
      'weather',
    )
    expect(mapCommunityCategory('Uncategorized').slug).toBe('other')
    expect(mapCommunityCategory('', { name: 'thing', description: 'Does a thing.' }).slug).toBe('other')
    expect(mapCommunityCategory(undefined)).toBe(OTHER_CATEGORY)
  })

  test('a direct community mapping is not overridden by unrelated hints', () => {
    expect(mapCommunityCategory('Databases', { name: 'slack-bot', description: 'Slack messages' }).slug).toBe(
      'databases',
    )
  })

  test('coarse community categories narrow only when the hints are clear', () => {
    expect(
      mapCommunityCategory('Finance & Fintech', {
        name: 'coingecko',
        description: 'Real-time cryptocurrency prices and blockchain data',
      }).slug,
    ).toBe('crypto')
    expect(
      mapCommunityCategory('Finance & Fintech', { name: 'ynab', description: 'Personal finance and budgeting' }).slug,
    ).toBe('finance')
    expect(
      mapCommunityCategory('Art & Culture', { name: 'spotify-player', description: 'Control Spotify music playback' })
        .slug,
    ).toBe('media')
    expect(
      mapCommunityCategory('Cloud Platforms', { name: 'kubernetes-mcp', description: 'Manage Kubernetes clusters' })
        .slug,
    ).toBe('devops')
    expect(mapCommunityCategory('Cloud Platforms', { name: 'aws-mcp', description: 'AWS resources' }).slug).toBe(
      'cloud-platforms',
    )
  })
})

describe('guessCategoryFromHints', () => {
  test('namespaces are not topics: io.github.* is not Version Control', () => {
    expect(guessCategoryFromHints({ name: 'io.github.someone/thing', description: 'A small helper.' })).toBeNull()
    expect(guessCategoryFromHints({ name: 'io.github.someone/postgres-mcp', description: '' })?.slug).toBe('databases')
  })

  test('a lone description keyword is not confident', () => {
    expect(guessCategoryFromHints({ name: 'helper', description: 'Works with files and the terminal' })).toBeNull()
  })

  test('ties are not confident', () => {
    expect(guessCategoryFromHints({ name: 'slack-postgres', description: '' })).toBeNull()
  })

  test('keywords match whole words only', () => {
    // "art" inside "start"/"smart", "ci" inside "decide": no match
    expect(guessCategoryFromHints({ name: 'smartstart', description: 'decide' })).toBeNull()
  })

  test('survives hostile input', () => {
    expect(guessCategoryFromHints({ name: '('.repeat(5000), description: '\u0000'.repeat(100_000) })).toBeNull()
  })
})

describe.skipIf(!hasData)('real data (servers.json)', () => {
  test('every community category in the data is one of the 30 mapped names, and every entry maps', async () => {
    const data = (await Bun.file(SERVERS).json()) as RawEntry[]
    const seen = new Set(data.map((e) => e.category).filter((c): c is string => typeof c === 'string'))
    expect(seen.size).toBe(30)
    for (const c of seen) expect(Object.hasOwn(COMMUNITY_CATEGORY_MAP, c)).toBe(true)
    const counts = new Map<string, number>()
    for (const e of data) {
      const c = mapCommunityCategory(e.category, { name: e.name, description: e.description })
      expect(CATEGORIES).toContain(c)
      counts.set(c.slug, (counts.get(c.slug) ?? 0) + 1)
    }
    // Other stays a minority bucket, and the taxonomy is actually used.
    expect(counts.get('other') ?? 0).toBeLessThan(data.length * 0.3)
    expect(counts.size).toBeGreaterThanOrEqual(35)
  })

  test('hints mostly agree with the community category where the source gave one', async () => {
    const data = (await Bun.file(SERVERS).json()) as RawEntry[]
    // Pairs where a hint names a finer or sibling category of ours: not a disagreement.
    const near = new Set([
      'finance>crypto',
      'location>weather',
      'location>travel',
      'travel>location',
      'developer-tools>devops',
      'cloud-platforms>devops',
      'communication>social-media',
      'art-culture>media',
      'search>media',
      'search>education-research',
      'support>productivity',
    ])
    let guessed = 0
    let agree = 0
    for (const e of data) {
      const slug = e.category ? COMMUNITY_CATEGORY_MAP[e.category] : null
      if (!slug) continue
      const g = guessCategoryFromHints({ name: e.name, description: e.description })
      if (!g) continue
      guessed++
      if (g.slug === slug || near.has(`${slug}>${g.slug}`)) agree++
    }
    expect(guessed).toBeGreaterThan(500)
    expect(agree / guessed).toBeGreaterThan(0.7)
  })
})
