// Facts, for the prober and the sandbox: what a probe saw of a listing, and the listings to probe.
import {
  type FactsBody,
  listProbeTargets,
  listSandboxTargets,
  putListingFacts,
  readSandboxCoverage,
  type SandboxCoverage,
} from '../contracts/catalog-internal'
import { AppError } from '../errors'
import type { CatalogCall } from './call'

export type { FactsBody, SandboxCoverage } from '../contracts/catalog-internal'

/** The facts methods of the catalog client. */
export const factsCalls = (call: CatalogCall) => {
  /** Writes a probe's facts; the publicly visible fields that changed (null: the listing is gone). */
  const put = async (id: string, facts: FactsBody): Promise<string[] | null> =>
    (await call(putListingFacts, { params: { id }, body: facts }, { missing: 'null' }))?.changed ?? null
  return {
    putFacts: put,
    /**
     * Writes a probe's facts like `putFacts`; when the catalog refuses them (a 4xx other than a stale basis's 409 or
     * a gone listing's 404: too large, invalid), says so in a body of its own, so the listing records a failed write
     * and stops looking current instead of keeping its last record. Throws what the catalog answered otherwise.
     */
    putFactsOrRecordRefusal: async (
      id: string,
      facts: FactsBody,
    ): Promise<{ changed: string[] | null; refused?: string }> => {
      try {
        return { changed: await put(id, facts) }
      } catch (err) {
        if (!(err instanceof AppError) || err.status < 400 || err.status >= 500 || [404, 409].includes(err.status))
          throw err
        const refused = `${err.status} ${err.message}`.slice(0, 500)
        return { changed: await put(id, { checkedAt: facts.checkedAt, refused }), refused }
      }
    },
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
    /** The runnable listings due a sandbox start (never started, or last started before `startedBefore`), most viewed first. */
    sandboxTargets: async (startedBefore: Date, limit: number): Promise<string[]> =>
      (await call(listSandboxTargets, { query: { startedBefore: startedBefore.toISOString(), limit } })).ids,
    /** The runnable listings per registry and their last starts' verdicts. */
    sandboxCoverage: (): Promise<SandboxCoverage> => call(readSandboxCoverage),
  }
}
