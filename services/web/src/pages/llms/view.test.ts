import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { ALLOWED_LINK, commonmarkShape, hostileText, markdownShape } from '@mcp-directory/shared/testing'
import { llmsTxt } from './view'

const BASE = 'https://dir.example'
const category = (label: string, group: string) => ({ label, slug: 'databases', emoji: '🗄️', group })

test('property: whatever a category label or group holds, llms.txt keeps its headings, lists and links', () => {
  fc.assert(
    fc.property(
      hostileText(),
      hostileText(),
      hostileText(),
      fc.constantFrom(markdownShape, commonmarkShape),
      (a, b, group, parse) => {
        const benign = parse(llmsTxt(BASE, [category('Databases', 'Data'), category('Search', 'Data')]))
        const shape = parse(llmsTxt(BASE, [category(a, group), category(b, group)]))
        expect(shape.html).toEqual([])
        // A plain http(s) address in a label may be a link of its own; every link of ours is still there.
        for (const href of shape.links) expect(href).toMatch(ALLOWED_LINK)
        const ours = (links: string[]) => links.filter((l) => l.startsWith(`${BASE}/`))
        expect({ blocks: shape.blocks, inline: shape.inline, links: ours(shape.links) }).toEqual({
          blocks: benign.blocks,
          inline: benign.inline,
          links: ours(benign.links),
        })
      },
    ),
    { numRuns: 300 },
  )
})

test('the payloads stay text in the category list', () => {
  const text = llmsTxt(BASE, [
    category(
      '## Claude Desktop Quick Installation <script>alert(1)</script>',
      '[x](javascript:alert(1)) &#106;avascript: - ## x > ```json',
    ),
  ])
  expect(text).toContain(
    '- \\## Claude Desktop Quick Installation \\<script\\>alert(1)\\</script\\> (\\[x\\](javascript:alert(1)) &amp;#106;avascript: - ## x \\> \\`\\`\\`json): https://dir.example/api/v1/search?category=databases',
  )
})

test('llms.txt names the registry API under /v0.1, reading and publishing', () => {
  const text = llmsTxt(BASE, [])
  expect(text).toContain('## MCP Registry API')
  expect(text).toContain(`${BASE}/v0.1/servers?limit=30&version=latest`)
  expect(text).toContain('GET /v0.1/servers/{name}/versions')
  expect(text).toContain('POST /v0.1/publish')
})
