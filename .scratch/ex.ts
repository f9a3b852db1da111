import { openDatabase, sql } from '@mcp-directory/shared/db'
import { searchListings } from '../services/catalog/src/search/repository'
import { queryTerms } from '../services/catalog/src/search/terms'
const db = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/mcpdir_scratch' })
const qs = ['web search', 'postgres', 'read write excel files', 'kubernets', 'github issues', 'browser automation']
for (let round = 0; round < 2; round++) {
  for (const q of qs) {
    const t = performance.now()
    for (let i = 0; i < 5; i++) await searchListings(db, { terms: queryTerms(q), category: null, transport: null, verified: false, limit: 20, offset: 0 })
    if (round) console.log(q.padEnd(25), ((performance.now() - t) / 5).toFixed(1), 'ms')
  }
}
await db.close()
