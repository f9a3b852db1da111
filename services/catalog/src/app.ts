import { CATEGORIES, resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import type { Config } from '@mcp-directory/shared/config'
import { parseSearchParams, type SearchResponse } from '@mcp-directory/shared/contracts'
import { catalogOutbox, type Database } from '@mcp-directory/shared/db'
import type { EventBus } from '@mcp-directory/shared/bus'
import { AppError, invalidParameter, notFound } from '@mcp-directory/shared/errors'
import { json, readJsonBody, requireOperator } from '@mcp-directory/shared/http'
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { startOutboxRelay } from '@mcp-directory/shared/outbox'
import { healthHandler, serviceApp } from '@mcp-directory/shared/service'
import { textDocument } from '@mcp-directory/shared/text'
import { importDocument, type ImportOptions } from './import/service'
import { addViews, findActiveListing, findListing, hasListings } from './listings/repository'
import { startInstallCounter } from './listings/installs'
import { CONFIG_CLIENTS, deriveInstallModel } from '@mcp-directory/shared/install'
import { detailOf, installHintOf, listingUrls, summaryOf } from './listings/present'
import { renderListingMarkdown } from './markdown/render'
import { decodeCursor, encodeCursor } from './search/cursor'
import { searchListings } from './search/repository'
import { queryTerms } from './search/terms'
import { startBatchedCounter } from '@mcp-directory/shared/counter'
import { internalClaimRoutes } from './internal/claims'
import { internalRoutes } from './internal/routes'
import { startIdentityRefresh } from './listings/identity'
import { clearRisk, factsRoutes } from './internal/facts'
import {
  followRegistry,
  syncFromRegistry,
  type RegistrySyncSummary,
  type RetryPolicy,
} from './import/registry-upstream'
import { recordsOf, recordVersions } from './import/versions'
import { addMissingVersions } from './registry/repository'
import { registryRoutes } from './registry/routes'
import { directoryNamespace } from './registry/server-json'

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
}

// The import endpoint takes a whole registry list; 32 MiB holds the official registry many times over.
const MAX_IMPORT_BYTES = 32 * 1024 * 1024

/**
 * Search's optional `client` parameter (a config client slug): each hit then also carries transports, health,
 * archived and that client's install line. Without it the hits are exactly the summaries of §2.1.
 */
function installClientParam(query: URLSearchParams): string | null {
  const all = query.getAll('client')
  if (all.length === 0) return null
  if (all.length > 1) throw invalidParameter('client', 'must be given at most once')
  const slugs = CONFIG_CLIENTS.map((c) => c.client)
  const client = all[0] ?? ''
  if (!slugs.includes(client)) throw invalidParameter('client', `must be one of ${slugs.join(', ')}`)
  return client
}

