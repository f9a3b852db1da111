/**
 * What a listing is about, read from its own name and title: the words left once the namespace and the words every
 * server shares are gone (`io.github.mallory/zulip` is about zulip; `com.notion/mcp` about nothing but its publisher).
 * A listing is its publisher's own when it is about its publisher, or about nothing else.
 */
import { STOP_WORDS } from '../text/engine/analyze'
import { written } from '../text/terms'

// Words of a name that say how a server is made or reached, not what it is about.
const STRUCTURAL = new Set([
  'official',
  'unofficial',
  'api',
  'remote',
  'hosted',
  'connector',
  'integration',
  'plugin',
  'sse',
  'http',
  'stdio',
  'streamable',
  'node',
  'js',
  'ts',
  'py',
  'cli',
  'lite',
])

/** The words (as written and joined) of a name's own part and its title that say what the listing is about. */
export function subjectWords(name: string, title: string | null): string[] {
  const own = name.slice(name.lastIndexOf('/') + 1)
  const w = written(`${own} ${title ?? ''}`)
  return [...new Set([...w.words, ...w.joined])].filter((x) => !STOP_WORDS.has(x) && !STRUCTURAL.has(x) && x.length > 1)
}

/** True when a listing about these words is its publisher's own (keys: every form its publisher is named by). */
export function isOwnSubject(subject: readonly string[], keys: readonly string[]): boolean {
  if (!keys.length) return false
  return subject.length === 0 || subject.some((w) => keys.includes(w.replace(/[^a-z0-9]/g, '')))
}

// Affixes a company's account or scope wraps its name in (makenotion, notionhq, homeassistant-ai, gitlab-org).
const PREFIXES = ['make', 'get', 'use', 'try', 'join']
const SUFFIXES = [
  'hq',
  'inc',
  'labs',
  'lab',
  'ai',
  'app',
  'dev',
  'io',
  'official',
  'team',
  'org',
  'corp',
  'co',
  'mcp',
  'oss',
]

/** A publisher identity's label in the forms a query names it by: as written, and without a structural affix. */
export function keyForms(label: string): string[] {
  const k = label.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (k.length < 2) return []
  const out = [k]
  for (const p of PREFIXES) if (k.startsWith(p) && k.length - p.length >= 3) out.push(k.slice(p.length))
  for (const s of SUFFIXES) if (k.endsWith(s) && k.length - s.length >= 3) out.push(k.slice(0, -s.length))
  return [...new Set(out)]
}
