import { sql, type Database, type SQL } from '@mcp-directory/shared/db'

/** Columns a search result needs (never the README or the tsvector). */
export interface SummaryRow {
  id: string
  name: string
  title: string | null
  description: string
  category: string
  url: string | null
  is_official: boolean
  is_verified_active: boolean
  upvotes: number
  packages: unknown
  remotes: unknown
  repository_url: string | null
  source: string
}

/** A search as the repository runs it: prepared terms and validated filters. */
export interface SearchSpec {
  /** Meaningful query words (boilerplate dropped); empty means browse. */
  terms: string[]
  category: string | null
  transport: 'stdio' | 'remote' | null
  verified: boolean
  limit: number
  offset: number
}

// Each candidate source is capped, so ranking cost stays bounded however large the catalog grows.
const CANDIDATES_PER_SOURCE = 300

const SUMMARY_COLUMNS = sql.raw(
  'l.id, l.name, l.title, l.description, l.category, l.url, l.is_official, l.is_verified_active, l.upvotes, l.packages, l.remotes, l.repository_url, l.source',
)

// Trust and popularity only break ties after relevance.
const TIE_BREAK = sql.raw('l.is_official desc, l.is_verified_active desc, coalesce(l.github_stars, 0) desc, l.upvotes desc, l.views desc, l.id asc')

function filters(spec: SearchSpec): SQL {
  const parts: SQL[] = [sql`l.status = 'active'`]
  if (spec.category) parts.push(sql`l.category = ${spec.category}`)
  if (spec.transport === 'stdio') parts.push(sql`l.has_package`)
  if (spec.transport === 'remote') parts.push(sql`l.has_remote`)
  if (spec.verified) parts.push(sql`l.is_verified_active`)
  return sql.join(parts, sql` and `)
}

/** Builds tsquery text from sanitized words: `any` (OR, with joined pairs such as mongo+db → mongodb) and `all` (AND). */
export function tsqueryText(terms: string[]) {
  const lex = (w: string) => (w.length >= 3 ? `${w}:*` : w)
  const alts = terms.map(lex)
  for (let i = 0; i + 1 < terms.length; i++) alts.push(lex(terms[i] + terms[i + 1]))
  return {
    terms: terms.map(lex),
    nameTerms: terms.map((w) => `${lex(w)}A`),
    any: alts.join(' | '),
    all: terms.map(lex).join(' & '),
    name: terms.map((w) => `${lex(w)}A`).join(' | '),
  }
}

/** The fraction of query terms a row matches: each term is one tsquery test on the row's tsvector. */
function coverage(lexemes: string[], column: string): SQL {
  const tests = lexemes.map((x) => sql`(${sql.raw(column)} @@ to_tsquery('english', ${x}))::int`)
  return sql`((${sql.join(tests, sql` + `)})::float / ${lexemes.length})`
}

/** Runs a ranked search (or a browse when there are no terms); returns the page and the total count. */
export async function searchListings(database: Database, spec: SearchSpec): Promise<{ total: number; rows: SummaryRow[] }> {
  const where = filters(spec)
  if (spec.terms.length === 0) {
    const [rows, count] = await Promise.all([
      database.rows<SummaryRow>(sql`select ${SUMMARY_COLUMNS} from catalog.listings l where ${where} order by ${TIE_BREAK} limit ${spec.limit} offset ${spec.offset}`),
      database.rows<{ n: number }>(sql`select count(*)::int as n from catalog.listings l where ${where}`),
    ])
    return { total: Number(count[0]?.n ?? 0), rows }
  }
  // Deep pages widen the candidate sets so that every match stays reachable.
  const cap = Math.max(CANDIDATES_PER_SOURCE, spec.offset + spec.limit)
  const ts = tsqueryText(spec.terms)
  const text = spec.terms.join(' ')
  // Each tsquery is written inline (not through a CTE) so the planner can use the GIN indexes for every source.
  const qany = sql`to_tsquery('english', ${ts.any})`
  const qall = sql`to_tsquery('english', ${ts.all})`
  const qname = sql`to_tsquery('english', ${ts.name})`
  const rows = await database.rows<SummaryRow>(sql`
    with cand as (
      (select l.id from catalog.listings l where ${where} and l.search @@ ${qname} limit ${cap})
      union
      (select l.id from catalog.listings l where ${where} and l.search @@ ${qall} limit ${cap})
      union
      (select l.id from catalog.listings l where ${where} and l.search @@ ${qany} limit ${cap})
      union
      (select l.id from catalog.listings l where ${where} and l.search_name % ${text} limit ${cap})
    )
    select ${SUMMARY_COLUMNS},
      ${coverage(ts.terms, 'l.search')} * 2.0
      + ${coverage(ts.nameTerms, 'l.search')} * 1.0
      + ts_rank_cd('{0.05, 0.2, 0.5, 1.0}', l.search, ${qany}, 1)
      + case when l.search @@ ${qany} then 0.3 else 1.5 end * word_similarity(${text}, l.search_name)
      + case when l.search_name = ${text} then 0.5 else 0 end as score
    from catalog.listings l join cand on cand.id = l.id
    order by score desc, ${TIE_BREAK}
    limit ${spec.limit} offset ${spec.offset}`)
  const count = await database.rows<{ n: number }>(sql`
    select count(*)::int as n from (
      select l.id from catalog.listings l where ${where} and l.search @@ ${qany}
      union
      select l.id from catalog.listings l where ${where} and l.search_name % ${text}
    ) m`)
  return { total: Number(count[0]?.n ?? 0), rows }
}
