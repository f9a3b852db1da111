/** Process wiring shared by every main.ts: open backing services from config, serve, drain on SIGTERM. */
import type { Config } from '../config'
import { requestIdFrom, withRequestId, type Logger } from '../log'
import { errorResponse } from '../errors'
import { isValidHostHeader, safeEqual } from '../http'
import { processMetrics } from '../metrics'
import { textDocument } from '../text'
import { joinedWhileRunning } from '../worker'
import type { Backends } from './backends'
import { lateAnswers } from './late-answer'
import { startMemoryTrim } from './memory-trim'

/**
 * Serves one service over its backends as its own process: ready while its database answers; on SIGTERM the
 * service closes first, then its bus, store and database.
 */
export function serveService(
  name: string,
  config: Config,
  log: Logger,
  { database, kv, bus }: Backends,
  service: { app: { handle: Handler }; close: () => Promise<void> },
) {
  return serve({
    port: config.port,
    host: config.host,
    ready: () => database.ping(),
    handler: { fetch: (req) => service.app.handle(req) },
    log,
    name,
    close: async () => {
      await service.close()
      await bus.close()
      await kv.close()
      await database.close()
    },
  })
}

/**
 * The HMAC key shared by every service: SERVER_SECRET, or (embedded mode) one made once and kept in DATA_DIR,
 * or (a lone process without either) a random one, which only works while a single process uses it.
 */
export function serverSecretFrom(config: Config, log: Logger): string {
  if (config.serverSecret) return config.serverSecret
  const fresh = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
  if (config.databaseUrl === null) {
    const { existsSync, mkdirSync, readFileSync, writeFileSync } = require('node:fs') as typeof import('node:fs')
    const file = `${config.dataDir.replace(/\/+$/, '')}/server-secret`
    if (existsSync(file)) return readFileSync(file, 'utf8').trim()
    mkdirSync(config.dataDir, { recursive: true })
    const secret = fresh()
    writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
  log.warn('SERVER_SECRET is unset: using a random key for this process only; set it when services run apart')
  return fresh()
}

/** An operator token from config, or a random one made now (printed once by the caller). */
export function operatorTokenFrom(config: Config): { token: string; generated: boolean } {
  if (config.operatorToken) return { token: config.operatorToken, generated: false }
  const bytes = crypto.getRandomValues(new Uint8Array(24))
  return { token: `mcpdir_op_${Buffer.from(bytes).toString('base64url')}`, generated: true }
}

// How long a stop waits for in-flight requests, and then for connections and pools to close (well inside
// Kubernetes' default 30 s grace period).
const SHUTDOWN_GRACE_MS = 10_000

/**
 * The paths `serve` answers in every process outside its handler: metrics and the probes. Each belongs to the process
 * that answers it, so a proxy in front (the gateway) never forwards one to a service behind it.
 */
export const PROCESS_PATHS: ReadonlySet<string> = new Set(['/metrics', '/healthz', '/readyz'])

// The server that accepted each request served by `serve`: it knows the socket address, which is kept out of the
// headers so a client cannot forge it. Asked only when someone needs it (looking it up costs more than answering
// a cached badge). A request `serve` did not accept (one built in-process) has none.
const peers = new WeakMap<Request, { requestIP(r: Request): { address: string } | null }>()

/** The peer IP address of a request accepted by `serve`, if known. */
export function peerAddress(request: Request): string | undefined {
  return peers.get(request)?.requestIP(request)?.address
}

/** Something that handles requests (an Elysia app's `handle`). */
type Handler = (request: Request) => Response | Promise<Response>

/** An answer given at once, without awaiting anything, and the route pattern it answered (for the metrics). */
export interface ImmediateAnswer {
  response: Response
  route: string
}

/** How `serve` runs a handler. */
export interface ServeOptions {
  port: number
  host?: string
  /**
   * `fetch` answers every request; `answerNow`, when given, is asked first and may answer synchronously (a cache
   * hit of the gateway's micro-cache), skipping the request context and the awaits that `fetch` costs.
   */
  handler: { fetch: Handler; answerNow?: (request: Request) => ImmediateAnswer | null }
  log: Logger
  name: string
  close: () => Promise<void>
  maxBodyBytes?: number
  /**
   * Who may read `/metrics`: unset, anyone who reaches the port (services, internal networks only); `{ token }`,
   * only a Bearer of that token, and nobody when it is null (the gateway, whose port is public).
   */
  metrics?: { token: string | null }
  /** Readiness: resolves when the process's dependencies answer (its database); rejects otherwise. */
  ready?: () => Promise<void>
  /** PUBLIC_BASE_URL, for the `docs` link of the errors answered here (relative links without it). */
  publicBaseUrl?: string
}

const NO_STORE = { 'cache-control': 'no-store' }

// Host headers already found valid: nearly every request repeats one of a few, and checking one costs regular
// expressions and a URL parse. Bounded, since clients choose them.
const validHosts = new Set<string>()
function validHost(host: string | null): boolean {
  if (host !== null && validHosts.has(host)) return true
  if (!isValidHostHeader(host)) return false
  if (validHosts.size >= 256) validHosts.clear()
  validHosts.add(host)
  return true
}

// The request URL is built from the Host header: without one (HTTP/1.0) or with a malformed one there is no URL to
// route by, so the request is refused before anything parses it.
function refuseWithoutHost(req: Request, publicBaseUrl: string): Response | null {
  if (validHost(req.headers.get('host')) && URL.canParse(req.url)) return null
  return errorResponse(400, 'bad_request', 'The Host header is missing or is not a valid host[:port]', publicBaseUrl, {
    headers: { connection: 'close', ...NO_STORE },
  })
}

/** Probes for supervisors: liveness says the process serves; readiness that its dependencies answer too. */
function probeAnswer(
  req: Request,
  stopping: boolean,
  ready?: () => Promise<void>,
): Response | Promise<Response> | null {
  const path = new URL(req.url).pathname
  if (path === '/healthz')
    return Response.json({ status: stopping ? 'stopping' : 'ok' }, { status: stopping ? 503 : 200, headers: NO_STORE })
  if (path !== '/readyz') return null
  return readiness(stopping, ready)
}

async function readiness(stopping: boolean, ready?: () => Promise<void>): Promise<Response> {
  try {
    if (stopping) throw new Error('stopping')
    await ready?.()
    return Response.json({ status: 'ready' }, { headers: NO_STORE })
  } catch {
    return Response.json(
      { error: 'service_unavailable', message: 'Not ready: a dependency does not answer', status: 503 },
      { status: 503, headers: NO_STORE },
    )
  }
}

/** Whether a request may read `/metrics` (see ServeOptions.metrics). */
function metricsAllowed(req: Request, metrics: ServeOptions['metrics']): boolean {
  if (!metrics) return true
  const given = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]
  return metrics.token !== null && given !== undefined && safeEqual(given, metrics.token)
}

