// Facts, for the prober and the sandbox: what a probe saw of a listing, and the listings to probe.
import type { Static } from '@sinclair/typebox'
import type { FactsAnswer, FactsBody, ProbeTargets } from '../contracts/catalog-internal'
import type { CatalogCall } from './call'

export type { FactsBody } from '../contracts/catalog-internal'

/** The facts methods of the catalog client. */
export const factsCalls = (call: CatalogCall) => ({
  /** Writes a probe's facts; the publicly visible fields that changed (null: the listing is gone). */
  putFacts: async (id: string, facts: FactsBody): Promise<string[] | null> => {
    const r = await call<Static<typeof FactsAnswer> | null>(
      'PUT',
      `/internal/listings/${encodeURIComponent(id)}/facts`,
      {
        body: facts,
        missing: 'null',
      },
    )
    return r?.changed ?? null
  },
  /** Every active listing id, page by page. */
  activeIds: async function* (pageSize = 1000): AsyncGenerator<string[]> {
    let after = ''
    for (;;) {
      const page = await call<ProbeTargets>(
        'GET',
        `/internal/probe-targets?${new URLSearchParams({ limit: String(pageSize), after })}`,
      )
      if (page.ids.length) yield page.ids
      if (!page.next) return
      after = page.next
    }
  },
})
