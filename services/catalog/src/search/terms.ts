/** How names and queries become search terms: namespaces and boilerplate words must not swamp a match. */
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

/** The name's meaningful words, weighted highest in search (namespace prefixes and boilerplate dropped). */
export function searchNameOf(name: string, namespaceIsVendor: boolean): string {
  const { namespace, own } = splitName(name)
  const meaningful = own.filter((w) => !BOILERPLATE.has(w))
  // A vendor namespace (com.stripe/mcp) names the product; a personal GitHub owner does not.
  const vendor = namespaceIsVendor ? namespace.filter((w) => !BOILERPLATE.has(w)) : []
  const all = [...new Set([...vendor, ...meaningful])]
  return all.join(' ')
}

/** True when the namespace of a registry name is a vendor domain rather than a personal code-host account. */
export function namespaceIsVendor(name: string): boolean {
  const slash = name.lastIndexOf('/')
  if (slash < 0) return false
  const head = name.slice(0, slash).toLowerCase()
  return !/^(io\.github\.|io\.gitlab\.|com\.github\.|io\.bitbucket\.)/.test(head)
}

/** Query words with boilerplate removed; empty when the query is only boilerplate. */
export function queryTerms(q: string): string[] {
  return [...new Set(words(q).filter((w) => !BOILERPLATE.has(w)))].slice(0, 12)
}

/** The search_name column: meaningful words of the registry name (and of the title when the name has none). */
export function searchNameFor(name: string, title: string | null): string {
  const fromName = searchNameOf(name, namespaceIsVendor(name))
  if (fromName) return fromName
  return words(title ?? '')
    .filter((w) => !BOILERPLATE.has(w))
    .join(' ')
}

/** The search_extra column: tags, tool names and the publisher's namespace words. */
export function searchExtraOf(
  name: string,
  tags: string[],
  toolNames: string[],
  toolDescriptions: string[] = [],
): string {
  const { namespace } = splitName(name)
  // Tool descriptions (from a live tools list) are searchable too, bounded so one server cannot swamp the index.
  const described = toolDescriptions.join(' ').slice(0, MAX_TOOL_TEXT)
  return [...namespace, ...tags.flatMap(words), ...toolNames.flatMap(words), ...words(described)].join(' ')
}

/** Characters of tool descriptions a listing's search text takes. */
export const MAX_TOOL_TEXT = 20_000
