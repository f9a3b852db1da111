// A tool search hit and its answer (`GET /api/v1/tools`): the model the tool index keeps its parts as, and the
// tools endpoint's contract answers with.
import { Publisher, SearchHit } from '@mcp-directory/shared/contracts'
import { t, type Static } from 'elysia'

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