/** Builds the catalog service: search, detail, categories, health, Markdown and import. */
export function createCatalogApp(deps: CatalogDeps) {
  const { config, database, log } = deps
  const base = config.publicBaseUrl
  const relay = startOutboxRelay({ database, table: catalogOutbox, bus: deps.bus, service: 'catalog', log })
  const views = startBatchedCounter((counts) => addViews(database, counts), config.viewFlushMs, log, 'view counts')
  // Installs (a config copied on the listing page): once per client per listing per day, written in batches.
  const ownStore = deps.kv ? null : createMemoryStore()
  const installs = startInstallCounter({ database, kv: deps.kv ?? ownStore!, flushMs: config.viewFlushMs, log })
  // Rows written before the identity columns existed get them once, at start (see listings/identity.ts).
  const identities = startIdentityRefresh(database, log)
  // The registry read API's namespace (names the directory makes, its `_meta` key) and the versions it serves.
  const namespace = directoryNamespace(base)
  const versionsKeeper = startVersionsKeeper(database, namespace, log)
  const importWithVersions = async (
    doc: unknown,
    onProgress?: (done: number, total: number) => void,
    opts?: ImportOptions,
  ) => {
    const summary = await importDocument(database, doc, onProgress, opts)
    await recordVersions(database, recordsOf(doc), namespace)
    relay.nudge()
    return summary
  }
  const syncDeps = {
    database,
    log,
    namespace,
    baseUrl: base,
    importDocument: (doc: unknown) => importWithVersions(doc),
    nudge: () => relay.nudge(),
    retry: deps.registryRetry,
  }
  let follower: { stop: () => Promise<void> } | null = null
  // Every change another service makes (an approval above all) may give a listing its first served version.
  const nudge = () => {
    relay.nudge()
    versionsKeeper.nudge()
  }
  const categoriesBody = JSON.stringify({
    categories: CATEGORIES.map(({ label, slug, emoji, group }) => ({ label, slug, emoji, group })),
  })

  const app = serviceApp('catalog', base, log)
    .get('/api/v1/search', async ({ request }) => {
      const query = new URL(request.url).searchParams
      const params = parseSearchParams(query)
      const client = installClientParam(query)
      let category: string | null = null
      if (params.category !== null) {
        const c = resolveCategory(params.category)
        if (!c)
          throw new AppError(
            400,
            'unknown_category',
            `Unknown category "${params.category.slice(0, 100)}"; see /api/v1/categories for the accepted values`,
            [{ parameter: 'category', value: params.category.slice(0, 100) }],
          )
        category = storedCategoryName(c)
      }
      const offset = params.cursor ? decodeCursor(params.cursor) : 0
      const { total, rows } = await searchListings(database, {
        terms: params.q ? queryTerms(params.q) : [],
        category,
        transport: params.transport,
        verified: params.verified,
        limit: params.limit,
        offset,
      })
      const next = offset + rows.length
      const body: SearchResponse = {
        total,
        query: params.q,
        category,
        servers: rows.map((r) =>
          client ? { ...summaryOf(r, base), ...installHintOf(r, client) } : summaryOf(r, base),
        ),
        nextCursor: rows.length === params.limit && next < total ? encodeCursor(next) : null,
      }
      return json(body)
    })
    .get('/api/v1/servers/:id', async ({ params }) => {
      const listing = await findActiveListing(database, params.id)
      if (!listing) throw notFound('Listing')
      views.count(listing.id)
      return json({ server: detailOf(listing, base) })
    })
    .post(
      '/api/v1/servers/:id/installs',
      async ({ params, request }) => {
        const listing = await findActiveListing(database, params.id)
        if (!listing) throw notFound('Listing')
        // The client as the gateway determined it (it drops any such header a client sends); the socket's address
        // when the catalog is reached directly.
        const client = request.headers.get(CLIENT_IP_HEADER) ?? peerAddress(request) ?? 'local'
        // A repeat gets the same answer as a first install; `counted` says whether this one was added.
        const counted = await installs.count(listing.id, client)
        return json({ success: true, id: listing.id, counted }, 202)
      },
      { parse: 'none' },
    )
    // The list is fixed in the code: anyone may keep it a while (the gateway's micro-cache does).
    .get(
      '/api/v1/categories',
      () =>
        new Response(categoriesBody, {
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
        }),
    )
    .get('/api/v1/health', healthHandler(database, log))
    .get('/api/v1/mcp/:id/markdown', ({ params }) => markdown(params.id))
    .get('/mcp/:id', ({ params, request }) => {
      // The alias answers Markdown; a browser that asks only for HTML is sent to the listing page instead.
      const accept = request.headers.get('accept') ?? ''
      if (/text\/html/.test(accept) && !/text\/markdown/.test(accept)) {
        return new Response(null, { status: 302, headers: { location: listingUrls(base, params.id).detailUrl } })
      }
      return markdown(params.id)
    })
    // Internal API for other services (never in the gateway's public route table): any status, no view counted.
    .get('/internal/listings/:id', async ({ params }) => {
      const listing = await findListing(database, params.id)
      if (!listing) throw notFound('Listing')
      return json({ listing })
    })
    // Moderation (submission service only): create pending listings, change status, the queue.
    .use(internalRoutes({ database, log, nudge, baseUrl: base, identitiesReady: identities.ready }))
    .use(factsRoutes({ database, log, nudge: () => relay.nudge() }))
    // Claims (claim-verifier only): record a verified claim, revoke one after its grace period.
    .use(internalClaimRoutes({ database, log, nudge: () => relay.nudge() }))
    // The official registry's read API (/v0.1/servers…).
    .use(registryRoutes({ database, baseUrl: base, namespace }))
    .post(
      '/api/v1/admin/import',
      async ({ request }) => {
        requireOperator(request, deps.operatorToken)
        const doc = await readJsonBody(request, MAX_IMPORT_BYTES)
        const summary = await importWithVersions(doc)
        log.info(
          { created: summary.created, updated: summary.updated, skipped: summary.skipped.length },
          'import finished',
        )
        return json(summary)
      },
      { parse: 'none' },
    )

    // Operators: a listing's high-risk finding was looked at and is fine, for the tool list it was found in.
    .post(
      '/api/v1/admin/listings/:id/clear-risk',
      async ({ params, request }) => {
        requireOperator(request, deps.operatorToken)
        await request.body?.cancel()
        const result = await clearRisk(database, params.id, new Date())
        if (result.changed) relay.nudge()
        log.info({ id: result.id, level: result.riskLevel, toolsHash: result.clearedHash }, 'operator: risk cleared')
        return json({
          success: true,
          message: `${result.name}: ${result.riskLevel} risk cleared for this tool list`,
          ...result,
        })
      },
      { parse: 'none' },
    )

  async function markdown(id: string): Promise<Response> {
    const listing = await findActiveListing(database, id)
    if (!listing) throw notFound('Listing')
    views.count(listing.id)
    const doc = renderListingMarkdown(listing, {
      detailUrl: listingUrls(base, listing.id).detailUrl,
      model: deriveInstallModel(listing),
    })
    return textDocument(doc, 'text/markdown; charset=utf-8')
  }

  return {
    app,
    /** Imports a registry document in-process (the CLI and the demo catalog use this). */
    importDocument: importWithVersions,
    /**
     * Imports from a registry's read API (`/v0.1/servers`, paged with cursors): everything the first time or with
     * `full`, else what changed since the last sync of that upstream.
     */
    syncFromRegistry: (
      upstream: string,
      opts?: { full?: boolean; onProgress?: (done: number, total: number) => void },
    ) => syncFromRegistry(syncDeps, upstream, opts),
    /** Follows an upstream registry: a sync now and every `intervalMs` (REGISTRY_UPSTREAM_URL, REGISTRY_SYNC_MINUTES). */
    followRegistry: (upstream: string, intervalMs: number, onSync?: (s: RegistrySyncSummary) => void) => {
      follower = followRegistry(syncDeps, upstream, intervalMs, onSync)
    },
    /** Loads the project's small demo catalog when no listing exists yet (all-in-one's first start). */
    loadDemoIfEmpty: async () => {
      if (await hasListings(database)) return
      const { DEMO_CATALOG } = await import('./import/demo-catalog')
      const s = await importWithVersions(DEMO_CATALOG)
      log.info({ created: s.created }, 'demo catalog loaded')
    },
    /** Settles once the start-up pass has given every stored listing its identity columns. */
    identitiesReady: identities.ready,
    /** Writes pending counters and publishes pending events now (tests, shutdown). */
    flush: async () => {
      await versionsKeeper.flush()
      await views.flush()
      await installs.flush()
      await relay.flush()
    },
    close: async () => {
      await identities.stop()
      await follower?.stop()
      await versionsKeeper.flush()
      await views.stop()
      await installs.stop()
      await relay.stop()
      await ownStore?.close()
    },
  }
}

/** The catalog service as built by its factory. */
export type CatalogService = ReturnType<typeof createCatalogApp>

/**
 * Gives active listings without a served version one built from the listing, at start and after each nudge
 * (coalesced: one run at a time, one more queued at most). A failure is logged and retried on the next nudge.
 */
function startVersionsKeeper(database: Database, namespace: string, log: Logger) {
  let running: Promise<void> | null = null
  let again = false
  const run = (): Promise<void> => {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        try {
          const added = await addMissingVersions(database, namespace)
          if (added) log.info({ added }, 'served versions added for listings')
        } catch (err) {
          log.warn(
            { err: err instanceof Error ? err.message : String(err) },
            'adding served versions failed; retried on the next change',
          )
        }
      } while (again)
    })().finally(() => {
      running = null
    })
    return running
  }
  void run()
  return {
    nudge: () => void run(),
    flush: async () => {
      while (running) await running
    },
  }
}
