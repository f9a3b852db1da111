/**
 * Listing ids: a slug made once, when the importer first creates a listing (`uniqueSlug(slugFor(…))`). On a
 * re-import entries are matched to stored listings by `name` and keep the stored id, so ids (and the URLs built
 * from them) never change, even when a later entry would now produce another slug.
 */

/** The characters a slug may use: lower-case words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Longest slug `slugFor` and `uniqueSlug` return. */
export const SLUG_MAX = 64

/** Top-level labels of registry names (`io.github.<owner>/…`, `com.<vendor>/…`): where a name is, not whose. */
export const REGISTRY_TLDS: readonly string[] = [
  'io',
  'com',
  'ai',
  'dev',
  'net',
  'org',
  'app',
  'co',
  'cloud',
  'tech',
  'sh',
  'so',
  'me',
  'xyz',
  'run',
  'gg',
  'us',
  'uk',
  'de',
  'fr',
  'jp',
  'cn',
  'in',
  'info',
  'biz',
  'site',
  'tools',
  'page',
]

// Labels of a reverse-DNS namespace that say where something is hosted, not whose it is.
const GENERIC_LABELS = new Set([...REGISTRY_TLDS, 'live', 'www'])
const HOSTING_LABELS = new Set(['github', 'gitlab', 'bitbucket', 'githubusercontent', 'npm', 'pypi'])
// A name's own part made only of these words says nothing about the server (`com.stripe/mcp`).
const BOILERPLATE = new Set([
  'mcp',
  'server',
  'servers',
  'remote',
  'sse',
  'http',
  'official',
  'modelcontextprotocol',
  'model',
  'context',
  'protocol',
])

/** Lower-case ASCII words joined by hyphens (accents folded, apostrophes dropped); may be empty. */
export function slugify(text: string): string {
  return text
    .toWellFormed()
    .normalize('NFKD')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

// Shortens at a hyphen when one is in the second half, so words are not cut in two.
function fit(slug: string, max: number): string {
  if (slug.length <= max) return slug
  let cut = slug.slice(0, max)
  const dash = cut.lastIndexOf('-')
  if (dash >= max / 2) cut = cut.slice(0, dash)
  return cut.replace(/-+$/, '')
}

/** Splits a name into its namespace labels (publisher) and its own part: `io.github.x/y`, `@scope/pkg`, `pkg`. */
function splitForSlug(name: string): { labels: string[]; own: string } {
  const n = name.trim()
  const slash = n.indexOf('/')
  if (slash < 0) return { labels: [], own: n.replace(/^@+/, '') }
  const head = n.slice(0, slash)
  const own = n.slice(slash + 1)
  // An npm scope is one label (`@toolsdk.ai` is a scope, not a domain); a registry namespace is reverse-DNS.
  if (head.startsWith('@')) return { labels: [head.slice(1)], own }
  return { labels: head.split('.'), own }
}

/** The namespace labels that name a publisher, most specific first (`io.github.owner` → [owner]). */
function publisherLabels(name: string): string[] {
  const { labels } = splitForSlug(name)
  const slugs = labels.map(slugify).filter(Boolean)
  const meaningful = slugs.filter((l) => !GENERIC_LABELS.has(l) && !HOSTING_LABELS.has(l) && !BOILERPLATE.has(l))
  const chosen = meaningful.length ? meaningful : slugs.filter((l) => !GENERIC_LABELS.has(l))
  return chosen.reverse()
}

function shortHash(s: string): string {
  return new Bun.CryptoHasher('sha256').update(s).digest('hex').slice(0, 8)
}

/**
 * A readable, URL-safe slug for a listing from the meaningful part of its name: the namespace is dropped
 * (`io.github.owner/postgres-mcp-server` → `postgres-mcp-server`) unless the rest is only boilerplate
 * (`com.stripe/mcp` → `stripe-mcp`); falls back to the title, then to a hash of the name. Always matches SLUG_PATTERN.
 */
export function slugFor(name: string, title?: string | null): string {
  const { own } = splitForSlug(name)
  let s = slugify(own)
  const publisher = publisherLabels(name)[0]
  if (s?.split('-').every((w) => BOILERPLATE.has(w)) && publisher && !s.split('-').includes(publisher))
    s = `${publisher}-${s}`
  if (!s && title) s = slugify(title)
  if (!s && publisher) s = publisher
  if (!s) s = `server-${shortHash(name)}`
  return fit(s, SLUG_MAX)
}

function withSuffix(base: string, suffix: string): string {
  const sfx = fit(suffix, 24)
  return `${fit(base, SLUG_MAX - sfx.length - 1)}-${sfx}`
}

/**
 * `base` if free, else `base` plus the name's publisher (`postgres-waystation` for `ai.waystation/postgres`),
 * else `base-2`, `base-3`…; `taken` says whether a slug is in use. Pass `name` to enable the publisher step.
 */
export function uniqueSlug(base: string, taken: (s: string) => boolean, name?: string): string {
  const b = SLUG_PATTERN.test(base) && base.length <= SLUG_MAX ? base : slugFor(base)
  if (!taken(b)) return b
  const publisher = name ? publisherLabels(name)[0] : undefined
  const words = new Set(b.split('-'))
  // `stripe-mcp-stripe` would add nothing, so a publisher already in the slug goes straight to numbers.
  if (publisher && !publisher.split('-').every((w) => words.has(w))) {
    const c = withSuffix(b, publisher)
    if (!taken(c)) return c
  }
  for (let n = 2; n < 1_000_000; n++) {
    const c = withSuffix(b, String(n))
    if (!taken(c)) return c
  }
  throw new Error(`no free slug for ${b}`)
}
