import type { Logger } from '@mcp-directory/shared/log'

/** Something the gateway forwards requests to: a service in this process, or its replicas over HTTP. */
export interface Upstream {
  readonly name: string
  /** Answers the request; rejects with UpstreamError when no replica can answer. */
  fetch(request: Request, timeoutMs: number): Promise<Response>
}

/** Why forwarding failed: `timeout` → 504, `unreachable` → 502/503. */
export class UpstreamError extends Error {
  constructor(readonly kind: 'timeout' | 'unreachable', message: string) {
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

/**
 * A service reached over HTTP at one or more base URLs. Requests rotate over the replicas; one that refuses
 * connections is skipped for a few seconds and the request goes to the next, so stopping a replica does not
 * fail requests. A replica that accepted the request but did not answer in time is not retried (the request
 * may have had effects): the client gets a 504.
 */
export function httpUpstream(name: string, baseUrls: string[], log: Logger): Upstream {
  const downUntil = new Map<string, number>()
  let next = 0
  return {
    name,
    fetch: async (request, timeoutMs) => {
      const deadline = Date.now() + timeoutMs
      const now = Date.now()
      const order = baseUrls.map((_, i) => baseUrls[(next + i) % baseUrls.length])
      next = (next + 1) % baseUrls.length
      const healthy = order.filter((u) => (downUntil.get(u) ?? 0) <= now)
      const tryList = healthy.length ? [...healthy, ...order.filter((u) => !healthy.includes(u))] : order
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
      const path = new URL(request.url)
      let lastError = 'no replica configured'
      for (const base of tryList) {
        const remaining = deadline - Date.now()
        if (remaining <= 0) throw new UpstreamError('timeout', `no answer within ${timeoutMs} ms`)
        const controller = new AbortController()
        try {
          const res = await withTimeout(
            fetch(base + path.pathname + path.search, { method: request.method, headers: request.headers, body, redirect: 'manual', signal: controller.signal, decompress: false } as RequestInit),
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
