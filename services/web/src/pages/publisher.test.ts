import { describe, expect, test } from 'bun:test'
import type { Publisher } from '@mcp-directory/shared/contracts'
import { isBareName, publisherBlock, publisherLine, withPublisher } from './publisher'

const notion: Publisher = {
  name: 'Notion',
  kind: 'domain',
  id: 'notion.com',
  verified: true,
  relation: 'own',
  label: 'by Notion · notion.com (verified by the official MCP registry)',
  evidence: [
    {
      kind: 'registry-namespace',
      source: 'official-registry',
      proves: true,
      detail: 'namespace com.notion, granted by the official MCP registry after a DNS or HTTP proof of notion.com',
    },
    { kind: 'remote-host', source: 'entry', proves: false, detail: 'its remote mcp.notion.com is on notion.com' },
  ],
}
const unknown: Publisher = {
  name: 'unknown',
  kind: 'unknown',
  id: null,
  verified: false,
  relation: 'unknown',
  label: 'publisher unknown',
  evidence: [],
}

describe('publisher', () => {
  test('a name of generic words only is bare; a name that says what it is is not', () => {
    for (const bare of ['mcp', 'mcp-server', 'server', 'Remote MCP', 'MCP Server', 'mcp_api'])
      expect(isBareName(bare)).toBe(true)
    for (const named of ['notion', 'Notion MCP Server', 'gitlab-mcp-server', 'mcp-context-server', 'MCP サーバー', ''])
      expect(isBareName(named)).toBe(false)
  })

  test("a bare name is shown with a known publisher's name; otherwise as it is", () => {
    expect(withPublisher('mcp', notion)).toBe('Notion — mcp')
    expect(withPublisher('Notion MCP Server', notion)).toBe('Notion MCP Server')
    expect(withPublisher('mcp', unknown)).toBe('mcp')
    expect(withPublisher('mcp', undefined)).toBe('mcp')
  })

  test('the line and the block: the label, own or community, each evidence with who checked it', () => {
    expect(publisherLine(notion).value).toBe(
      `<p class="byline verified"><span class="visually-hidden">Publisher: </span>${notion.label}</p>`,
    )
    expect(publisherLine(undefined).value).toBe('')
    const block = publisherBlock(notion).value
    expect(block).toContain('Notion&#39;s own server, proven by the evidence below.')
    expect(block).toContain('(checked by the official MCP registry; <span class="proof">proves control</span>)')
    expect(block).toContain('(from the entry itself, checked by nobody; <span class="link">only a link</span>)')
    const none = publisherBlock(unknown).value
    expect(none).toContain('publisher unknown')
    expect(none).toContain('Nothing the directory can name ties this listing to a publisher.')
    expect(none).not.toContain('<ul')
  })
})
