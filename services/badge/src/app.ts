import type { EventBus } from '@mcp-directory/shared/bus'
import { type CatalogHandler, catalogClient } from '@mcp-directory/shared/catalog-client'
import type { Config } from '@mcp-directory/shared/config'
import { startBatchedCounter } from '@mcp-directory/shared/counter'
import type { Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { healthRoute, serviceApp } from '@mcp-directory/shared/service'
import { badgeRoutes } from './badges/routes'
import { badgeReader } from './badges/service'
import { createBadgeCache } from './cache/badge-cache'
import { subscribeCacheInvalidation } from './events/cache-invalidation'
import { addImpressions } from './impressions/repository'
import { impressionRoutes } from './impressions/routes'

/** What the badge service needs from its host process. */
export interface BadgeDeps {
  config: Config
  database: Database
  kv: KeyValueStore
  bus: EventBus
  log: Logger
  /** The catalog's internal API (HTTP to its replicas in stack mode, its app in-process in all-in-one). */
  catalog: CatalogHandler
  /** Name of the durable event consumer; replicas share it so each event is handled once. */
  consumerName?: string
}

/** Builds the badge service (`GET /api/badge/:id`, its cache, impression counts and event consumer): wiring only. */
export function createBadgeApp(deps: BadgeDeps) {
  const { config, database, log } = deps
  const cache = createBadgeCache(deps.kv, log)
  const impressions = startBatchedCounter(
    (counts) => addImpressions(database, counts),
    config.viewFlushMs,
    log,
    'badge impressions',
  )
  const subscribed = subscribeCacheInvalidation(deps.bus, deps.consumerName ?? 'badge-cache', cache)

  const app = serviceApp('badge', config.publicBaseUrl, log)
    .use(badgeRoutes(badgeReader(cache, catalogClient(deps.catalog)), (id) => impressions.count(id)))
    .use(impressionRoutes((id, n) => impressions.count(id, n)))
    // For process supervisors (the stack runner probes this path); never in the gateway's public table.
    .use(healthRoute('badge', { database, log }))

  return {
    app,
    /** Writes pending impression counts now (tests, shutdown). */
    flush: () => impressions.flush(),
    /** Resolves once the event consumer is registered. */
    ready: () => subscribed.then(() => undefined),
    close: async () => {
      await (await subscribed)()
      cache.close()
      await impressions.stop()
    },
  }
}

/** The badge service as built by its factory. */
export type BadgeService = ReturnType<typeof createBadgeApp>
