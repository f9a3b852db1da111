// /llms.txt (llmstxt.org): the directory described for language models, with the addresses an agent needs. The
// category list comes from an API answer, so its labels follow the rule of every agent-facing text (shared/text),
// and stand outside link text (some parsers read escaped brackets inside link text as brackets again).
import { markdownInline } from '@mcp-directory/shared/text'
import type { Category } from '../../context'

/** The llms.txt document. */
export function llmsTxt(base: string, categories: Category[]): string {
  const lines = [
    '# MCP Server Directory',
    '',
    '> A public, searchable catalog of Model Context Protocol (MCP) servers with ready-to-paste install configs for every MCP client (Claude Desktop, Claude Code, Cursor, VS Code, Codex and more). Agents search it, read each listing as JSON or Markdown, submit servers, and claim listings by proving ownership.',
    '',
    'All answers are JSON except the Markdown documents and SVG badges. Errors are a JSON object `{ error, message, details?, status, docs }`. Public reads need no key and are rate-limited per client (headers RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset).',
    '',
    '## API',
    '',
    `- [OpenAPI document](${base}/docs/json): every operation, parameter and schema of the public API`,
    `- [API reference](${base}/docs): the same, for people`,
    `- [Error codes](${base}/docs/errors): every error code and how to resolve it`,
    `- [Search](${base}/api/v1/search?q=postgres): GET /api/v1/search?q=…&category=…&transport=stdio|remote&verified=1&limit=1..100&cursor=…`,
    `- [Tools](${base}/api/v1/tools?q=read%20a%20PDF%20file): GET /api/v1/tools?q=…&readOnly=1|0&destructive=1|0&transport=stdio|streamable-http|sse&category=…&verified=1&kind=tool|skill&limit=1..50&cursor=… — the tools servers were seen offering, each with its server`,
    `- [Categories](${base}/api/v1/categories): the accepted categories (slug, label, emoji, group)`,
    `- Listing detail: GET ${base}/api/v1/servers/{id} (install configs per client in \`configs\`)`,
    `- Listing as Markdown: GET ${base}/api/v1/mcp/{id}/markdown (also GET ${base}/mcp/{id} with Accept: text/markdown)`,
    `- Submit a server: POST ${base}/api/v1/submit`,
    `- [Agent authentication](${base}/auth.md): e-mail code → Bearer token with scope listings:claim, for claiming listings`,
    '',
    '## MCP Registry API',
    '',
    `- [Servers](${base}/v0.1/servers?limit=30&version=latest): the official MCP Registry's API (version 2025-12-01) — GET /v0.1/servers?search=…&cursor=…&updated_since=…&version=latest, GET /v0.1/servers/{name}/versions, GET /v0.1/servers/{name}/versions/{version|latest}; each entry is its server.json with the directory's enrichment under _meta`,
    `- Publishing as the official registry accepts it (mcp-publisher --registry ${base}): POST /v0.1/auth/dns|http|github-at → registry token, POST /v0.1/publish, PATCH /v0.1/servers/{name}/versions/{version}/status`,
    '',
    '## MCP',
    '',
    `- MCP endpoint (Streamable HTTP): ${base}/api/mcp — tools mirroring the API: search, tool search, read a listing, its install config, categories, submit, register, verify a claim`,
    '',
    '## Categories',
    '',
    ...categories.map(
      (c) =>
        `- ${markdownInline(c.label) || 'Category'} (${markdownInline(c.group)}): ${base}/api/v1/search?category=${encodeURIComponent(c.slug)}`,
    ),
    '',
    '## Optional',
    '',
    `- [Search page](${base}/): the same search for people`,
    `- Listing page: ${base}/servers/{id}`,
    `- Badge: ${base}/api/badge/{id}?style=shield|flat-square|featured|directory&metric=status|upvotes|views|installs&theme=dark|light`,
    '',
  ]
  return lines.join('\n')
}
