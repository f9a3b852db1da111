/** Reaching a service: in this process, or over HTTP at every replica (several URLs, or every address a name resolves to). */
import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { serviceUnavailable } from '../errors'
import type { Logger } from '../log'

/** Something the gateway forwards requests to: a service in this process, or its replicas over HTTP. */
export interface Upstream {
  readonly name: string
  /** Answers the request; rejects with UpstreamError when no replica can answer. */
  fetch(request: Request, timeoutMs: number): Promise<Response>
}

/** Why forwarding failed: `timeout` → 504, `unreachable` → 502/503, `body_timeout` (the client's body) → 408. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable' | 'body_timeout',
    message: string,
  ) {
    super(message)
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, signal?: AbortController): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      signal?.abort()
      reject(new UpstreamError('timeout', `no answer within ${ms} ms`))
    }, ms)
  })
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer))
}

/** A service mounted in this process (all-in-one): same forwarding path, no network hop. */
export function inProcessUpstream(name: string, handle: (r: Request) => Promise<Response> | Response): Upstream {
  return { name, fetch: (request, timeoutMs) => withTimeout(Promise.resolve(handle(request)), timeoutMs) }
}

// A replica that refused a connection is skipped for this long before it is tried again.
const DOWN_FOR_MS = 3000

/** Every address a host name resolves to (node:dns `lookup`, so /etc/hosts and compose's DNS both count). */
export type ResolveAll = (host: string) => Promise<string[]>

/** Resolves a name to all its addresses through the system resolver (A and AAAA records, /etc/hosts). */
export const systemResolveAll: ResolveAll = async (host) => (await lookup(host, { all: true })).map((a) => a.address)

/** How a name-based upstream finds its replicas. */
export interface ResolveOptions {
  resolve?: ResolveAll
  /** How long an answer is used before the name is looked up again (replicas come and go). */
  refreshMs?: number
}

/**
 * The replica base URLs behind a list of base URLs: a URL naming an IP address stays as it is; one naming a host is
 * expanded to one URL per address the name resolves to (a compose service name resolves to every replica of
 * `--scale`, a Kubernetes headless Service to every pod). Answers are kept for `refreshMs` and refreshed in the
 * background; a failed look-up keeps the previous answer, or the URL itself when there is none.
 */
export function replicaList(baseUrls: string[], log: Logger, opts: ResolveOptions = {}): () => Promise<string[]> {
  const resolve = opts.resolve ?? systemResolveAll
  const refreshMs = opts.refreshMs ?? 5000
  const named = baseUrls.map((u) => new URL(u)).filter((u) => !isIP(u.hostname.replace(/^\[|\]$/g, '')))
  if (named.length === 0) return async () => baseUrls
  const expanded = new Map<string, string[]>()
  let resolvedAt = 0
  let pending: Promise<void> | null = null
  const refresh = () =>
    (pending ??= (async () => {
      await Promise.all(
        named.map(async (u) => {
          const key = u.href.replace(/\/+$/, '')
          try {
            const addrs = [...new Set(await resolve(u.hostname))].sort()
            if (addrs.length === 0) throw new Error('no address')
            const path = u.pathname.replace(/\/+$/, '')
            expanded.set(
              key,
              addrs.map((a) => `${u.protocol}//${isIP(a) === 6 ? `[${a}]` : a}${u.port ? `:${u.port}` : ''}${path}`),
            )
          } catch (err) {
            log.warn({ host: u.hostname, err: String(err) }, 'replica look-up failed; keeping the previous answer')
          }
        }),
      )
      resolvedAt = Date.now()
    })().finally(() => (pending = null)))
  return async () => {
    if (resolvedAt === 0) await refresh()
    else if (Date.now() - resolvedAt > refreshMs) void refresh()
    return baseUrls.flatMap((u) => expanded.get(new URL(u).href.replace(/\/+$/, '')) ?? [u])
  }
}

/**
 * A service reached over HTTP at one or more base URLs. Requests rotate over the replicas; one that refuses
 * connections is skipped for a few seconds and the request goes to the next, so stopping a replica does not
 * fail requests. A replica that accepted the request but did not answer in time is not retried (the request
 * may have had effects): the client gets a 504. A URL naming a host rotates over every address the name resolves
 * to (`replicaList`), so one compose or Kubernetes service name reaches all its replicas.
 */
export function httpUpstream(
  name: string,
  configuredUrls: string[],
  log: Logger,
  resolveOpts: ResolveOptions = {},
): Upstream {
  const downUntil = new Map<string, number>()
  const replicas = replicaList(configuredUrls, log, resolveOpts)
  let next = 0
  return {
    name,
    fetch: async (request, timeoutMs) => {
      const baseUrls = await replicas()
      const deadline = Date.now() + timeoutMs
      const now = Date.now()
      const order = baseUrls.map((_, i) => baseUrls[(next + i) % baseUrls.length])
      next = (next + 1) % baseUrls.length
      const healthy = order.filter((u) => (downUntil.get(u) ?? 0) <= now)
      const tryList = healthy.length ? [...healthy, ...order.filter((u) => !healthy.includes(u))] : order
      // The client's body is read within the same deadline: a body trickling in a byte at a time must not hold the
      // connection (and the gateway) forever.
      const body =
        request.method === 'GET' || request.method === 'HEAD'
          ? undefined
          : await withTimeout(request.arrayBuffer(), timeoutMs).catch((err) => {
              throw err instanceof UpstreamError
                ? new UpstreamError('body_timeout', `the request body did not arrive within ${timeoutMs} ms`)
                : err
            })
      const path = new URL(request.url)
      let lastError = 'no replica configured'
      for (const base of tryList) {
        const remaining = deadline - Date.now()
        if (remaining <= 0) throw new UpstreamError('timeout', `no answer within ${timeoutMs} ms`)
        const controller = new AbortController()
        try {
          const res = await withTimeout(
            fetch(base + path.pathname + path.search, {
              method: request.method,
              headers: request.headers,
              body,
              redirect: 'manual',
              signal: controller.signal,
              decompress: false,
            } as RequestInit),
            remaining,
            controller,
          )
          downUntil.delete(base)
          return res
        } catch (err) {
          if (err instanceof UpstreamError) throw err
          // Connection refused or reset before an answer: mark the replica down and try the next one.
          lastError = err instanceof Error ? err.message : String(err)
          downUntil.set(base, Date.now() + DOWN_FOR_MS)
          log.warn({ upstream: name, replica: base, err: lastError }, 'replica unreachable')
        }
      }
      throw new UpstreamError('unreachable', `${name} unreachable: ${lastError}`)
    },
  }
}

/** A request handler over the replicas of a service: any failure to reach one becomes `onUnavailable()`'s error (a 503 by default). */
export function replicaHandler(
  name: string,
  baseUrls: string[],
  log: Logger,
  timeoutMs: number,
  onUnavailable: () => Error = () => serviceUnavailable(name),
): (request: Request) => Promise<Response> {
  const upstream = httpUpstream(name, baseUrls, log)
  return async (request) => {
    try {
      return await upstream.fetch(request, timeoutMs)
    } catch {
      throw onUnavailable()
    }
  }
}
