/**
 * The settings a package's own README sets in its client config, for a package whose registry entry declares none:
 * the `env` of the `mcpServers` (or VS Code `servers`) entry that runs that package, as the author wrote it. Only
 * names that are environment variable names are kept, each with its example value when it is not a credential's
 * (a credential's example is dropped: it may be someone's real key). The README is data: nothing in it runs.
 */
import type { EnvVarSpec, InstallModel, PackageEvidence } from '../contracts/listing'
import { SECRET_NAME } from './config-parts'

type ReadmeSetting = NonNullable<PackageEvidence['readmeSettings']>[number]

const MAX_README = 200_000
const MAX_BLOCKS = 40
const MAX_SETTINGS = 20
const ENV_NAME = /^[A-Z][A-Z0-9_]{1,63}$/
// An example worth showing: short, printable, one line.
const EXAMPLE = /^[^\u0000-\u001f\u007f]{1,120}$/

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** JSON as READMEs write it: comments and trailing commas allowed; null when it is not JSON even then. */
function looseJson(text: string): unknown {
  const cleaned = text
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/,\s*([}\]])/g, '$1')
  try {
    return JSON.parse(cleaned)
  } catch {
    return null
  }
}

/** The server entries of a config: `mcpServers.*`, `servers.*`, `mcp.servers.*`, or an entry given alone. */
function entriesOf(doc: unknown): Record<string, unknown>[] {
  if (!isObject(doc)) return []
  const groups = [doc.mcpServers, doc.servers, isObject(doc.mcp) ? doc.mcp.servers : undefined].filter(isObject)
  if (groups.length === 0) return 'command' in doc ? [doc] : []
  return groups.flatMap((g) => Object.values(g).filter(isObject))
}

/** True when the entry runs `identifier` (as npx/uvx/docker's argument, or as the command itself). */
function runs(entry: Record<string, unknown>, identifier: string): boolean {
  const words = [entry.command, ...(Array.isArray(entry.args) ? entry.args : [])].filter(
    (w): w is string => typeof w === 'string',
  )
  // `name@1.2.3` and `@scope/name@latest` run `name` and `@scope/name`.
  const bare = (w: string) => (w.lastIndexOf('@') > 0 ? w.slice(0, w.lastIndexOf('@')) : w)
  return words.some((w) => w === identifier || bare(w) === identifier)
}

/** The settings the README's own config of `identifier` sets, in its order (none: the README sets nothing). */
export function settingsFromReadme(readme: string, identifier: string): ReadmeSetting[] {
  const text = readme.slice(0, MAX_README)
  const out: ReadmeSetting[] = []
  const blocks = [...text.matchAll(/```[a-z0-9]*\s*\n([\s\S]*?)```/gi)].slice(0, MAX_BLOCKS)
  for (const [, body] of blocks) {
    if (!body || !/"env"\s*:/.test(body)) continue
    for (const entry of entriesOf(looseJson(body))) {
      if (!runs(entry, identifier) || !isObject(entry.env)) continue
      for (const [name, value] of Object.entries(entry.env)) {
        if (!ENV_NAME.test(name) || out.some((s) => s.name === name) || out.length >= MAX_SETTINGS) continue
        const secret = SECRET_NAME.test(name)
        const example = !secret && typeof value === 'string' && EXAMPLE.test(value) ? value : undefined
        out.push({ name, secret, ...(example ? { example } : {}) })
      }
    }
  }
  return out
}

/**
 * A package that declares no environment takes the one its own README's client config sets (the registry entry
 * read says which): each variable required, as the author's config sets it, and marked as read from there.
 */
export function withReadmeSettings(
  m: Extract<InstallModel, { kind: 'local' }>,
  stored: PackageEvidence,
): Extract<InstallModel, { kind: 'local' }> {
  if (m.env.length > 0 || !stored.readmeSettings?.length) return m
  const env: EnvVarSpec[] = stored.readmeSettings.map((s) => ({
    name: s.name,
    isRequired: true,
    isSecret: s.secret,
    ...(s.example ? { placeholder: s.example } : {}),
    description: "Set in the client config of the package's README",
    origin: 'package-readme',
  }))
  return { ...m, env }
}
