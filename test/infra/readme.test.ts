// The README stays a page a newcomer reads to the end: short, its first screen enough to start, every link to the
// deeper documents alive.
import { describe, expect, test } from 'bun:test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
const documents = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

describe('README', () => {
  test('is at most 15 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15 * 1024)
  })

  test('its first screen says how to run it, what .ci/run is for, the first search and how to load the catalog', () => {
    const firstScreen = readme.split('\n').slice(0, 45).join('\n')
    for (const said of [
      'bun run start',
      'bash .ci/run',
      'only to run the tests',
      'as root',
      '/api/v1/search?q=',
      'bun run import ../shared/data/servers.json',
    ])
      expect(firstScreen).toContain(said)
  })

  test('says what isOfficial and publisherVerified mean, and lists the stack defaults', () => {
    expect(readme).toContain('**`isOfficial`** — the listing was **claimed in this directory**')
    expect(readme).toContain('**`publisherVerified`**')
    for (const stackDefault of ['mcp_directory', 'MCP_DIRECTORY', 'redis://127.0.0.1:6379', 'nats://127.0.0.1:4222'])
      expect(readme).toContain(stackDefault)
    expect(readme).toMatch(/stack loads no demo catalog/)
  })

  test('every relative link of the README and docs/ points at a file of the checkout', () => {
    const broken: string[] = []
    for (const doc of documents) {
      // Links written inside code spans are examples, not links.
      const text = readFileSync(join(ROOT, doc), 'utf8').replace(/`[^`\n]*`/g, '')
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue
        const path = join(ROOT, dirname(doc), target!.split('#')[0]!)
        if (!existsSync(path)) broken.push(`${doc} → ${target}`)
      }
    }
    expect(broken).toEqual([])
  })
})
