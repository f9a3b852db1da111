import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { serviceApp } from '@mcp-directory/shared/service'
import { categoryRoutes } from './categories/routes'
import { healthRoutes } from './health/routes'
import { createImporter } from './import/importer'
import { registryUpstream } from './import/registry-follow'
import type { RetryPolicy } from './import/registry-upstream'
import { importRoutes } from './import/routes'
import { conflictRoutes } from './import/conflict-routes'
import { DEMO_ORIGIN } from './listings/origin'
import { internalClaimRoutes } from './claims/routes'
import { factsRoutes } from './facts/routes'
import { takedownRoutes } from './takedown/routes'
import { moderationRoutes } from './moderation/routes'
import { changeListingStatus } from './moderation/service'
import { startCatalogJobs } from './jobs'
import { hasListings } from './listings/repository'
import { createDetailCache } from './listings/detail-cache'
import { listingRoutes } from './listings/routes'
import { markdownRoutes } from './markdown/routes'
import { publishing, type PublishingOptions } from './publishing'
import { versionsOfImports } from './registry/import-versions'
import { registryRoutes } from './registry/routes'
import { directoryNamespace } from './registry/server-json'
import { type LiveIndex, startLiveIndex } from './search/live-index'
import type { HistoryOptions } from './text/engine'
import { serverSecretFrom } from '@mcp-directory/shared/runtime'
import { cursorSeal } from './search/cursor-seal'
import { searchRoutes } from './search/routes'
import { toolRoutes } from './tools/routes'

/** What the catalog service needs from its host process. */
export interface CatalogDeps {
  config: Config
  database: Database
  bus: EventBus
  log: Logger
  /** The operator token (generated at start when OPERATOR_TOKEN is unset). */
  operatorToken: string
  /**
   * Where installs already counted per client are remembered for a day: the shared store (Redis) when replicas
   * run; an in-process store when omitted (one process: all-in-one, the import CLI, tests).
   */
  kv?: KeyValueStore
  /** How a failed page of an upstream registry is retried (default: 5 attempts from 1 s, doubling); tests shorten it. */
  registryRetry?: RetryPolicy
  /** Signs registry tokens and seals search cursors (default: SERVER_SECRET, see shared/src/runtime). */
  secret?: string
  /** Publishing settings that tests give directly (default: from the environment). */
  publishing?: PublishingOptions
  /** What search keeps for the walks of pages under way (default: `HISTORY`, engine/history.ts); tests shorten it. */
  searchHistory?: HistoryOptions
}

/**
 * What a listing's detail reads of the live search index: the other listings of its server, and its install name
 * as search gives it (the detail and the Markdown key their configs by it).
 */
const namesOf = (index: ReturnType<typeof startLiveIndex>) => ({
  alsoListedAs: (id: string) => index.now().alsoListedAs(id),
  installNameOf: (id: string): string | undefined => index.now().installNameOf(id),
})

/** Server and tool search, with one cursor seal: each refuses the other's cursors, whose content it cannot read. */
function searches(index: LiveIndex, deps: CatalogDeps) {
  const seal = cursorSeal(() => deps.secret ?? serverSecretFrom(deps.config, deps.log))
  return searchRoutes({ index, seal }).use(toolRoutes({ index, seal }))
}

/**
 * The catalog's import and its upstream syncs, given what they need of the parts above them (import/ports.ts): the
 * registry keeps their versions, and moderation takes out (and brings back) what an upstream stopped serving.
 */
function importing(deps: CatalogDeps, namespace: string, nudge: () => void, after: Promise<void>) {
  const { config, database, log } = deps
  const versions = versionsOfImports(database, namespace)
  const importWithVersions = createImporter({ database, versions, nudge, log, config, after })
  const upstream = registryUpstream({
    database,
    log,
    versions,
    changeStatus: (id, to, reason) => changeListingStatus(database, id, to, reason),
    importDocument: (doc, opts) => importWithVersions(doc, undefined, opts),
    nudge,
    retry: deps.registryRetry,
    maxPages: config.registrySyncMaxPages,
    maxNew: config.registrySyncMaxNew,
  })
  return { importWithVersions, upstream }
}

