// What a facts body says of a server's skills (MCP Skills extension) and of a tool list that breaks the spec.
import type { SchemaOptions, TLiteral, TSchema } from '@sinclair/typebox'
import { t } from 'elysia'

// The bounds facts.ts gives tools (it imports this file, so they are not imported back).
const MAX_TOOL_NAME = 200
const MAX_TOOL_DESCRIPTION = 2000
const MAX_VALUE = 2048

const oneOf = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}) =>
  t.Union(values.map((v) => t.Literal(v)) as unknown as TLiteral<T[number]>[], options)
/** A group refused as a whole, naming only its own path with `message` (as facts.ts does). */
const asOne = <T extends TSchema>(schema: T, message: string): T =>
  t.Union([schema, t.Not(t.Any())], { error: message }) as unknown as T

export const MAX_SKILLS = 100
export const MAX_SKILL_FILES = 512

/** A skill the server offers (Skills extension): its frontmatter's name, title, description, and every file's sha256. */
export const SkillModel = t.Object({
  name: t.String({ minLength: 1, maxLength: MAX_TOOL_NAME, pattern: '\\S' }),
  title: t.Optional(t.String({ maxLength: MAX_TOOL_NAME })),
  description: t.String({ maxLength: MAX_TOOL_DESCRIPTION }),
  uri: t.String({ minLength: 1, maxLength: MAX_VALUE }),
  files: t.Array(
    t.Object({ path: t.String({ minLength: 1, maxLength: 1024 }), sha256: t.String({ pattern: '^[0-9a-f]{64}$' }) }),
    { maxItems: MAX_SKILL_FILES },
  ),
  dynamic: t.Optional(t.Boolean()),
  textSha256: t.Optional(t.String({ pattern: '^[0-9a-f]{64}$' })),
})

export const SkillsModel = t.Optional(
  t.Array(
    asOne(
      SkillModel,
      'must be { name, title?, description, uri, files: [{ path, sha256 (64 hex digits) }], dynamic?, textSha256? }',
    ),
    { maxItems: MAX_SKILLS, error: `must be an array of at most ${MAX_SKILLS} skills` },
  ),
)

/** How a tool list breaks the spec, named: clients built on the official SDK reject such a list whole. */
export const ToolsDefectModel = t.Optional(
  asOne(
    t.Object({
      code: oneOf(['input_schema_not_object', 'missing_name', 'duplicate_name', 'invalid_result']),
      message: t.String({ maxLength: 500 }),
      tools: t.Array(t.String({ maxLength: MAX_TOOL_NAME }), { maxItems: 100 }),
    }),
    'must be { code: input_schema_not_object|missing_name|duplicate_name|invalid_result, message, tools: string[] }',
  ),
)
