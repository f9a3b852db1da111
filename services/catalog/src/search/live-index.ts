/**
 * The search index of this replica, kept current by the listing events every change writes with itself. It is built
 * from PostgreSQL at start, once it listens to the bus (so a change committed after the build read its rows arrives
 * as an event). Each event on the bus makes it reread the listing it names (so replicas converge within a second);
 * this replica's own writes are also read from the catalog's outbox before its next search (so a writer reads what
 * it wrote at once). Both ways are one stream of outbox rows (an event's msgID is its row's id), so each row is
 * applied once, whichever way it came first. Every minute the active ids are reconciled with PostgreSQL, which stays
 * the source of truth.
 */
import type { EventBus } from '@mcp-directory/shared/bus'
import type { Database } from '@mcp-directory/shared/db'
import { LISTING_CHANGE_EVENTS } from '@mcp-directory/shared/events'
import type { Logger } from '@mcp-directory/shared/log'
import { CatalogIndex } from './catalog-index'
import type { HistoryOptions } from '../text/engine'
import {
  activeDocumentsAfter,
  activeIds,
  documentsByIds,
  lastOutboxId,
  summariesByIds,
  type ListingEventRow,
  listingEventsAfter,
  outboxIdsAfter,
  summaryCounterIds,
} from './index-rows'

/**
 * The listing events after which a listing may search differently, and its tool lists and skills; counters are not searched,
 * but hits show them and `sort=installs` orders by them, so their event rewrites only the summary and order facts.
 */
type SearchedEvent = (typeof LISTING_CHANGE_EVENTS)[number] | 'listing.tools_changed' | 'listing.skills_changed'
export const SEARCH_INDEX_EVENTS: readonly SearchedEvent[] = [
  ...LISTING_CHANGE_EVENTS,
  'listing.tools_changed',
  'listing.skills_changed',
]

// Outbox ids are taken before their transactions commit, so a lower id can commit after a higher one: catching up
// rereads this many ids behind the newest applied one and skips those already applied. (What a window misses still
// arrives as a bus event.)
const OUTBOX_WINDOW = 1_000
// Listings read per query while building (or rereading a burst).
const BUILD_BATCH = 100
// How much the resident memory may grow between two of the build's (or a burst's) collections.
const GARBAGE_BOUND = 8 * 1024 * 1024
// A bus event is applied this soon (events in a burst are applied together).
const EVENT_DELAY_MS = 50
const RECONCILE_MS = 60_000
// How long the build waits for the bus subscription before reading the listings anyway.
const LISTEN_WAIT_MS = 5_000

export interface LiveIndexOptions {
  database: Database
  bus: EventBus
  log: Logger
  /** PUBLIC_BASE_URL: the summaries kept beside the index carry absolute addresses. */
  baseUrl: string
  /** Settles when stored listings have their identity columns (repository keys), so the build reads them. */
  after?: Promise<unknown>
  reconcileMs?: number
  /** What the index keeps for the walks of pages under way (default: engine/history.ts's HISTORY). */
  history?: HistoryOptions
}

/** The index and how far it has read the outbox; every method keeps the two in step. */
class LiveIndexState {
  readonly index: CatalogIndex
  /** Highest outbox id applied, and the ids applied within OUTBOX_WINDOW of it. */
  private applied = 0
  private readonly appliedIds = new Set<number>()
  /** Set by a change this replica made or heard of; cleared when a catch-up starts reading. */
  stale = true
  private running: Promise<void> | null = null
  stopped = false
  built: Promise<void> = Promise.resolve()

  constructor(private readonly opts: LiveIndexOptions) {
    this.index = new CatalogIndex(opts.baseUrl, opts.history)
  }

