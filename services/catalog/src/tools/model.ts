/** Tool search's models (`GET /api/v1/tools`): the query it accepts and the answer it gives. */
import { Publisher, SearchHit } from '@mcp-directory/shared/contracts'
import { CONFIG_CLIENTS } from '@mcp-directory/shared/install'
import { t, type Static } from 'elysia'

/** Longest accepted query string, as for server search. */
export const MAX_TOOL_QUERY_LENGTH = 200
/** Hits per page when `limit` is not given. */
export const DEFAULT_TOOL_LIMIT = 10
export const MAX_TOOL_LIMIT = 50

const CLIENT_SLUGS = CONFIG_CLIENTS.map((c) => c.client)
const flag = (description: string) =>
  t.Optional(t.Union([t.Literal('0'), t.Literal('1')], { description, error: 'must be "0" or "1"' }))

export const ToolsQuery = t.Object({
  q: t.Optional(
    t.String({
      description:
        'What the tool should do, in a few words ("read a PDF file"); without it, tools in server trust order',
      maxLength: MAX_TOOL_QUERY_LENGTH,
    }),
  ),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_TOOL_LIMIT, default: DEFAULT_TOOL_LIMIT })),
  cursor: t.Optional(
    t.String({
      description: 'Opaque cursor from a previous response’s nextCursor (of the same query and filters)',
      pattern: '^[A-Za-z0-9_-]{1,4096}$',
      error: 'is not a cursor this API returned',
    }),
  ),
  readOnly: flag('1: only tools annotated readOnlyHint true; 0: only tools not annotated read-only'),
  destructive: flag('1: only tools annotated destructiveHint true; 0: only tools not annotated destructive'),
  transport: t.Optional(
    t.Union([t.Literal('stdio'), t.Literal('streamable-http'), t.Literal('sse')], {
      description: 'Only tools of servers offering this transport (stdio: a package run locally)',
      error: 'must be "stdio", "streamable-http" or "sse"',
    }),
  ),
  category: t.Optional(t.String({ description: "The server's category: stored name, plain label or slug" })),
  verified: t.Optional(
    t.Literal('1', { description: '1: only tools of servers seen running', error: 'the only allowed value is "1"' }),
  ),
  kind: t.Optional(
    t.Union([t.Literal('tool'), t.Literal('skill')], {
      description: 'tool or skill',
      error: 'must be "tool" or "skill"',
    }),
  ),
  client: t.Optional(
    t.Union(
      CLIENT_SLUGS.map((slug) => t.Literal(slug)),
      {
        description: `A config client slug (${CLIENT_SLUGS.join(', ')}): each hit's server then carries its install line for it`,
        error: `must be one of ${CLIENT_SLUGS.join(', ')}`,
      },
    ),
  ),
})
export type ToolsQuery = Static<typeof ToolsQuery>

const Hint = t.Optional(t.Boolean())

/** One scan finding of the tool's server that names the tool. */
export const ToolFinding = t.Object({
  kind: t.String(),
  severity: t.Union([t.Literal('low'), t.Literal('medium'), t.Literal('high')]),
  where: t.Optional(t.String()),
  message: t.String(),
})

/** The server a tool belongs to, as a search hit shows it. */
export const ToolServer = t.Object({
  id: t.String(),
  name: t.String(),
  title: t.Union([t.String(), t.Null()]),
  publisher: t.Optional(Publisher),
  verified: t.Boolean({ description: 'The server was seen running' }),
  isOfficial: t.Boolean({ description: 'Claimed by its owner' }),
  url: t.String({ format: 'uri', description: "Address of the listing's page" }),
  install: t.Union([SearchHit.properties.install, t.Null()], {
    description: "With `client`: the server's install line for that client (as a search hit's); null without it",
  }),
})

/** One tool (or skill) found, with the server it belongs to. */
export const ToolHit = t.Object({
  kind: t.Union([t.Literal('tool'), t.Literal('skill')]),
  name: t.String(),
  title: t.Union([t.String(), t.Null()]),
  description: t.String(),
  arguments: t.String({
    description:
      'Its parameters in one line ("path: string, encoding?: string": a type where its schema gives one, `?` for an optional one); "" when it takes none',
  }),
  annotations: t.Object({
    readOnlyHint: Hint,
    destructiveHint: Hint,
    idempotentHint: Hint,
    openWorldHint: Hint,
  }),
  risk: t.Union(
    [
      t.Object({
        level: t.Union([t.Literal('none'), t.Literal('low'), t.Literal('medium'), t.Literal('high')]),
        findings: t.Array(ToolFinding),
      }),
      t.Null(),
    ],
    { description: "The server's scan findings that name this tool (level: the highest); null: never scanned" },
  ),
  seenAt: t.Union([t.String({ format: 'date-time' }), t.Null()], { description: 'When its tool list was last seen' }),
  source: t.Union([t.Literal('streamable-http'), t.Literal('sse'), t.Literal('sandbox'), t.Null()], {
    description: 'Where it was seen: the live endpoint (streamable-http, sse) or a sandbox run of its package',
  }),
  server: ToolServer,
})
export type ToolHit = Static<typeof ToolHit>

export const ToolsResponse = t.Object({
  tools: t.Array(ToolHit),
  total: t.Integer({ description: 'Tools matching the query and filters' }),
  nextCursor: t.Union([t.String(), t.Null()], { description: 'Pass as `cursor` for the next page; null on the last' }),
})
export type ToolsResponse = Static<typeof ToolsResponse>
