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

export { ToolFinding, ToolHit, ToolServer, ToolsResponse } from '../search/tool-index/model'
