// Facts, for the prober and the sandbox: what a probe saw of a listing, and the listings to probe.
import type { Listing, PackageEvidence, RemoteAuthInfo, RepositoryRun, SandboxReport } from '../contracts'
import type { CatalogCall } from './call'

/** The facts `PUT /internal/listings/:id/facts` takes. */
export interface FactsBody {
  checkedAt: string
  /** null: no endpoint to probe any more (health cleared, not seen running). */
  remote?: {
    health: 'active' | 'degraded' | 'down' | 'unknown'
    verified: boolean
    tools?: Listing['tools']
    toolsSource?: string
    auth?: Omit<RemoteAuthInfo, 'checkedAt'>
  } | null
  github?: { stars: number | null; archived: boolean; pushedAt: string | null; homepage: string | null }
  readme?: string | null
  install?: Listing['inferredInstall']
  /** What npm and PyPI said about the listing's packages (null: it has none to read). */
  evidence?: PackageEvidence[] | null
  /** How the listing's own repository can be run. */
  repositoryRun?: RepositoryRun | null
  /** A sandbox start of its package. */
  sandbox?: SandboxReport | null
}

/** The facts methods of the catalog client. */
export const factsCalls = (call: CatalogCall) => ({
  /** Writes a probe's facts; the publicly visible fields that changed (null: the listing is gone). */
  putFacts: async (id: string, facts: FactsBody): Promise<string[] | null> => {
    const r = await call<{ changed: string[] } | null>('PUT', `/internal/listings/${encodeURIComponent(id)}/facts`, {
      body: facts,
      missing: 'null',
    })
    return r?.changed ?? null
  },
  /** Every active listing id, page by page. */
  activeIds: async function* (pageSize = 1000): AsyncGenerator<string[]> {
    let after = ''
    for (;;) {
      const page = await call<{ ids: string[]; next: string | null }>(
        'GET',
        `/internal/probe-targets?${new URLSearchParams({ limit: String(pageSize), after })}`,
      )
      if (page.ids.length) yield page.ids
      if (!page.next) return
      after = page.next
    }
  },
})
