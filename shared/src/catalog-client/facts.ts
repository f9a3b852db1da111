// Facts, for the prober and the sandbox: what a probe saw of a listing, and the listings to probe.
import { type FactsBody, listProbeTargets, putListingFacts } from '../contracts/catalog-internal'
import type { CatalogCall } from './call'

export type { FactsBody } from '../contracts/catalog-internal'

/** The facts methods of the catalog client. */
export const factsCalls = (call: CatalogCall) => ({
  /** Writes a probe's facts; the publicly visible fields that changed (null: the listing is gone). */
  putFacts: async (id: string, facts: FactsBody): Promise<string[] | null> =>
    (await call(putListingFacts, { params: { id }, body: facts }, { missing: 'null' }))?.changed ?? null,
  /** Every active listing id, page by page. */
  activeIds: async function* (pageSize = 1000): AsyncGenerator<string[]> {
    let after = ''
    for (;;) {
      const page = await call(listProbeTargets, { query: { limit: pageSize, after } })
      if (page.ids.length) yield page.ids
      if (!page.next) return
      after = page.next
    }
  },
})
