// Output schemas of the tools, kept small: objects stay open (fields may be added within v1), integers are plain
// `integer` without the ±2^53 bounds zod would add, and the shapes several tools share are named definitions.
import { z } from 'zod'

/** A JSON Schema `integer` without bounds (zod's int() adds the safe-integer range to every one). */
export const int = z.number().meta({ type: 'integer' })
const str = z.string()
const nullableStr = z.string().nullable()

/**
 * A tool's output: the endpoint's body on success, the Error object on failure (isError). The SDK client validates
 * structuredContent on both, so one open object admits either: `anyOf` asks for every success field, or for
 * `error` and `message`. The Error object's fields are described once (README, instructions), not per tool.
 */
export function toolOutput(shape: Record<string, z.ZodType>) {
  const required = Object.entries(shape)
    .filter(([, s]) => !s.isOptional())
    .map(([k]) => k)
  // A success field named like an Error object field keeps the Error object's type too (submit's `status` is a string).
  const fields = Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [k, (k === 'status' ? z.union([s, int]) : s).optional()]),
  )
  return z
    .looseObject(fields)
    .meta({ anyOf: [{ required }, { required: ['error', 'message'] }] })
    .refine((v) => typeof v.error === 'string' || required.every((k) => k in v), {
      message: `expected the fields ${required.join(', ')}`,
    })
}

/** A listing summary (§2.1). */
export const ListingSummary = z
  .looseObject({
    id: str,
    name: str,
    description: str,
    category: str,
    url: str,
    isOfficial: z.boolean(),
    isVerifiedActive: z.boolean(),
    upvotes: int,
    installName: str,
    detailUrl: str,
    markdownUrl: str,
    alsoListedAs: z
      .array(str)
      .describe('Ids of the other listings of the same server (same repository); search shows a server once'),
  })
  .meta({ id: 'ListingSummary' })

/** What search adds to a hit for the client named: how to choose it and the one line that installs it. */
export const SearchHit = ListingSummary.extend({
  transports: z.array(str).describe('stdio: a package to run locally; remote: a hosted endpoint'),
  health: nullableStr,
  archived: nullableStr.describe('Why it is archived or deprecated; null when it is not'),
  install: z
    .looseObject({
      kind: z.enum(['local', 'remote']),
      confidence: z.enum(['high', 'low']).describe('low: check it against the repository README'),
      needsKeys: z.boolean(),
      keys: z.array(str).describe('Secrets to set: environment variables or header values'),
      client: str,
      lineKind: z
        .enum(['command', 'link', 'config'])
        .nullable()
        .describe('command: run it; link: open it; config: merge it into the file'),
      line: nullableStr.describe(
        'One line that installs it in `client`, showing what it runs (a command, or the config to merge); null when the install is only guessed',
      ),
      link: nullableStr
        .optional()
        .describe("The client's install link (Cursor, VS Code) where it has one: the same config, encoded"),
    })
    .nullable(),
}).meta({ id: 'SearchHit' })

/** One client's ready-to-paste configuration (§2.2), with its one-line command and install links where it has them. */
export const ConfigEntry = z
  .looseObject({
    client: str,
    label: str,
    format: z.enum(['json', 'toml', 'yaml', 'shell', 'text']),
    locations: z.array(z.looseObject({ os: str, path: str })),
    snippet: str,
    note: str,
    command: str.optional(),
    deepLink: str.optional(),
    webLink: str.optional(),
  })
  .meta({ id: 'ConfigEntry' })

/** The install recipe every config is derived from, with its confidence. */
export const InstallInfo = z
  .looseObject({
    kind: z.enum(['local', 'remote']),
    confidence: z.enum(['high', 'low']).describe('low: a guess to check against the README'),
  })
  .meta({ id: 'InstallInfo' })

/** Listing detail (§2.2). */
export const ServerDetail = ListingSummary.extend({
  title: nullableStr,
  repositoryUrl: nullableStr,
  websiteUrl: nullableStr,
  tags: z.array(str),
  transports: z.array(str),
  qualityScore: int,
  popularity: z.looseObject({ upvotes: int, views: int, installs: int, githubStars: int.nullable() }),
  health: nullableStr,
  archived: nullableStr.optional().describe('Why it is archived or deprecated; null when it is not'),
  tools: z.array(z.looseObject({ name: str, description: str.optional() })),
  risk: z
    .looseObject({
      level: str,
      findings: z.array(z.looseObject({ tool: str, message: str, severity: str })),
      cleared: z.boolean().optional(),
    })
    .nullable()
    .optional()
    .describe('The scan of the tool descriptions, when there is one; high: not verified until an operator clears it'),
  install: InstallInfo.nullable(),
  configs: z.array(ConfigEntry).nullable().describe('Null when the install is only guessed'),
}).meta({ id: 'ServerDetail' })

/** A category (§2.3). */
export const Category = z.looseObject({ label: str, slug: str, emoji: str, group: str })
