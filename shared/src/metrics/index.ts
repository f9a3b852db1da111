/** Prometheus metrics of one process (prom-client): requests by route and status, latency, process defaults. */
import { Elysia } from 'elysia'
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client'

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
  /** Records one finished request (its route label from `routeLabels`/`labelRoute`, else `unmatched`). */
  observe(request: Request, status: number, seconds: number): void
  /** Records one finished request whose route pattern is known (answers given before routing). */
  observeRoute(route: string, method: string, status: number, seconds: number): void
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
  // Counted in a plain map and added to the counter when scraped: prom-client hashes the labels of every `inc`.
  const key = hit ? `${cache}\u0000hit` : `${cache}\u0000miss`
  unscrapedLookups.set(key, (unscrapedLookups.get(key) ?? 0) + 1)
}
const unscrapedLookups = new Map<string, number>()

/** Records an outbox's lag: rows waiting and the age of the oldest (`outbox_pending`, `outbox_oldest_pending_seconds`). */
export function outboxLag(outbox: string, pending: number, oldestSeconds: number): void {
  outboxPending?.set({ outbox }, pending)
  outboxOldest?.set({ outbox }, oldestSeconds)
}

/** Records a durable consumer's lag: messages not yet delivered to it (`consumer_pending_messages`). */
export function consumerLag(consumer: string, pending: number): void {
  consumerPending?.set({ consumer }, pending)
}

/**
 * Counts one MCP message by its method and, for a tool call, its tool (`mcp_messages_total{method, tool}`); the
 * caller names only known methods and tools (else `other`), so the label set stays bounded.
 */
export function mcpMessage(method: string, tool: string): void {
  const key = `${method}\u0000${tool}`
  unscrapedMcp.set(key, (unscrapedMcp.get(key) ?? 0) + 1)
}
const unscrapedMcp = new Map<string, number>()

/** Counts one request refused by a rate limit (`rate_limit_rejections_total{class}`). */
export function rateLimitRejected(limitClass: string): void {
  rejections?.inc({ class: limitClass })
}

// Reads answer in milliseconds; the upper buckets catch upstream timeouts (UPSTREAM_TIMEOUT_MS).
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The counts of one label set: requests, their summed seconds, and how many fell in each bucket (not cumulative). */
interface RequestStats {
  labels: { route: string; method: string; status: string }
  count: number
  sum: number
  buckets: Uint32Array
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, counted in plain fields and turned into prom-client's
 * values only when scraped: prom-client hashes a label set on every `inc` and `observe`, even of a bound child,
 * which cost a cached answer more than building its response. Registered as custom metrics (objects with `get`).
 */
function requestMetrics() {
  const stats = new Map<string, RequestStats>()
  // prom-client's registry reads a metric through `get` (and `reset`); both metrics read the same counts.
  const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => unknown[]) => ({
    name,
    help,
    type,
    aggregator: 'sum',
    get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset: () => stats.clear(),
  })
  const counter = metric(
    'http_requests_total',
    'HTTP requests answered, by route pattern, method and status',
    'counter',
    () => [...stats.values()].map((s) => ({ labels: { ...s.labels }, value: s.count })),
  )
  const histogramName = 'http_request_duration_seconds'
  const histogram = metric(
    histogramName,
    'Time to the response head, by route pattern, method and status',
    'histogram',
    () =>
      [...stats.values()].flatMap((s) => {
        let cumulative = 0
        const bucket = (le: number | string, value: number) => ({
          labels: { le, ...s.labels },
          value,
          metricName: `${histogramName}_bucket`,
        })
        return [
          ...DURATION_BUCKETS.map((le, i) => {
            cumulative += s.buckets[i]!
            return bucket(le, cumulative)
          }),
          bucket('+Inf', s.count),
          { labels: { ...s.labels }, value: s.sum, metricName: `${histogramName}_sum` },
          { labels: { ...s.labels }, value: s.count, metricName: `${histogramName}_count` },
        ]
      }),
  )
  return {
    counter,
    histogram,
    observe(route: string, method: string, status: number, seconds: number) {
      const key = `${route} ${method} ${status}`
      let s = stats.get(key)
      if (!s) {
        // Label sets are bounded by routes × methods × statuses; a guard against anything unforeseen.
        if (stats.size >= 10_000) return
        s = {
          labels: { route, method, status: String(status) },
          count: 0,
          sum: 0,
          buckets: new Uint32Array(DURATION_BUCKETS.length),
        }
        stats.set(key, s)
      }
      s.count++
      s.sum += seconds
      let i = 0
      while (i < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[i]!) i++
      if (i < DURATION_BUCKETS.length) s.buckets[i]!++
    },
  }
}

/** The process-wide metrics (made on first use, labelled with the service name given then). */
export function processMetrics(service: string): ProcessMetrics {
  if (current) return current
  const registry = new Registry()
  registry.setDefaultLabels({ service })
  collectDefaultMetrics({ register: registry })
  const requests = requestMetrics()
  registry.registerMetric(requests.counter as never)
  registry.registerMetric(requests.histogram as never)
  cacheLookups = new Counter({
    name: 'cache_lookups_total',
    help: 'Cache look-ups by cache and result (hit or miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      for (const [key, n] of unscrapedLookups) {
        const [cache, result] = key.split('\u0000') as [string, string]
        this.inc({ cache, result }, n)
      }
      unscrapedLookups.clear()
    },
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
  new Counter({
    name: 'mcp_messages_total',
    help: 'MCP messages through the gateway, by method (Mcp-Method) and tool (Mcp-Name of a tools/call)',
    labelNames: ['method', 'tool'],
    registers: [registry],
    collect() {
      for (const [key, n] of unscrapedMcp) {
        const [method, tool] = key.split('\u0000') as [string, string]
        this.inc({ method, tool }, n)
      }
      unscrapedMcp.clear()
    },
  })
  rejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429, by limit class',
    labelNames: ['class'],
    registers: [registry],
  })
  current = {
    registry,
    observe: (request, status, seconds) => requests.observe(routeLabelOf(request), request.method, status, seconds),
    observeRoute: (route, method, status, seconds) => requests.observe(route, method, status, seconds),
    async render() {
      return { body: await registry.metrics(), contentType: registry.contentType }
    },
  }
  return current
}
