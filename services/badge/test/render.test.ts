// Renderers on arbitrary listing strings: the output is always well-formed SVG with no active content.
import { expect, test } from 'bun:test'
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import fc from 'fast-check'
import { factsOf, renderBadge } from '../src/render'
import { allNodes, parseXml } from './xml'

test('property: any name and health render as well-formed SVG without scripts or event attributes', () => {
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.option(fc.string({ maxLength: 40 })),
      fc.nat(),
      fc.constantFrom(...BADGE_STYLES),
      fc.constantFrom(...BADGE_METRICS),
      fc.constantFrom(...BADGE_THEMES),
      (name, health, n, style, metric, theme) => {
        const facts = factsOf({
          id: 'x',
          name,
          title: null,
          status: 'active',
          isOfficial: n % 2 === 0,
          isVerifiedActive: n % 3 === 0,
          health,
          upvotes: n,
          views: n * 7,
          installs: n * 13,
        })
        const root = parseXml(renderBadge(facts, { style, metric, theme }))
        expect(root.name).toBe('svg')
        for (const node of allNodes(root)) {
          expect(['script', 'foreignobject']).not.toContain(node.name.toLowerCase())
          for (const k of Object.keys(node.attrs)) expect(k.toLowerCase().startsWith('on')).toBe(false)
        }
      },
    ),
    { numRuns: 300 },
  )
})

test('replacement patterns in a name ($&, $1, $`) are text, not instructions', () => {
  for (const name of ['$&', "$1 $` $'", 'a$&b']) {
    for (const style of BADGE_STYLES) {
      const svg = renderBadge(
        factsOf({
          id: 'x',
          name,
          title: null,
          status: 'active',
          isOfficial: false,
          isVerifiedActive: false,
          health: null,
          upvotes: 0,
          views: 0,
          installs: 0,
        }),
        { style, metric: 'status', theme: 'dark' },
      )
      parseXml(svg)
      if (style === 'shield' || style === 'flat-square')
        expect(svg).toContain(name.replace(/&/g, '&amp;').replace(/'/g, '&apos;'))
    }
  }
})

test('a server seen running but never claimed is not badged "verified": the badge says what was seen', () => {
  // Anyone can list an endpoint of their own that answers; that earns "seen running", not a verification mark.
  const running = factsOf({
    id: 'x',
    name: 'io.example/running',
    title: null,
    status: 'active',
    isOfficial: false,
    isVerifiedActive: true,
    health: 'active',
    upvotes: 0,
    views: 0,
    installs: 0,
  })
  for (const style of BADGE_STYLES)
    for (const theme of BADGE_THEMES) {
      const svg = renderBadge(running, { style, metric: 'status', theme })
      expect(svg.toLowerCase()).not.toContain('verified')
      expect(svg.toLowerCase()).not.toContain('official')
      expect(svg).toContain('seen running')
    }
})
