/**
 * Guessing a listing's category from what is known of it (name, title, description, the tools it was seen offering,
 * the opening of its README), and placing an entry's own category label onto the taxonomy. A guess must be
 * confident: a wrong category misleads a browsing user more than Other does.
 */
import {
  type Category,
  categoryBySlug,
  communityCategorySlug,
  HINT_REGEXPS,
  OTHER_CATEGORY,
  REFINEMENTS,
  resolveCategory,
} from './taxonomy'

/** What a listing says about itself; every part is optional. */
export interface CategoryEvidence {
  name?: string | null
  title?: string | null
  description?: string | null
  /** The tools a probe saw it offer. */
  tools?: readonly { name: string; title?: string; description?: string }[] | null
  /** Its repository README as stored (only the part before installation notes is read). */
  readme?: string | null
}

/** A category and whether it is a guess (no usable category was given) or the one its source or owner gave. */
export interface Categorized {
  category: Category
  guessed: boolean
}

// How much a keyword found in each part counts; a keyword counts once per category, at its best part. The name says
// what a server is; a title nearly as much (a display title is sometimes another project's); prose (descriptions,
// README) mentions much in passing. A tool's name counts 1, and 2 when the keyword is in the names of two tools or
// more: `add_task`, `list_tasks` say what a server is for; one `get_notes` among twenty tools does not.
const WEIGHTS = { name: 3, title: 2, description: 1, toolText: 1, readme: 1 } as const
const TOOL_NAME_WEIGHT = 1
const TOOL_NAMES_WEIGHT = 2
type Part = keyof typeof WEIGHTS

// Longest text read of each part: the opening of a text says what a server is for, and the work stays bounded.
const LIMITS: Record<Part, number> = {
  name: 200,
  title: 200,
  description: 600,
  toolText: 4_000,
  readme: 1_500,
}
// Most tools read, how much of each one's name and title, and of its description (its first sentence or two).
const MAX_TOOLS = 60
const TOOL_NAME_LIMIT = 200
const TOOL_TEXT_EACH = 160
// The README is read this far at most before its prose is picked out.
const README_SCAN = 20_000

// A guess wins only with at least this score (a name or title keyword, one in two tools' names, or two in prose)
// and this lead over the runner-up; otherwise the listing stays Other. Checked on servers.json (see bench/categories).
const MIN_SCORE = 2
const MIN_LEAD = 2

// A tool named `getWeatherForecast` is also read as `get Weather Forecast`, so its words match on their boundaries
// (prose is read as written: splitting `PostgreSQL` or `OpenAI` would lose them).
const withCamelSplit = (s: string) => `${s} ; ${s.replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')}`.toLowerCase()

// Headings that start the how-to part of a README: installing, configuring, developing. Words there (npm, docker,
// git, terminal) are about setting the server up, not about what it does.
const HOW_TO_HEADING =
  /^#{1,6}\s.*\b(install|setup|set up|configur|usage|getting started|quick ?start|requirements|prerequisites|develop|contribut|licen[cs]e|build|running|deploy|docker|environment)/im

/** The prose of a README's opening: before its first how-to heading, without code, markup, links' targets or URLs. */
export function readmeIntro(readme: string): string {
  let text = readme.slice(0, README_SCAN).replace(/```[\s\S]*?(```|$)/g, ' ')
  const howTo = HOW_TO_HEADING.exec(text)
  if (howTo) text = text.slice(0, howTo.index)
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, LIMITS.readme)
}

