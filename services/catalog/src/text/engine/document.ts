/** What the search index keeps of a listing: its text as terms per field, and the facts filters and trust read. */
import { splitName, type Written, written } from '../terms'
import { repositoryKey } from '@mcp-directory/shared/install'
import { STOP_WORDS, termOf, termsOfWritten } from './analyze'
import { type NamedFacts, namedFactsOf } from './named-facts'
import { scopeOf } from './places'

/** The fields a term can be found in, in weight order (see TUNING.fieldWeights). */
export const FIELDS = ['name', 'title', 'tools', 'description', 'tags', 'toolText', 'readme', 'category'] as const
export const FIELD_COUNT = FIELDS.length
/** The fields made of a listing's tools (and skills): observed for some listings only. */
export const TOOL_FIELDS: readonly number[] = [FIELDS.indexOf('tools'), FIELDS.indexOf('toolText')]

/** Characters of a README and of tool descriptions that are indexed, so one listing cannot swamp the index. */
export const MAX_README_TEXT = 4_000
export const MAX_TOOL_TEXT = 8_000

/** A listing as search reads it (an active listing's row, mapped by the catalog). */
export interface SearchDocument {
  id: string
  name: string
  title: string | null
  description: string
  tags: string[]
  tools: { name: string; description?: string | null }[]
  /** The skills the server offers: found as its tools are (names with tool names, descriptions with theirs). */
  skills?: { name: string; description?: string | null }[]
  readme: string | null
  /** Stored category name. */
  category: string
  repositoryUrl: string | null
  /** Normalised repository (+ subfolder): listings sharing it are one server. */
  repositoryKey: string | null
  hasPackage: boolean
  hasRemote: boolean
  verified: boolean
  isOfficial: boolean
  /** Every readiness check for an agent's host passed (shared/readiness); none said: not ready. */
  ready?: boolean
  stars: number | null
  /** Where the listing came from (`official-registry`, `submission`, …). */
  source: string
  /** How usable it is today (none said: active, with an install recipe). */
  lifecycle?: Lifecycle
  /** What the orderings other than relevance read (none said: all 0). */
  order?: OrderFacts
  /** Who made it, as ranking reads it (none said: judged from its name and repository alone, as before publishers). */
  publisher?: PublisherFacts
  /** Its name: a query that is it finds it first (named.ts). */
  names?: string[]
  /** Its id and install name (the key under `mcpServers`), both made from its name: typed as written, one finds it. */
  installNames?: string[]
}

/** What ranking reads of a listing's publisher (listings/publisher-identity.ts judges it). */
export interface PublisherFacts {
  /** The forms a query may name its publisher by (empty unless it is the publisher's own and tied by evidence). */
  keys: string[]
  /** It is its publisher's own server, and some evidence proves the publisher. */
  ownVerified: boolean
  /** A copy hosted by a publisher other than its repository's account (the account's own listing is its face). */
  copy: boolean
  /**
   * The publisher's flagship (`notion` for com.notion/mcp and a proven @notionhq/notion-mcp-server): a proven
   * publisher's own listing about nothing but its publisher. Its listings are one server, whatever their repositories.
   */
  flagship: string | null
}

/** What a search's `sort` orders by, in milliseconds since the epoch and counts (0 when unknown). */
export interface OrderFacts {
  /** When the listing was added. */
  addedAt: number
  installs: number
  /** When its live facts were last checked (0: never). */
  checkedAt: number
}

const NO_ORDER: OrderFacts = { addedAt: 0, installs: 0, checkedAt: 0 }

/** What a listing's state says of its use today, each on evidence the catalog stores. */
export interface Lifecycle {
  /** Why it is no longer maintained (archived or deprecated), or null. */
  retired: string | null
  /** Its endpoint failed the prober more than once in a row (health `down`). */
  down: boolean
  /** Its install recipe: none, one we are not sure of, or one with evidence. */
  install: 'none' | 'low' | 'high'
}

const ACTIVE: Lifecycle = { retired: null, down: false, install: 'high' }

/** The facts of a listing the index filters, collapses and weighs trust by. */
export interface ListingFacts {
  id: string
  category: string
  repositoryKey: string | null
  /** What makes listings one server (one hit each): the publisher's flagship, else the repository key. */
  serverKey: string | null
  hasPackage: boolean
  hasRemote: boolean
  verified: boolean
  isOfficial: boolean
  /** Every readiness check passed (the `ready=1` filter). */
  ready?: boolean
  officialNamespace: boolean
  /** A third party's hosted copy of another account's repository. */
  copy: boolean
  /** What names it, as hashes (named.ts); absent when nothing was said. */
  named?: NamedFacts
  stars: number
  /** Countries the listing is scoped to, by what its name, title and description name (places.ts). */
  scope: readonly string[]
  lifecycle: Lifecycle
  order: OrderFacts
}

/**
 * A document analysed: its facts, per field its terms and its length in words, and the words as written (typo
 * look-ups compare those).
 */
