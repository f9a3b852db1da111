// The catalog's background jobs: the outbox relay, the view and install counters written in batches, the start-up
// identity pass and the keeper of served registry versions. Started together, flushed and stopped together.
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Config } from '@mcp-directory/shared/config'
import { catalogOutbox, type Database } from '@mcp-directory/shared/db'
import { createMemoryStore, type KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { startOutboxRelay } from '@mcp-directory/shared/outbox'
import { startIdentityRefresh } from './listings/identity'
import { startInstallCounter } from './listings/installs'
import { startOncePerDayCounter } from './listings/once-a-day'
import { addViews } from './listings/service'
import { startVersionsKeeper } from './registry/versions-keeper'

export interface CatalogJobDeps {
  config: Config
  database: Database
  bus: EventBus
  log: Logger
  kv?: KeyValueStore
  /** Told each listing's count after a batch of views or installs was written (this replica's kept details). */
  counted?: (counter: 'views' | 'installs', now: Map<string, number>) => void
  /** The registry read API's namespace (names the directory makes, its `_meta` key). */
  namespace: string
}

/** Starts the catalog's background jobs. */
export function startCatalogJobs(deps: CatalogJobDeps) {
  const { config, database, log } = deps
  const relay = startOutboxRelay({ database, table: catalogOutbox, bus: deps.bus, service: 'catalog', log })
  const ownStore = deps.kv ? null : createMemoryStore()
  const kv = deps.kv ?? (ownStore as KeyValueStore)
  // Views (a detail or Markdown read): once per client per listing per day, like installs, written in batches.
  const views = startOncePerDayCounter({
    kind: 'views',
    write: async (counts) => {
      deps.counted?.('views', await addViews(database, counts))
      relay.nudge()
    },
    kv,
    flushMs: config.viewFlushMs,
    log,
  })
  // Installs (a config copied on the listing page): once per client per listing per day, written in batches.
  const installs = startInstallCounter({
    database,
    kv,
    flushMs: config.viewFlushMs,
    log,
    written: (now) => {
      deps.counted?.('installs', now)
      relay.nudge()
    },
  })
  // Rows written before the identity columns existed get them once, at start (see listings/identity.ts).
  const identities = startIdentityRefresh(database, log)
  // The versions the registry read API serves: listings without one get one built from the listing.
  const versionsKeeper = startVersionsKeeper(database, deps.namespace, log)
  return {
    relay,
    views,
    installs,
    identities,
    /** The shared store (Redis when replicas run), for what must be remembered across them. */
    kv,
    /** Every change another service makes (an approval above all) may give a listing its first served version. */
    nudgeAll: () => {
      relay.nudge()
      versionsKeeper.nudge()
    },
    /** Writes pending counters and publishes pending events now (tests, shutdown). */
    flush: async () => {
      await versionsKeeper.flush()
      await views.flush()
      await installs.flush()
      await relay.flush()
    },
    stop: async () => {
      await identities.stop()
      await versionsKeeper.flush()
      await views.stop()
      await installs.stop()
      await relay.stop()
      await ownStore?.close()
    },
  }
}
