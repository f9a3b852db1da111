// Cache hits of a route are still counted by its service (badge impressions): the hits per listing go to the
// route's internal counting contract (`reportsCachedHits`) in batches.
import type { Config, ServiceName } from '@mcp-directory/shared/config'
import { type BatchedCounter, startBatchedCounter } from '@mcp-directory/shared/counter'
import type { Logger } from '@mcp-directory/shared/log'
import type { Upstream } from '@mcp-directory/shared/upstream'
import type { RouteSpec } from './routes'

/** One batched counter per route that reports cached hits and whose service is deployed here. */
export function startHitReports(
  routes: RouteSpec[],
  upstreams: Partial<Record<ServiceName, Upstream>>,
  config: Config,
  log: Logger,
): Map<RouteSpec, BatchedCounter> {
  const hitReports = new Map<RouteSpec, BatchedCounter>()
  for (const route of routes) {
    const counting = route.reportsCachedHits
    const upstream = upstreams[route.service]
    if (!counting || !upstream) continue
    hitReports.set(
      route,
      startBatchedCounter(
        async (counts) => {
          const res = await upstream.fetch(
            new Request(`http://${route.service}.internal${counting.path}`, {
              method: counting.method,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ counts: Object.fromEntries(counts) }),
            }),
            config.upstreamTimeoutMs,
          )
          await res.arrayBuffer()
          if (!res.ok) throw new Error(`${route.service} answered ${res.status}`)
        },
        config.viewFlushMs,
        log,
        `${route.service} cached hits`,
      ),
    )
  }
  return hitReports
}
