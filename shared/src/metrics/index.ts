/** Prometheus metrics of one process (prom-client): requests by route and status, latency, process defaults. */
import { Elysia } from 'elysia'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

// The matched route pattern of each request (e.g. `/api/v1/servers/:id`), set by `routeLabels`. A pattern, never
// the raw path, keeps the label set bounded whatever clients send.
const routeOf = new WeakMap<Request, string>()

/** Elysia plugin recording the matched route pattern of each request, for the `route` label. */
export function routeLabels() {
  return new Elysia({ name: 'metrics:route-labels' }).onBeforeHandle({ as: 'global' }, (ctx) => {
    routeOf.set(ctx.request, (ctx as unknown as { route: string }).route)
  })
}

/** Labels a request answered before routing with the route pattern it would have matched. */
export function labelRoute(request: Request, route: string): void {
  routeOf.set(request, route)
}

/** The route label of a request: its matched pattern, or `unmatched` (404s, answers before routing). */
export function routeLabelOf(request: Request): string {
  return routeOf.get(request) ?? 'unmatched'
}

/** The metrics of this process. */
export interface ProcessMetrics {
  registry: Registry
  /** Records one finished request. */
  observe(request: Request, status: number, seconds: number): void
  /** The exposition text and its content type. */
  render(): Promise<{ body: string; contentType: string }>
}

let current: ProcessMetrics | null = null
// Registered lazily with the process registry, so importing this module starts nothing.
let rejections: Counter<'class'> | null = null

let cacheLookups: Counter<'cache' | 'result'> | null = null
let outboxPending: Gauge<'outbox'> | null = null
let outboxOldest: Gauge<'outbox'> | null = null
let consumerPending: Gauge<'consumer'> | null = null

/** Counts one cache look-up (`cache_lookups_total{cache, result="hit"|"miss"}`); hit rate = hits / all. */
export function cacheLookup(cache: string, hit: boolean): void {
  if (!cacheLookups) return
  // Bound children, so a look-up on a hot path does not hash its labels each time.
  const key = `${cache} ${hit}`
  let child = cacheLookupChildren.get(key)
  if (!child) {
    child = cacheLookups.labels({ cache, result: hit ? 'hit' : 'miss' })
    cacheLookupChildren.set(key, child)
  }
  child.inc()
}
const cacheLookupChildren = new Map<string, { inc(): void }>()

/** Records an outbox's lag: rows waiting and the age of the oldest (`outbox_pending`, `outbox_oldest_pending_seconds`). */
export function outboxLag(outbox: string, pending: number, oldestSeconds: number): void {
  outboxPending?.set({ outbox }, pending)
  outboxOldest?.set({ outbox }, oldestSeconds)
}

/** Records a durable consumer's lag: messages not yet delivered to it (`consumer_pending_messages`). */
export function consumerLag(consumer: string, pending: number): void {
  consumerPending?.set({ consumer }, pending)
}

/** Counts one request refused by a rate limit (`rate_limit_rejections_total{class}`). */
export function rateLimitRejected(limitClass: string): void {
  rejections?.inc({ class: limitClass })
}

/** The process-wide metrics (made on first use, labelled with the service name given then). */
export function processMetrics(service: string): ProcessMetrics {
  if (current) return current
  const registry = new Registry()
  registry.setDefaultLabels({ service })
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to the response head, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'],
    // Reads answer in milliseconds; the upper buckets catch upstream timeouts (UPSTREAM_TIMEOUT_MS).
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Cache look-ups by cache and result (hit or miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
  })
  outboxPending = new Gauge({
    name: 'outbox_pending',
    help: 'Outbox rows not yet published',
    labelNames: ['outbox'],
    registers: [registry],
  })
  outboxOldest = new Gauge({
    name: 'outbox_oldest_pending_seconds',
    help: 'Age of the oldest unpublished outbox row (0 when none)',
    labelNames: ['outbox'],
    registers: [registry],
  })
  consumerPending = new Gauge({
    name: 'consumer_pending_messages',
    help: 'Messages a durable JetStream consumer has not yet received',
    labelNames: ['consumer'],
    registers: [registry],
  })
  const children = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>()
  rejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429, by limit class',
    labelNames: ['class'],
    registers: [registry],
  })
  current = {
    registry,
    observe(request, status, seconds) {
      // The label set's children are kept, so a request does not hash its labels twice (most of observe's cost).
      const route = routeLabelOf(request)
      const key = `${route} ${request.method} ${status}`
      let child = children.get(key)
      if (!child) {
        const labels = { route, method: request.method, status: String(status) }
        child = { count: requests.labels(labels), time: duration.labels(labels) }
        // Label sets are bounded by routes × methods × statuses; a guard against anything unforeseen.
        if (children.size < 10_000) children.set(key, child)
      }
      child.count.inc()
      child.time.observe(seconds)
    },
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType }
    },
  }
  return current
}
