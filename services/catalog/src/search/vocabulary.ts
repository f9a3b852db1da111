// The typo-correction vocabulary (catalog.search_terms): the words of listings search can find.
import { type Database, sql } from '@mcp-directory/shared/db'

/** The listing's name words join the typo-correction vocabulary once search can find it (on approval). */
export async function addSearchTerms(tx: Pick<Database['db'], 'execute'>, id: string) {
  await tx.execute(sql`
    insert into catalog.search_terms (term)
    select distinct w from catalog.listings l, regexp_split_to_table(l.search_name || ' ' || lower(coalesce(l.title, '')), '[^a-z0-9]+') as w
    where l.id = ${id} and length(w) >= 3
    on conflict do nothing`)
}
