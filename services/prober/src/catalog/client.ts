// How the prober reaches the catalog, which owns listings: its internal API, over HTTP (stack, compose) or
// in-process (all-in-one). The prober never reads or writes the catalog's tables.
import type { Listing, PackageEvidence, RepositoryRun, SandboxReport } from '@mcp-directory/shared/contracts'
import type { Logger } from '@mcp-directory/shared/log'
import { replicaHandler } from '@mcp-directory/shared/upstream'
import type { RemoteAuth } from '../probe/remote'

/** Something that answers the catalog's internal requests (an Elysia app's `handle`, or HTTP to its replicas). */
export type CatalogHandler = (request: Request) => Response | Promise<Response>

/** A listing as the catalog's internal API returns it (dates as strings). */
export type CatalogListing = Pick<
  Listing,
  | 'id'
  | 'name'
  | 'status'
  | 'url'
  | 'repositoryUrl'
  | 'websiteUrl'
  | 'remotes'
  | 'packages'
  | 'health'
  | 'isVerifiedActive'
> &
  Partial<Pick<Listing, 'inferredInstall' | 'installEvidence' | 'repositoryRun' | 'sandbox'>>

/** The facts the catalog's `PUT /internal/listings/:id/facts` takes (services/catalog/src/internal/facts.ts). */
export interface FactsBody {
  checkedAt: string
  /** null: no endpoint to probe any more (health cleared, not seen running). */
  remote?: {
    health: 'active' | 'degraded' | 'down' | 'unknown'
    verified: boolean
    tools?: Listing['tools']
    toolsSource?: string
    auth?: RemoteAuth
  } | null
  github?: { stars: number | null; archived: boolean; pushedAt: string | null; homepage: string | null }
  readme?: string | null
  install?: Listing['inferredInstall']
  /** What npm and PyPI said about the listing's packages (null: it has none to read). */
  evidence?: PackageEvidence[] | null
  /** How the listing's own repository can be run. */
  repositoryRun?: RepositoryRun | null
  /** A sandbox start of its package (services/sandbox reports it). */
  sandbox?: SandboxReport | null
}

/** The catalog could not be reached or refused: the job is retried later. */
export class CatalogUnavailable extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CatalogUnavailable'
  }
}

const BASE = 'http://catalog.internal'

/** The catalog's internal API, as the prober uses it. */
export function catalogClient(handle: CatalogHandler) {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    try {
      return await handle(
        new Request(`${BASE}${path}`, {
          ...init,
          headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
        }),
      )
    } catch (err) {
      throw new CatalogUnavailable(`catalog unreachable: ${err instanceof Error ? err.message : String(err)}`)
    }
  }
  return {
    /** One listing whatever its status, or null when the catalog does not know it. */
    async listing(id: string): Promise<CatalogListing | null> {
      const res = await call(`/internal/listings/${encodeURIComponent(id)}`)
      if (res.status === 404) {
        await res.body?.cancel()
        return null
      }
      if (res.status !== 200) throw new CatalogUnavailable(`catalog answered ${res.status} for listing ${id}`)
      return ((await res.json()) as { listing: CatalogListing }).listing
    },
    /** Writes a probe's facts; returns the publicly visible fields that changed (null: the listing is gone). */
    async putFacts(id: string, facts: FactsBody): Promise<string[] | null> {
      const res = await call(`/internal/listings/${encodeURIComponent(id)}/facts`, {
        method: 'PUT',
        body: JSON.stringify(facts),
      })
      if (res.status === 404) {
        await res.body?.cancel()
        return null
      }
      if (res.status !== 200)
        throw new CatalogUnavailable(
          `catalog answered ${res.status} to the facts of ${id}: ${(await res.text()).slice(0, 300)}`,
        )
      return ((await res.json()) as { changed: string[] }).changed
    },
    /** Every active listing id, page by page. */
    async *activeIds(pageSize = 1000): AsyncGenerator<string[]> {
      let after = ''
      for (;;) {
        const res = await call(`/internal/probe-targets?limit=${pageSize}&after=${encodeURIComponent(after)}`)
        if (res.status !== 200) throw new CatalogUnavailable(`catalog answered ${res.status} to the probe targets`)
        const page = (await res.json()) as { ids: string[]; next: string | null }
        if (page.ids.length) yield page.ids
        if (!page.next) return
        after = page.next
      }
    },
  }
}

/** The catalog client as built. */
export type CatalogClient = ReturnType<typeof catalogClient>

/** A handler that reaches the catalog's replicas over HTTP (rotation, failover, DNS) through the shared upstream. */
export function httpCatalogHandler(baseUrls: string[], log: Logger, timeoutMs = 10_000): CatalogHandler {
  return replicaHandler('catalog', baseUrls, log, timeoutMs, () => new CatalogUnavailable('catalog unreachable'))
}