/** The text of each part, lower-cased and bounded, and each tool's name (with its title). */
function partsOf(e: CategoryEvidence): { parts: [Part, string][]; toolNames: string[] } {
  // Only the last segment of a name counts: `io.github.owner/` and `@scope/` are namespaces, not topics.
  const name = typeof e.name === 'string' ? (e.name.slice(0, 400).split('/').pop() ?? '') : ''
  const tools = Array.isArray(e.tools) ? e.tools.slice(0, MAX_TOOLS) : []
  const str = (v: unknown) => (typeof v === 'string' ? v : '')
  const raw: [Part, string][] = [
    ['name', name],
    ['title', str(e.title)],
    ['description', str(e.description)],
    ['toolText', tools.map((t) => str(t?.description).slice(0, TOOL_TEXT_EACH)).join(' ; ')],
    ['readme', typeof e.readme === 'string' ? readmeIntro(e.readme) : ''],
  ]
  const parts = raw
    .map(([part, text]): [Part, string] => [part, text.slice(0, LIMITS[part]).toLowerCase()])
    .filter(([, text]) => text.length > 0)
  const toolNames = tools.map((t) => withCamelSplit(`${str(t?.name)} ${str(t?.title)}`.slice(0, TOOL_NAME_LIMIT)))
  return { parts, toolNames }
}

/** What the tools' names say for one keyword: 1 in one tool's name, 2 in two or more. */
function toolNamesWeight(re: RegExp, toolNames: string[]): number {
  let hits = 0
  for (const n of toolNames) if (re.test(n) && ++hits >= 2) return TOOL_NAMES_WEIGHT
  return hits ? TOOL_NAME_WEIGHT : 0
}

/** Scores each category: the sum over its keywords found of the weight of the best part each was found in. */
export function scoreCategoryHints(evidence: CategoryEvidence): Map<string, number> {
  const { parts, toolNames } = partsOf(evidence)
  const scores = new Map<string, number>()
  for (const [slug, regexps] of HINT_REGEXPS) {
    let s = 0
    for (const re of regexps) {
      let best = toolNamesWeight(re, toolNames)
      for (const [part, text] of parts) if (WEIGHTS[part] > best && re.test(text)) best = WEIGHTS[part]
      s += best
    }
    if (s > 0) scores.set(slug, s)
  }
  return scores
}

/** The best category, its score and the runner-up's score. */
function leader(scores: Map<string, number>): { slug: string | null; best: number; second: number } {
  let slug: string | null = null
  let best = 0
  let second = 0
  for (const [s, v] of scores) {
    if (v > best) {
      second = best
      best = v
      slug = s
    } else if (v > second) second = v
  }
  return { slug, best, second }
}

/** The category the evidence points to with confidence (optionally only among `allowed`), or null. */
export function guessCategoryFromHints(evidence: CategoryEvidence, allowed?: readonly string[]): Category | null {
  const { slug, best, second } = leader(scoreCategoryHints(evidence))
  if (!slug || best < MIN_SCORE || best - second < MIN_LEAD) return null
  if (allowed && !allowed.includes(slug)) return null
  return categoryBySlug(slug)
}

/** A coarse community category narrowed to a finer one of ours when the evidence clearly says so. */
function refined(base: string, evidence: CategoryEvidence | undefined): Category {
  const narrower = REFINEMENTS[base]
  if (evidence && narrower) {
    const scores = scoreCategoryHints(evidence)
    const baseScore = scores.get(base) ?? 0
    for (const slug of narrower) {
      const s = scores.get(slug) ?? 0
      if (s >= MIN_SCORE && s > baseScore) return categoryBySlug(slug)
    }
  }
  return categoryBySlug(base)
}

/**
 * Places an entry's own category label on the taxonomy: a community (ToolSDK) name or any spelling of one of ours is
 * used as given; a missing, unknown or catch-all label leaves the category to a confident guess, else Other, and
 * says so (`guessed`), so it is guessed again when more is known of the listing.
 */
export function categorize(raw: string | undefined | null, evidence?: CategoryEvidence): Categorized {
  const text = typeof raw === 'string' ? raw : ''
  const community = communityCategorySlug(text)
  if (community) return { category: refined(community, evidence), guessed: false }
  const own = community === undefined && text ? resolveCategory(text) : null
  if (own) return { category: own, guessed: false }
  return { category: (evidence && guessCategoryFromHints(evidence)) ?? OTHER_CATEGORY, guessed: true }
}

/** `categorize` without saying whether it guessed. */
export function mapCommunityCategory(raw: string | undefined | null, evidence?: CategoryEvidence): Category {
  return categorize(raw, evidence).category
}
