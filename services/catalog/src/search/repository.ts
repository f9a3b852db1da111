import { resultRows, sql, type Database, type SQL } from '@mcp-directory/shared/db'

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
  // What an install hint needs (the `client` parameter): the install model's inputs, health and archive marks.
  inferred_install: unknown
  install_evidence: unknown
  repository_run: unknown
  health: string | null
  github_archived: boolean | null
  maintenance_status: string | null
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
const CANDIDATES_PER_SOURCE = 150
// Upper bound on the rows one GIN index scan hands to candidate selection (see gin_fuzzy_search_limit).
const FUZZY_LIMIT = 2000

const SUMMARY_COLUMNS = sql.raw(
  'l.id, l.name, l.title, l.description, l.category, l.url, l.is_official, l.is_verified_active, l.upvotes, l.packages, l.remotes, l.repository_url, l.source, ' +
    'l.inferred_install, l.install_evidence, l.repository_run, l.health, l.github_archived, l.maintenance_status',
)

// Trust and popularity only break ties after relevance.
const TIE_BREAK = sql.raw(
  'l.is_official desc, l.is_verified_active desc, coalesce(l.github_stars, 0) desc, l.upvotes desc, l.views desc, l.id asc',
)

function filters(spec: SearchSpec): SQL {
  const parts: SQL[] = [sql`l.status = 'active'`]
  if (spec.category) parts.push(sql`l.category = ${spec.category}`)
  if (spec.transport === 'stdio') parts.push(sql`l.has_package`)
  if (spec.transport === 'remote') parts.push(sql`l.has_remote`)
  if (spec.verified) parts.push(sql`l.is_verified_active`)
  return sql.join(parts, sql` and `)
}

/**
 * Builds tsquery text from sanitized words, each with its typo corrections as alternatives:
 * `any` (OR, plus joined pairs such as mongo+db → mongodb), `all` (AND), `name` (OR, matched against name and title),
 * and one query per term for coverage.
 */
export function tsqueryText(terms: string[], corrections: Map<string, string[]> = new Map()) {
  const lex = (w: string) => (w.length >= 3 ? `${w}:*` : w)
  const alt = (w: string) => {
    const forms = [w, ...(corrections.get(w) ?? [])].map(lex)
    return forms.length > 1 ? `(${forms.join(' | ')})` : forms[0]
  }
  const pairs: string[] = []
  for (let i = 0; i + 1 < terms.length; i++) pairs.push(lex(terms[i] + terms[i + 1]))
  return {
    terms: terms.map((w) => alt(w)),
    nameTerms: terms.map((w) => alt(w)),
    any: [...terms.map((w) => alt(w)), ...pairs].join(' | '),
    all: terms.map((w) => alt(w)).join(' & '),
    name: terms.map((w) => alt(w)).join(' | '),
  }
}

// Corrections change only when the vocabulary does; most queries repeat, so remember them for a while.
const CORRECTION_TTL_MS = 5 * 60_000
const correctionCache = new Map<string, { at: number; fixes: string[] }>()

// Counting every match costs as much as the matches are many; a total is remembered for a short while per
// query and filters, so popular queries pay for it once every TOTAL_TTL_MS.
const TOTAL_TTL_MS = 30_000
const totalCache = new Map<string, { at: number; n: number }>()

/** Forgets remembered corrections and totals (after an import or a change of what is listed). */
export function clearCorrections(): void {
  correctionCache.clear()
  totalCache.clear()
}

/** Finds likely corrections for query words that no name or title contains (postgress → postgres). */
export async function correctionsFor(database: Database, terms: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  const now = Date.now()
  const unknown: string[] = []
  for (const t of terms.filter((t) => t.length >= 4)) {
    const hit = correctionCache.get(t)
    if (hit && now - hit.at < CORRECTION_TTL_MS) {
      if (hit.fixes.length) out.set(t, hit.fixes)
    } else unknown.push(t)
  }
  if (!unknown.length) return out
  // Known words are filtered out first (a cheap key look-up); only the rest pay for a trigram search.
  const rows = await database.rows<{ q: string; term: string | null }>(sql`
    select t.q, v.term
    from (select q from unnest(${`{${unknown.join(',')}}`}::text[]) as q where not exists (select 1 from catalog.search_terms k where k.term = q)) t
    left join lateral (
      select term from catalog.search_terms where term % t.q order by similarity(term, t.q) desc limit 2
    ) v on true`)
  const fixes = new Map<string, string[]>(unknown.map((t) => [t, []]))
  for (const r of rows) if (r.term) fixes.get(r.q)?.push(r.term)
  if (correctionCache.size > 10_000) correctionCache.clear()
  for (const [t, f] of fixes) {
    correctionCache.set(t, { at: now, fixes: f })
    if (f.length) out.set(t, f)
  }
  return out
}

/** The fraction of query terms a row matches: each term is one tsquery test on the row's tsvector. */
function coverage(lexemes: string[], column: string): SQL {
  // A scalar subquery is an init-plan: each tsquery is parsed once per search, not once per row.
  const tests = lexemes.map((x) => sql`(${sql.raw(column)} @@ (select to_tsquery('english', ${x})))::int`)
  return sql`((${sql.join(tests, sql` + `)})::float / ${lexemes.length})`
}

