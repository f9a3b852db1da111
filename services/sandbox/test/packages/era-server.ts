// A stdio MCP server built with the official SDK v2 that speaks one era only (ERA, set when it is bundled): the
// 2026-07-28 revision alone (a 2025 opening is refused), or 2025-06-18 alone (no server/discover).
import { McpServer } from '@modelcontextprotocol/server'
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio'
import { z } from 'zod'

declare const ERA: 'modern' | 'legacy'

function server() {
  const s = new McpServer(
    { name: `era-${ERA}`, version: '1.0.0' },
    {
      supportedProtocolVersions: ERA === 'modern' ? ['2026-07-28'] : ['2025-06-18'],
      cacheHints: { 'tools/list': { ttlMs: 60_000, cacheScope: 'public' } },
    },
  )
  s.registerTool(
    'echo',
    { description: 'Echoes its input', inputSchema: z.object({ text: z.string() }) },
    ({ text }) => ({ content: [{ type: 'text', text }] }),
  )
  return s
}

if (ERA === 'modern') serveStdio(() => server(), { legacy: 'reject' })
else void server().connect(new StdioServerTransport())
