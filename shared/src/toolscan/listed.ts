// What a checker reads of a server it speaks to, the prober (remote endpoints) and the sandbox (packages) alike:
// its tools as listed, with every text a model reads of them, and what it says besides its tools. Bounded: a
// server decides how much it sends, not how much is kept.
import type { ServerTexts, ToolInfo } from '../contracts/listing'

/** The longest description kept of a tool (or a parameter, prompt or resource); what follows is never read. */
export const MAX_DESCRIPTION = 2000

type Schema = { description?: unknown; properties?: Record<string, unknown>; items?: unknown }

/** Every parameter's description by path, nested objects and array items too (bounded in depth and count). */
export function parameterDescriptions(schema: unknown, prefix = '', out: Record<string, string> = {}, depth = 0) {
  const s = schema as Schema | undefined
  if (!s || typeof s !== 'object' || depth > 6) return out
  for (const [name, sub] of Object.entries(s.properties ?? {})) {
    if (Object.keys(out).length >= 100 || name.length > 100) break
    const path = prefix ? `${prefix}.${name}` : name
    const d = (sub as Schema | undefined)?.description
    if (typeof d === 'string' && d.trim()) out[path] = d.trim().slice(0, MAX_DESCRIPTION)
    parameterDescriptions(sub, path, out, depth + 1)
    const items = (sub as Schema | undefined)?.items
    if (items) parameterDescriptions(items, `${path}[]`, out, depth + 1)
  }
  return out
}

/** A JSON Schema's type in a word: `string`, `string|null`, `integer[]` (an array of what its items are). */
export function schemaType(schema: unknown): string | null {
  const s = schema as { type?: unknown; items?: unknown; enum?: unknown } | undefined
  if (!s || typeof s !== 'object') return null
  const words = (Array.isArray(s.type) ? s.type : [s.type]).filter((w): w is string => typeof w === 'string')
  if (!words.length) return Array.isArray(s.enum) ? 'enum' : null
  const item = words.includes('array') ? schemaType(s.items) : null
  const type = words.map((w) => (w === 'array' && item ? `${item}[]` : w)).join('|')
  return type.length <= 40 ? type : null
}

/** What an argument line needs of each parameter: its type and whether it is required. */
function signatureOf(schema: unknown, params: string[]): Pick<ToolInfo, 'parameterTypes' | 'required'> {
  const s = schema as { properties?: Record<string, unknown>; required?: unknown } | undefined
  const types = params.flatMap((p) => {
    const type = schemaType(s?.properties?.[p])
    return type ? [[p, type] as const] : []
  })
  const required = Array.isArray(s?.required) ? params.filter((p) => (s.required as unknown[]).includes(p)) : []
  return {
    ...(types.length ? { parameterTypes: Object.fromEntries(types) } : {}),
    ...(required.length ? { required } : {}),
  }
}

/** A tool as listed: name, description, parameters and what a model reads besides (title, annotations). */
export function toolInfo(t: {
  name: string
  title?: unknown
  description?: string
  inputSchema?: { properties?: Record<string, unknown> }
  annotations?: Record<string, unknown>
}): ToolInfo {
  const params = Object.keys(t.inputSchema?.properties ?? {})
    .filter((p) => p.length <= 200)
    .slice(0, 100)
  const description = typeof t.description === 'string' ? t.description.trim().slice(0, MAX_DESCRIPTION) : ''
  const title = typeof t.title === 'string' ? t.title.trim().slice(0, 200) : ''
  const annotations = Object.fromEntries(
    Object.entries(t.annotations ?? {})
      .filter(([, v]) => ['string', 'boolean', 'number'].includes(typeof v))
      .slice(0, 10)
      .map(([k, v]) => [k.slice(0, 50), typeof v === 'string' ? v.slice(0, 500) : v]),
  ) as Record<string, string | boolean | number>
  const described = parameterDescriptions(t.inputSchema)
  return {
    name: String(t.name).slice(0, 200),
    ...(description ? { description } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(title ? { title } : {}),
    ...(Object.keys(annotations).length ? { annotations } : {}),
    ...(Object.keys(described).length ? { parameterDescriptions: described } : {}),
    ...signatureOf(t.inputSchema, params),
  }
}

type Named = { name: string; description?: string }

/** The server's own texts as listed (bounded), or undefined when it said nothing besides its tools. */
export function serverTexts(instructions: unknown, prompts?: Named[], resources?: Named[]): ServerTexts | undefined {
  const named = (list: Named[] | undefined) =>
    (list ?? []).slice(0, 100).map((x) => ({
      name: String(x.name).slice(0, 200),
      ...(typeof x.description === 'string' && x.description
        ? { description: x.description.slice(0, MAX_DESCRIPTION) }
        : {}),
    }))
  const out: ServerTexts = {}
  if (typeof instructions === 'string' && instructions.trim()) out.instructions = instructions.slice(0, 10_000)
  if (prompts?.length) out.prompts = named(prompts)
  if (resources?.length) out.resources = named(resources)
  return Object.keys(out).length ? out : undefined
}
