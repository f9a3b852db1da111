import { describe, expect, test } from 'bun:test'
import { DEMO_CATALOG } from './demo-catalog'
import { addressKey } from '@mcp-directory/shared/identity'
import { contentHash, normalizeEntry, parseRegistryDocument, SLUG_PATTERN, slugFor, uniqueSlug } from './parse'

const SERVERS = new URL('../../../../../shared/data/servers.json', import.meta.url)

// Category labels the demo may use: the community taxonomy's names, which the importer maps onto its own.
const KNOWN_CATEGORIES = new Set([
  'Browser Automation',
  'Cloud Platforms',
  'Communication',
  'Databases',
  'Developer Tools',
  'File Systems',
  'Finance & Fintech',
  'Knowledge & Memory',
  'Location Services',
  'Monitoring',
  'Other Tools and Integrations',
  'Search & Data Extraction',
  'Version Control',
])

describe('DEMO_CATALOG', () => {
  test('has 30 to 40 entries with unique reverse-DNS names', () => {
    expect(DEMO_CATALOG.length).toBeGreaterThanOrEqual(30)
    expect(DEMO_CATALOG.length).toBeLessThanOrEqual(40)
    expect(new Set(DEMO_CATALOG.map((s) => s.name)).size).toBe(DEMO_CATALOG.length)
    for (const s of DEMO_CATALOG) expect(s.name).toMatch(/^[a-zA-Z0-9.-]+\.[a-zA-Z0-9-]+\/[a-zA-Z0-9._-]+$/)
  })

  test('follows the official shape: title, description of at most 100 characters, version, a way to install', () => {
    for (const s of DEMO_CATALOG) {
      expect(s.title.length).toBeGreaterThan(0)
      expect(s.description.length).toBeGreaterThan(20)
      expect(s.description.length).toBeLessThanOrEqual(100)
      expect(s.version).toMatch(/^\d+\.\d+\.\d+$/)
      expect(s.packages.length + s.remotes.length).toBeGreaterThan(0)
      for (const p of s.packages) {
        expect(['npm', 'pypi', 'oci']).toContain(p.registryType)
        expect(p.transport).toEqual({ type: 'stdio' })
        // No pinned versions: an install resolves to the latest release, so the demo never points at a missing one.
        expect(p.version).toBeUndefined()
      }
      for (const r of s.remotes) expect(r.url).toMatch(/^https:\/\//)
      if (s.repository) expect(s.repository.url).toMatch(/^https:\/\/github\.com\/[^/]+\/[^/]+$/)
    }
  })

  test('every entry has a known category', () => {
    for (const s of DEMO_CATALOG) expect(KNOWN_CATEGORIES).toContain(s.category)
  })

  test('normalizeEntry accepts every entry whole, dropping nothing', () => {
    const parsed = parseRegistryDocument(DEMO_CATALOG)
    expect(parsed.errors).toEqual([])
    parsed.entries.forEach((raw, i) => {
      const r = normalizeEntry(raw, i)
      if (!r.ok) throw new Error(`${DEMO_CATALOG[i].name}: ${r.skip.reason}`)
      expect(r.dropped).toEqual([])
      const s = DEMO_CATALOG[i]
      expect(r.listing).toMatchObject({
        name: s.name,
        title: s.title,
        description: s.description,
        version: s.version,
        rawCategory: s.category,
        source: 'import',
      })
      expect(r.listing.packages).toEqual(s.packages)
      expect(r.listing.remotes).toEqual(s.remotes)
      expect(r.listing.url).toBe(s.repository?.url ?? s.websiteUrl ?? null)
    })
  })

  test('gets readable, unique slugs', () => {
    const taken = new Set<string>()
    for (const s of DEMO_CATALOG) {
      const slug = uniqueSlug(slugFor(s.name, s.title), (x) => taken.has(x), s.name)
      expect(slug).toMatch(SLUG_PATTERN)
      taken.add(slug)
    }
    expect(taken.size).toBe(DEMO_CATALOG.length)
    expect(taken).toContain('filesystem')
    expect(taken).toContain('github-mcp-server')
    expect(taken).toContain('stripe-mcp')
  })

  test('re-importing the demo is detected as unchanged', () => {
    const hashes = (doc: unknown[]) =>
      doc.map((e, i) => {
        const r = normalizeEntry(e, i)
        return r.ok ? contentHash(r.listing) : null
      })
    expect(hashes(structuredClone([...DEMO_CATALOG]))).toEqual(hashes([...DEMO_CATALOG]))
  })

  test('is written for the project, not copied from the shared data', async () => {
    const data = (await Bun.file(SERVERS).json()) as { name: string; description: string }[]
    const descriptions = new Set(data.map((e) => e.description.trim()))
    for (const s of DEMO_CATALOG) expect(descriptions.has(s.description)).toBe(false)
  })

  test('points at the same repositories as the real registry where both list a server', async () => {
    // A sanity check on accuracy: where a demo name is also in the registry snapshot, the repository agrees.
    const data = (await Bun.file(SERVERS).json()) as { name: string; repository?: { url: string } }[]
    const byName = new Map(data.map((e) => [e.name, e]))
    let compared = 0
    for (const s of DEMO_CATALOG) {
      const real = byName.get(s.name)
      if (!real?.repository || !s.repository) continue
      compared++
      expect(addressKey(s.repository.url)).toBe(addressKey(real.repository.url))
    }
    expect(compared).toBeGreaterThan(5)
  })
})