/** Runs `fn` in a read transaction where the planner must prefer indexes over sequential scans. */
async function withIndexScans<T>(database: Database, fn: (db: Database) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`)
    const scoped: Database = { ...database, rows: async <R>(q: SQL) => resultRows<R>(await tx.execute(q)) }
    return fn(scoped)
  })
}

/** Runs a ranked search (or a browse when there are no terms); returns the page and the total count. */
export async function searchListings(
  database: Database,
  spec: SearchSpec,
): Promise<{ total: number; rows: SummaryRow[] }> {
  const where = filters(spec)
  if (spec.terms.length === 0) {
    const [rows, count] = await Promise.all([
      database.rows<SummaryRow>(
        sql`select ${SUMMARY_COLUMNS} from catalog.listings l where ${where} order by ${TIE_BREAK} limit ${spec.limit} offset ${spec.offset}`,
      ),
      database.rows<{ n: number }>(sql`select count(*)::int as n from catalog.listings l where ${where}`),
    ])
    return { total: Number(count[0]?.n ?? 0), rows }
  }
  // Deep pages widen the candidate sets so that every match stays reachable.
  const cap = Math.max(CANDIDATES_PER_SOURCE, spec.offset + spec.limit)
  // Listings matching only some words anywhere are the weakest candidates; fewer of them are fetched.
  const anyCap = Math.max(CANDIDATES_PER_SOURCE / 2, spec.offset + spec.limit)
  // ts_rank adds at most about 1 to a score; the best 60 by the cheap score (more for deep pages) keep every
  // listing that it could lift into the page.
  const stage2 = Math.max(60, 3 * (spec.offset + spec.limit))
  const ts = tsqueryText(spec.terms, await correctionsFor(database, spec.terms))
  const text = spec.terms.join(' ')
  // Each tsquery is written inline so the planner can use the GIN index for every candidate source.
  const qany = sql`to_tsquery('english', ${ts.any})`
  const qall = sql`to_tsquery('english', ${ts.all})`
  const qname = sql`to_tsquery('english', ${ts.name})`
  const ranked = (db: Database) =>
    db.rows<SummaryRow>(sql`
    with cand as (
      -- Name matches: the shortest names first, as they are the ones most about the query words.
      (select l.id from catalog.listings l where ${where} and l.search_title @@ ${qname} order by length(l.search_name) limit ${cap})
      union
      (select l.id from catalog.listings l where ${where} and l.search @@ ${qall} limit ${cap})
      union
      (select l.id from catalog.listings l where ${where} and l.search @@ ${qany} limit ${anyCap})
    )
    -- Stage 1 scores every candidate cheaply; stage 2 adds the costlier ts_rank for the best of them only.
    , firstpass as (
      select l.id,
        ${coverage(ts.terms, 'l.search')} * 2.0
        + ${coverage(ts.nameTerms, 'l.search_title')} * 1.0
        + 0.3 * word_similarity(${text}, l.search_name)
        + case when l.search_name = ${text} then 0.5 else 0 end as score
      from catalog.listings l join cand on cand.id = l.id
      order by score desc
      limit ${stage2}
    )
    select ${SUMMARY_COLUMNS}, f.score + ts_rank('{0.05, 0.2, 0.5, 1.0}', l.search, (select ${qany}), 1) as score
    from catalog.listings l join firstpass f on f.id = l.id
    order by score desc, ${TIE_BREAK}
    limit ${spec.limit} offset ${spec.offset}`)
  const totalKey = JSON.stringify([ts.any, spec.category, spec.transport, spec.verified])
  const known = totalCache.get(totalKey)
  const counted = async (db: Database) => {
    if (known && Date.now() - known.at < TOTAL_TTL_MS) return [{ n: known.n }]
    const r = await db.rows<{ n: number }>(
      sql`select count(*)::int as n from catalog.listings l where ${where} and l.search @@ ${qany}`,
    )
    if (totalCache.size > 10_000) totalCache.clear()
    totalCache.set(totalKey, { at: Date.now(), n: Number(r[0]?.n ?? 0) })
    return r
  }
  // The planner misjudges weighted and prefix tsqueries as unselective and scans the table; the GIN index is
  // always the cheaper path here, and it keeps the cost flat as the catalog grows.
  const [rows, count] = await withIndexScans(database, async (db) => {
    // A GIN scan returns at most this many rows for the candidate sources (a sample when a word is very common),
    // so fetching candidates costs the same at 5k or 500k listings; the total below is counted exactly.
    await db.rows(sql`set local gin_fuzzy_search_limit = ${sql.raw(String(FUZZY_LIMIT))}`)
    const page = await ranked(db)
    await db.rows(sql`set local gin_fuzzy_search_limit = 0`)
    return [page, await counted(db)] as const
  })
  return { total: Number(count[0]?.n ?? 0), rows }
}
