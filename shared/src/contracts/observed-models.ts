// What the prober and the sandbox saw of a server beyond its tools' names: how its tool list breaks the spec, and
// the skills it offers (MCP Skills extension) with their digests and changes. Part of the listing detail model.
import { Type as t } from '@sinclair/typebox'

export const ToolsDefectModel = t.Union(
  [
    t.Object({
      code: t.String({
        description: 'input_schema_not_object, missing_name, duplicate_name or invalid_result',
      }),
      message: t.String(),
      tools: t.Array(t.String(), { description: 'The tools at fault (#<index> for one without a name)' }),
    }),
    t.Null(),
  ],
  {
    description:
      "How the server's last tool list breaks the spec (clients built on the official SDK reject such a list whole); the tools shown are those readable. Null when it does not",
  },
)

export const SkillsModel = t.Array(
  t.Object({
    name: t.String(),
    title: t.Optional(t.String()),
    description: t.String(),
    uri: t.String({ description: "The URI of the skill's SKILL.md" }),
    files: t.Array(
      t.Object({
        path: t.String({ description: "Relative to the skill's root (SKILL.md, references/…)" }),
        sha256: t.String({ description: 'sha256 of the file as the server published it (64 hex digits)' }),
      }),
    ),
    dynamic: t.Optional(t.Boolean({ description: 'The server publishes no digests for this skill' })),
  }),
  {
    description:
      'The skills the server offers (MCP Skills extension, skills/list), as last listed: a changed digest is a rug-pull signal',
  },
)

/** The last changes of an observed list (tools or skills), newest first (rug-pull watch). */
export const listChangesModel = (changed: string, description: string) =>
  t.Array(
    t.Object({
      at: t.String({ format: 'date-time' }),
      fromHash: t.String(),
      toHash: t.String(),
      added: t.Array(t.String()),
      removed: t.Array(t.String()),
      changed: t.Array(t.String({ description: changed })),
      source: t.Union([t.String(), t.Null()]),
    }),
    { description },
  )

export const SkillsChangesModel = listChangesModel(
  "A skill whose description or a file's digest changed",
  'The last changes of the skills, newest first (rug-pull watch)',
)