/** Stops accepting, gives in-flight requests SHUTDOWN_GRACE_MS (then cuts them), runs `close`, exits. */
async function shutDown(server: ReturnType<typeof Bun.serve>, opts: ServeOptions, signal: string): Promise<never> {
  opts.log.info({ signal }, `${opts.name} stopping`)
  const drained = await Promise.race([
    server.stop(false).then(() => true),
    Bun.sleep(SHUTDOWN_GRACE_MS).then(() => false),
  ])
  if (!drained) {
    opts.log.warn(`${opts.name}: requests still running after ${SHUTDOWN_GRACE_MS} ms; closing them`)
    await server.stop(true)
  }
  await Promise.race([
    opts.close().catch((err) => opts.log.error({ err: String(err) }, 'error while closing')),
    Bun.sleep(SHUTDOWN_GRACE_MS),
  ])
  process.exit(0)
}

/**
 * Serves a handler on a port; on SIGTERM/SIGINT stops accepting, lets in-flight requests finish, then runs
 * `close` (drain the bus, close pools) and exits.
 */
export function serve(opts: ServeOptions) {
  const metrics = processMetrics(opts.name)
  let stopping = false
  // Probes are not rate-limited: those that arrive while a readiness check is on its way share it, so a flood of
  // them never queues a database round trip each.
  const readyOnce = opts.ready && joinedWhileRunning(opts.ready)
  // Requests answered, so the memory trim waits while the process is busy.
  let answered = 0
  // An answer ready only after the turn its request arrived in is sent so that Bun writes it in one piece.
  const late = lateAnswers()
  /** The handler's answer, in the request's context: its id follows it into every async step and the events. */
  const answer = async (req: Request, started: number) => {
    const arrived = late.arrived()
    const res = await withRequestId(requestIdFrom(req.headers), () => opts.handler.fetch(req))
    metrics.observe(req, res.status, (performance.now() - started) / 1000)
    return late.toSend(res, arrived, req.method)
  }
  const server = Bun.serve({
    port: opts.port,
    hostname: opts.host ?? '0.0.0.0',
    fetch: (req, srv) => {
      const refused = refuseWithoutHost(req, opts.publicBaseUrl ?? '')
      if (refused) return refused
      // Plain suffix tests first: the common request pays no URL parse for the metrics and probe routes.
      if (req.url.endsWith('/metrics') && req.method === 'GET' && new URL(req.url).pathname === '/metrics') {
        if (metricsAllowed(req, opts.metrics)) {
          const arrived = late.arrived()
          return metrics
            .render()
            .then(({ body, contentType }) =>
              late.toSend(textDocument(body, contentType, { headers: NO_STORE }), arrived, req.method),
            )
        }
      }
      if (req.method === 'GET' && (req.url.endsWith('/healthz') || req.url.endsWith('/readyz'))) {
        const probe = probeAnswer(req, stopping, readyOnce)
        if (probe) return probe
      }
      peers.set(req, srv)
      answered++
      const started = performance.now()
      const now = opts.handler.answerNow?.(req)
      if (now) {
        metrics.observeRoute(now.route, req.method, now.response.status, (performance.now() - started) / 1000)
        return now.response
      }
      return answer(req, started)
    },
    maxRequestBodySize: opts.maxBodyBytes ?? 40 * 1024 * 1024,
    idleTimeout: 60,
  })
  // Every process gives back what its bursts (an import, the index's build, a minute of probes) freed.
  const stopTrim = startMemoryTrim({ requests: () => answered })
  const shutdown = (signal: string) => {
    if (stopping) return
    stopping = true
    stopTrim()
    void shutDown(server, opts, signal)
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
  opts.log.info({ port: server.port }, `${opts.name} listening`)
  return server
}
export * from './backends'
export * from './data-dir'
export { failing, readUpTo, restOf } from './body'
