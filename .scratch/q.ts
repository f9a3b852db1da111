import { openDatabase, runMigrations } from '@mcp-directory/shared/db'
import { loadSharedData } from '@mcp-directory/shared/testing'
import { importDocument } from '../services/catalog/src/import/service'
import { searchListings } from '../services/catalog/src/search/repository'
import { queryTerms } from '../services/catalog/src/search/terms'
import { ndcgAt, recallAt, reciprocalRank } from '../bench/metrics'
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mcpdir_scratch'
const db = await openDatabase({ url })
await runMigrations(db)
const servers = await loadSharedData<any[]>('servers.json')
let t = performance.now()
const s = process.argv.includes("--skip") ? {created:0,updated:0,unchanged:0,skipped:[]} : await importDocument(db, servers)
console.log('import', s.created, s.updated, s.unchanged, s.skipped.length, ((performance.now()-t)/1000).toFixed(1)+'s')
const queries = await loadSharedData<any[]>('queries.json')
let nd = 0, rc = 0, mr = 0
const verbose = process.argv.includes('-v')
for (const q of queries) {
  const r = await searchListings(db, { terms: queryTerms(q.query), category: null, transport: null, verified: false, limit: 10, offset: 0 })
  const names = r.rows.map((x) => x.name)
  const rel = new Set<string>(q.relevant)
  const n = ndcgAt(10, names, rel); nd += n; rc += recallAt(10, names, rel); mr += reciprocalRank(names, rel)
  if (verbose || n < 0.6) { console.log(q.id, q.type, JSON.stringify(q.query), n.toFixed(2), 'total', r.total); if (verbose) names.forEach((x,i)=>console.log('   ', rel.has(x)?'✓':' ', x)) }
}
console.log('nDCG', (nd/queries.length).toFixed(3), 'recall', (rc/queries.length).toFixed(3), 'MRR', (mr/queries.length).toFixed(3))
await db.close()
