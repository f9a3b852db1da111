// Input and output schemas of the tools. Inputs are described precisely in JSON Schema but accepted loosely by the
// SDK, so that every value reaches the same validation as the REST endpoint and a bad argument comes back as a tool
// error with the REST API's code (`invalid_parameter`, `invalid_body`, …) instead of a bare SDK message.
import { z } from 'zod'

/** JSON Schema of one argument. */
type ArgSchema = Record<string, unknown>

/** A tool's input: each argument documented by its JSON Schema, validated by the directory API rather than here. */
export function toolInput(args: Record<string, ArgSchema>, required: string[] = []) {
  const shape = Object.fromEntries(Object.entries(args).map(([name, schema]) => [name, z.unknown().meta(schema).optional()]))
  // The object's `required` list is documentation for clients; missing arguments are reported by the checks below.
  return z.object(shape).meta(required.length ? { required } : {})
}

/** The Error object fields a failed call puts in structuredContent (directory-api §2.6). */
const ERROR_FIELDS = {
  error: z.string().optional().describe('On failure (isError): machine-readable error code of the directory API'),
  message: z.string().optional().describe('Human-readable explanation'),
  details: z.array(z.unknown()).optional().describe('On failure: the fields or parameters at fault'),
  status: z.number().int().optional().describe('On failure: the HTTP status the REST endpoint answered'),
}

/**
 * A tool's output: the REST endpoint's body on success, the Error object on failure. Both shapes are one object
 * schema (MCP requires an object), whose `anyOf` asks for either every success field or `error` and `message`.
 */
export function toolOutput(shape: Record<string, z.ZodType>) {
  const required = Object.entries(shape).filter(([, s]) => !s.isOptional()).map(([k]) => k)
  const fields: Record<string, z.ZodType> = { ...ERROR_FIELDS }
  // A name both shapes use (submit's `status` is a string, the Error object's a number) admits either.
  for (const [k, s] of Object.entries(shape)) fields[k] = k in ERROR_FIELDS ? z.union([s, ERROR_FIELDS[k as keyof typeof ERROR_FIELDS].unwrap()]).optional() : s.optional()
  return z
    .looseObject(fields)
    .meta({ anyOf: [{ required }, { required: ['error', 'message'] }] })
    .refine((v) => typeof v.error === 'string' || required.every((k) => k in v), { message: `expected the fields ${required.join(', ')}` })
}

const str = z.string()
const nullableStr = z.string().nullable()
const int = z.number().int()

/** A listing summary (§2.1); extra fields may be added within v1, so objects stay open. */
export const ListingSummary = z.looseObject({
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
})

/** One client's ready-to-paste configuration (§2.2). */
export const ConfigEntry = z.looseObject({
  client: str.describe('Client slug, e.g. claude-desktop, cursor, vs-code, codex, cli'),
  label: str,
  format: z.enum(['json', 'toml', 'yaml', 'shell', 'text']),
  locations: z.array(z.looseObject({ os: str, path: str })),
  snippet: str.describe('Ready-to-paste setup text'),
  note: str,
})

/** The install recipe every config is derived from, with its confidence. */
export const InstallInfo = z.looseObject({
  kind: z.enum(['local', 'remote']),
  confidence: z.enum(['high', 'low']).describe('low: a guess to check against the repository README'),
})

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
  tools: z.array(z.looseObject({ name: str, description: str.optional() })),
  install: InstallInfo.nullable(),
  configs: z.array(ConfigEntry).nullable().describe('Null when the install is not confirmed (only guessed)'),
})

/** A category (§2.3). */
export const Category = z.looseObject({ label: str, slug: str, emoji: str, group: str })