export interface AnalysedDocument {
  facts: ListingFacts
  fields: string[][]
  lengths: number[]
  /** Words made of parts, each with its parts' terms space-separated (`mongodb` → `mongo db`). */
  compounds: [string, string][]
  words: string[]
}

// Owner of a repository (github.com/acme/x → acme), from the comparison key every listing identity uses.
const repositoryOwner = (url: string | null): string | null => repositoryKey(url)?.split('/')[1]?.toLowerCase() ?? null

/**
 * True when the name's namespace is the repository's owner: io.github.acme/x or com.acme/x or @acme/x published from
 * github.com/acme/…. Evidence we can name: whoever controls the namespace published from that owner's repository.
 */
export function officialNamespace(name: string, repositoryUrl: string | null): boolean {
  const owner = repositoryOwner(repositoryUrl)
  if (!owner || !name.includes('/')) return false
  const head = name.slice(0, name.lastIndexOf('/')).replace(/^@/, '').toLowerCase()
  // io.github.<owner>, com.<owner> or an npm scope <owner>: the namespace's last label is the owner.
  return head.split('.').at(-1) === owner
}

/** Splits a listing into the index's fields. */
export function analyse(doc: SearchDocument): AnalysedDocument {
  const { namespace, own } = splitName(doc.name)
  const offered = [...doc.tools, ...(doc.skills ?? [])]
  const toolText = offered
    .map((t) => t.description ?? '')
    .join(' ')
    .slice(0, MAX_TOOL_TEXT)
  // Split once: the title's and description's words are both indexed and read for the countries they name.
  const title = written(doc.title ?? '')
  const description = written(doc.description)
  // In FIELDS order.
  const fields: Written[] = [
    {
      words: [...namespace.words, ...own.words],
      joined: [...namespace.joined, ...own.joined],
      parts: [...namespace.parts, ...own.parts],
      compounds: [...namespace.compounds, ...own.compounds],
    },
    title,
    written(offered.map((t) => t.name).join(' ')),
    description,
    written(doc.tags.join(' ')),
    written(toolText),
    written(doc.readme?.slice(0, MAX_README_TEXT) ?? ''),
    written(doc.category),
  ]
  return {
    facts: {
      id: doc.id,
      category: doc.category,
      repositoryKey: doc.repositoryKey,
      serverKey: doc.publisher?.flagship ? `publisher:${doc.publisher.flagship}` : doc.repositoryKey,
      hasPackage: doc.hasPackage,
      hasRemote: doc.hasRemote,
      verified: doc.verified,
      isOfficial: doc.isOfficial,
      ready: doc.ready === true,
      // A name is its publisher's in the registries an operator imports from (the official registry proves the
      // namespace, npm the scope); a submitter may write any name, so a submitted one proves nothing.
      // With its publisher judged, only a proven publisher's own server counts (`io.github.mallory/zulip` proves
      // mallory, and is not Zulip's), published from that publisher's own repository. A vendor's hosted entry with no
      // repository is found first by its name instead (named.ts): lifting every such entry by trust put vendors'
      // generic servers above the ones a task asks for (the judged sets' nDCG@10 0.881 against 0.884, task 0.522
      // against 0.532).
      officialNamespace: doc.publisher
        ? doc.publisher.ownVerified && officialNamespace(doc.name, doc.repositoryUrl)
        : doc.source !== 'submission' && officialNamespace(doc.name, doc.repositoryUrl),
      copy: doc.publisher?.copy ?? false,
      ...(doc.names || doc.installNames || doc.publisher
        ? { named: namedFactsOf(doc.names ?? [], doc.installNames ?? [], doc.publisher?.keys ?? []) }
        : {}),
      stars: doc.stars ?? 0,
      // The namespace names the publisher (IndianAppGuy, a person called Israel), not where the server works.
      scope: scopeOf(own.words, title.words, description.words),
      lifecycle: doc.lifecycle ?? ACTIVE,
      order: doc.order ?? NO_ORDER,
    },
    fields: fields.map(termsOfWritten),
    // A field's length is its words, each once however many forms (joined, parts) it is also found by.
    lengths: fields.map((w) => w.words.filter((x) => !STOP_WORDS.has(x)).length),
    // The words of its name, title and description made of parts, as terms (what a query word's parts are read from).
    compounds: [fields[0]!, title, description].flatMap((w) =>
      w.compounds.flatMap(([whole, parts]) => {
        const kept = parts.filter((p) => !STOP_WORDS.has(p)).map(termOf)
        return kept.length > 1 ? [[termOf(whole), kept.join(' ')] as [string, string]] : []
      }),
    ),
    // Words as written, not joined ones: prefix and typo forms are looked for among these.
    words: [
      ...new Set(
        written([doc.name, doc.title ?? '', doc.description, ...doc.tags, ...doc.tools.map((t) => t.name)].join(' '))
          .words,
      ),
    ].filter((w) => !STOP_WORDS.has(w)),
  }
}