/** Builds the catalog service: server and tool search, detail, categories, health, Markdown and import. */
export function createCatalogApp(deps: CatalogDeps) {
  const { config, database, log, searchHistory: history } = deps
  const base = config.publicBaseUrl
  const namespace = directoryNamespace(base)
  const details = createDetailCache({ bus: deps.bus, log })
  const jobs = startCatalogJobs({ ...deps, namespace, counted: details.counted })
  const { views, installs, identities, kv } = jobs
  const searchIndex = startLiveIndex({ database, bus: deps.bus, log, baseUrl: base, after: identities.ready, history })
  // After a commit that wrote listing events: the relay publishes them, and this replica's next search sees them.
  // Given the listings it wrote (a probe's facts: one listing, several a second), only their kept details go.
  const published = (ids?: string[]) => {
    searchIndex.changed()
    if (ids) details.forget(ids)
    else details.clear()
    jobs.relay.nudge()
  }
  // Imports, syncs and publishes compare against stored skeletons: they wait for the start-up pass to renew them.
  const { importWithVersions, upstream } = importing(deps, namespace, published, identities.ready)
  // Another service's change (an approval above all) may also give a listing its first served version.
  const nudge = () => {
    searchIndex.changed()
    details.clear()
    jobs.nudgeAll()
  }
  const publisher = publishing({ ...deps, kv, namespace, importDocument: importWithVersions, nudge: published })
  const app = serviceApp('catalog', base, log, { operatorToken: deps.operatorToken })
    .use(searches(searchIndex, deps))
    .use(listingRoutes({ database, baseUrl: base, views, installs, ...namesOf(searchIndex), details }))
    .use(categoryRoutes)
    .use(healthRoutes(database, log))
    .use(markdownRoutes({ database, baseUrl: base, views, installNameOf: namesOf(searchIndex).installNameOf }))
    // Internal API for other services (never in the gateway's public route table). Moderation (submission
    // service): one listing, create pending listings, change status, the queue. Facts (prober, sandbox), and the
    // operator's clearing of a risk.
    .use(moderationRoutes({ database, log, nudge, baseUrl: base, identitiesReady: identities.ready }))
    .use(factsRoutes({ database, log, nudge: published, config }))
    // The operator's takedown of a malicious listing.
    .use(takedownRoutes({ database, log, nudge: published }))
    // Claims (claim-verifier only): record a verified claim, lease due re-checks, record their results.
    .use(internalClaimRoutes({ database, log, nudge: published, config }))
    // The official registry's read API (/v0.1/servers…).
    .use(registryRoutes({ database, baseUrl: base, namespace }))
    // Publishing with the official registry's proofs and tokens (/v0.1/auth/*, /v0.1/publish, status changes).
    .use(publisher.routes)
    .use(importRoutes({ importDocument: importWithVersions, log }))
    .use(conflictRoutes({ database, log, importDocument: importWithVersions }))

  return {
    app,
    /** Imports a registry document in-process (the CLI and the demo catalog use this). */
    importDocument: importWithVersions,
    /**
     * Imports from a registry's read API (`/v0.1/servers`, paged with cursors): everything the first time or with
     * `full`, else what changed since the last sync of that upstream.
     */
    syncFromRegistry: upstream.sync,
    /** Follows an upstream registry: a sync now and every `intervalMs` (REGISTRY_UPSTREAM_URL, REGISTRY_SYNC_MINUTES). */
    followRegistry: upstream.follow,
    /**
     * Loads the project's small demo catalog when no listing exists yet (all-in-one's first start), as origin
     * `demo`: the first import of real data removes it whole.
     */
    loadDemoIfEmpty: () => loadDemoIfEmpty(database, importWithVersions, log),
    /** Settles once the start-up pass has given every stored listing its identity columns. */
    identitiesReady: identities.ready,
    /** This replica's search index (built at start, kept current by the listing events). */
    search: searchIndex,
    /**
     * Listings written behind the catalog's back (an operator's SQL, a test), which no event announces: the index
     * rereads them and no kept detail is older than now.
     */
    rereadListings: async (ids: string[]) => {
      details.clear()
      await searchIndex.refresh(ids)
    },
    /** Asks every standing publisher mark's organisation role again now (also done once a day). */
    recheckRoles: publisher.recheckRoles,
    /** Writes pending counters and publishes pending events now (tests, shutdown). */
    flush: jobs.flush,
    close: async () => {
      await Promise.all([publisher.stop(), searchIndex.stop()])
      await details.stop()
      await upstream.stop()
      await jobs.stop()
    },
  }
}

/** Loads the demo catalog when the catalog holds no listing yet, as origin `demo`. */
async function loadDemoIfEmpty(database: Database, importDocument: ReturnType<typeof createImporter>, log: Logger) {
  if (await hasListings(database)) return
  const { DEMO_CATALOG } = await import('./import/demo-catalog')
  const s = await importDocument(DEMO_CATALOG, undefined, { origin: DEMO_ORIGIN })
  log.info({ created: s.created }, 'demo catalog loaded')
}

/** The catalog service as built by its factory. */
export type CatalogService = ReturnType<typeof createCatalogApp>