  /** Reads every active listing, after noting where the outbox stands (what is before it is in the rows read). */
  async build(listening: Promise<unknown>): Promise<void> {
    const { database, log } = this.opts
    // With the bus down the index is built anyway, after a short wait: search must not depend on NATS being up.
    const waited = new Promise<void>((resolve) => setTimeout(resolve, LISTEN_WAIT_MS).unref?.())
    await Promise.all([this.opts.after, Promise.race([listening.catch(() => {}), waited])])
    const started = performance.now()
    this.applied = await lastOutboxId(database)
    for (const id of await outboxIdsAfter(database, this.applied - OUTBOX_WINDOW)) this.appliedIds.add(id)
    let after = ''
    const collect = garbageBound()
    for (;;) {
      const batch = await activeDocumentsAfter(database, after, BUILD_BATCH)
      for (const d of batch) this.index.upsert(d)
      collect()
      if (batch.length < BUILD_BATCH) break
      after = batch[batch.length - 1]!.id
    }
    this.index.trim()
    this.index.index.built()
    log.info({ listings: this.index.size, ms: Math.round(performance.now() - started) }, 'search index built')
  }

  /** Rereads these listings and puts each where it belongs: in the index when active, out of it otherwise. */
  async refresh(ids: string[]): Promise<void> {
    // A burst (an import's thousands of events) is read and applied a batch at a time, so only one batch of rows
    // is held at once, and its garbage is collected as it goes (as in the build).
    const collect = ids.length > BUILD_BATCH ? garbageBound() : () => {}
    for (let i = 0; i < ids.length; i += BUILD_BATCH) {
      const batch = ids.slice(i, i + BUILD_BATCH)
      const rows = await documentsByIds(this.opts.database, batch)
      const found = new Set(rows.map((r) => r.id))
      for (const r of rows) {
        if (r.status === 'active') this.index.upsert(r)
        else this.index.remove(r.id)
      }
      for (const id of batch) if (!found.has(id)) this.index.remove(id)
      collect()
    }
  }

  /** Rewrites the summaries and order facts of these listings, whose counters changed (no reanalysis). */
  async refreshCounters(ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += BUILD_BATCH)
      for (const row of await summariesByIds(this.opts.database, ids.slice(i, i + BUILD_BATCH)))
        this.index.updateCounters(row)
  }

  /** Applies outbox rows not applied yet (read from the outbox or heard on the bus); false when all were. */
  async apply(rows: ListingEventRow[]): Promise<boolean> {
    // A row of unknown id (-1) is always applied: rereading a listing is harmless, missing a change is not.
    const fresh = rows.filter((e) => e.outboxId < 0 || !this.appliedIds.has(e.outboxId))
    if (!fresh.length) return false
    const reread = new Set(fresh.flatMap((e) => e.listingIds))
    await this.refresh([...reread])
    await this.refreshCounters([...new Set(fresh.flatMap((e) => e.counterIds ?? []))].filter((id) => !reread.has(id)))
    for (const e of fresh) {
      if (e.outboxId < 0) continue
      this.appliedIds.add(e.outboxId)
      this.applied = Math.max(this.applied, e.outboxId)
    }
    for (const id of this.appliedIds) if (id <= this.applied - OUTBOX_WINDOW) this.appliedIds.delete(id)
    return true
  }

  /** Applies the outbox's listing events not applied yet. */
  private async catchUp(): Promise<void> {
    for (;;) {
      this.stale = false
      const rows = await listingEventsAfter(this.opts.database, Math.max(0, this.applied - OUTBOX_WINDOW))
      if (!(await this.apply(rows))) return
    }
  }

  /** Brings the index up to date when something may have changed (one catch-up at a time). */
  async sync(): Promise<void> {
    await this.built
    // A catch-up under way may have started before the change this caller waits for: wait for it, then go again.
    while ((this.stale || this.running) && !this.stopped) {
      this.running ??= this.catchUp().finally(() => {
        this.running = null
      })
      await this.running
    }
  }

  /** Applies the events heard on the bus (those the outbox catch-up has not applied already). */
  async applyHeard(heard: ListingEventRow[]): Promise<void> {
    await this.built
    const rows = heard.splice(0)
    if (!this.stopped) await this.apply(rows)
  }

  /** Compares the active ids with PostgreSQL and repairs any difference. */
  async reconcile(): Promise<void> {
    await this.sync()
    const active = new Set(await activeIds(this.opts.database))
    const missing = [...active].filter((id) => !this.index.has(id))
    const extra = this.index.ids().filter((id) => !active.has(id))
    if (missing.length || extra.length) {
      this.opts.log.warn({ missing: missing.length, extra: extra.length }, 'search index: reconciled with the database')
      await this.refresh([...missing, ...extra])
    }
  }

  async stop(): Promise<void> {
    this.stopped = true
    await this.running?.catch(() => {})
  }
}

