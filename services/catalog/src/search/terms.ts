/** The words of names and text as search reads them: namespaces split off, boilerplate words known. */
import { REGISTRY_TLDS } from '../import/slug'

/** Words every MCP server shares; they carry no meaning in a query or a name. */
export const BOILERPLATE = new Set([
  'mcp',
  'mcps',
  'server',
  'servers',
  'model',
  'context',
  'protocol',
  'modelcontextprotocol',
  'the',
  'a',
  'an',
  'for',
  'of',
  'and',
  'with',
  'to',
  'in',
  'on',
])

// Registry name prefixes that are a publisher's namespace, not a topic (io.github.<owner>/…, com.<vendor>/…).
const GENERIC_TLDS = new Set(REGISTRY_TLDS)
const HOSTING_LABELS = new Set(['github', 'gitlab', 'githubusercontent', 'bitbucket', 'smithery', 'npm', 'pypi', 'www'])

/** Lower-case words of a text (letters and digits), camelCase split. */
export function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

/** Splits a registry or package name into its namespace words and its own words. */
export function splitName(name: string): { namespace: string[]; own: string[] } {
  const slash = name.lastIndexOf('/')
  if (slash < 0) return { namespace: [], own: words(name) }
  const head = name.slice(0, slash).replace(/^@/, '')
  const own = words(name.slice(slash + 1))
  // Reverse-DNS namespaces: io.github.<owner> → owner; com.stripe → stripe; a scope like @supabase → supabase.
  const labels = head
    .split('.')
    .filter((l) => !GENERIC_TLDS.has(l.toLowerCase()) && !HOSTING_LABELS.has(l.toLowerCase()))
  return { namespace: labels.flatMap(words), own }
}