export type LiveIndex = ReturnType<typeof startLiveIndex>

/** Builds this replica's index and keeps it current (see the top of this file). */
export function startLiveIndex(opts: LiveIndexOptions) {
  const { log } = opts
  const state = new LiveIndexState(opts)
  const warn = (what: string) => (err: unknown) => log.warn({ err: String(err) }, `search index: ${what}`)

  // Events heard on the bus, applied together shortly after they arrive (so an idle replica converges too).
  const heard: ListingEventRow[] = []
  let eventTimer: ReturnType<typeof setTimeout> | null = null
  const subscription = opts.bus.subscribe(
    `catalog-search-${crypto.randomUUID().slice(0, 8)}`,
    SEARCH_INDEX_EVENTS,
    async (event) => {
      // The relay publishes an outbox row with the msgID `catalog:<row id>`.
      const parsed = Number(/^catalog:(\d+)$/.exec(event.msgId)?.[1] ?? Number.NaN)
      const outboxId = Number.isSafeInteger(parsed) ? parsed : -1
      heard.push(
        event.subject === 'listing.counters_changed'
          ? { outboxId, listingIds: [], counterIds: summaryCounterIds(event.payload) }
          : { outboxId, listingIds: [event.payload.id] },
      )
      eventTimer ??= setTimeout(() => {
        eventTimer = null
        state.applyHeard(heard).catch(warn('rereading listings failed; the reconciliation repairs it'))
      }, EVENT_DELAY_MS)
    },
    { perProcessForgetAfterMs: 3_600_000 },
  )
  subscription.catch((err) => log.error({ err: String(err) }, 'search index: cannot subscribe to listing events'))
  state.built = state.build(subscription)
  state.built.catch((err) => log.error({ err: String(err) }, 'search index: build failed'))
  const reconciler = setInterval(() => {
    state.reconcile().catch(warn('reconciliation failed'))
  }, opts.reconcileMs ?? RECONCILE_MS)
  reconciler.unref?.()

  return {
    /** Settles once the index is built and listens for listing events. */
    ready: state.built,
    /** Marks the index stale after this replica wrote a change (its next search catches up first). */
    changed: () => {
      state.stale = true
    },
    /** The index, after applying this replica's own writes and every listing event received so far. */
    current: async (): Promise<CatalogIndex> => {
      await state.sync()
      return state.index
    },
    /** The index as it is now, without catching up (detail's alsoListedAs; tests). */
    now: () => state.index,
    /** Compares the active ids with PostgreSQL and repairs any difference now. */
    reconcile: () => state.reconcile(),
    /** Rereads these listings now (a change written without an event, such as a repair by hand). */
    refresh: async (ids: string[]) => {
      await state.built
      await state.refresh(ids)
    },
    stop: async () => {
      clearInterval(reconciler)
      if (eventTimer) clearTimeout(eventTimer)
      await (await subscription.catch(() => null))?.()
      await state.stop()
    },
  }
}

/**
 * A full collection each time the resident memory grew `GARBAGE_BOUND` since the last one. The rows a build or a
 * burst reads and their analysis are garbage at once, and the runtime keeps the pages of its highest heap: collected
 * every 2,000 rows, a restart on the 5,047 listings of the real list peaked at 490 MiB; bounded this way, at 300 to
 * 330. Growth says when the allocator needed new pages, which freed ones would have served; the JS heap's own size
 * does not (the rows' strings live outside it: bounded by it, the same restart peaked at 840). A bound on growth
 * rather than on rows also keeps the collections few where the index itself is large (50k).
 */
function garbageBound(): () => void {
  let base = process.memoryUsage.rss()
  return () => {
    if (process.memoryUsage.rss() - base < GARBAGE_BOUND) return
    Bun.gc(true)
    base = process.memoryUsage.rss()
  }
}
