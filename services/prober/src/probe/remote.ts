// Over 300 lines: the handshake, its outcomes and the auth discovery they lead to are one protocol, read together.
/**
 * Probes a remote MCP endpoint with the official SDK client: `initialize`, then `tools/list` (every page),
 * within one deadline, every HTTP request through the outbound-safety fetcher (no private addresses unless
 * allowed, redirects checked, bounded in time).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import { OutboundError } from '@mcp-directory/shared/outbound'
import { readStreamUpTo } from '@mcp-directory/shared/http'

/**
 * How a probe of one endpoint ended, as the MCP transports define an answer:
 * - `ok`: `initialize` and `tools/list` answered (JSON or SSE).
 * - `alive`: an MCP answer without a tools list: a JSON-RPC error, or an event stream that ended empty.
 * - `auth_required`: 401 with `WWW-Authenticate` and readable protected-resource metadata (RFC 9728).
 * - `not_mcp`: HTML on 200, 404, 410, or anything else that is not an MCP answer.
 * - `unknown`: 403, 405, 429, 5xx, or a 401 without protected-resource metadata: nothing learned either way.
 * - `timeout`, `unreachable`: no answer; `refused`: an address the prober may not fetch.
 */
export type RemoteOutcome =
  | 'ok'
  | 'alive'
  | 'auth_required'
  | 'not_mcp'
  | 'unknown'
  | 'timeout'
  | 'unreachable'
  | 'refused'

/** How an endpoint wants clients to authenticate, as read from its answers. */
export interface RemoteAuth {
  /** oauth: protected-resource metadata naming an authorization server; api_key: a credential challenge without it. */
  kind: 'oauth' | 'api_key' | 'none'
  /** The protected-resource metadata address read (oauth). */
  resourceMetadata?: string
  /** Issuers the metadata names, each confirmed by its authorization-server metadata when `confirmed`. */
  authorizationServers?: string[]
  /** Whether an authorization server's own metadata (RFC 8414 or OpenID) was read. */
  confirmed?: boolean
}

/** The result of probing one endpoint. */
export interface RemoteProbe {
  url: string
  transport: 'streamable-http' | 'sse'
  outcome: RemoteOutcome
  /** The tools listed (outcome `ok` only). */
  tools?: ToolInfo[]
  /** How it authenticates (known when it answered, or challenged). */
  auth?: RemoteAuth
  latencyMs: number
  /** A short reason, for the probe history. */
  detail: string
}

/** What a probe needs. */
export interface RemoteProbeOptions {
  /** The outbound-safety fetcher's `fetch`. */
  fetch: typeof fetch
  timeoutMs: number
  /** Name and version the client announces in `initialize`. */
  clientInfo?: { name: string; version: string }
}

// Bounds on what a server may make us keep: pages of tools/list, tools, text sizes.
const MAX_PAGES = 10
const MAX_TOOLS = 500
const MAX_DESCRIPTION = 2000
const MAX_PARAMETERS = 100

const CLIENT_INFO = { name: 'mcp-directory-prober', version: '1.0.0' }

/** Tool name, description and parameter names, bounded. */
function toolInfo(t: {
  name: string
  description?: string
  inputSchema?: { properties?: Record<string, unknown> }
}): ToolInfo {
  const params = Object.keys(t.inputSchema?.properties ?? {})
    .filter((p) => p.length <= 200)
    .slice(0, MAX_PARAMETERS)
  const description = typeof t.description === 'string' ? t.description.trim().slice(0, MAX_DESCRIPTION) : ''
  return {
    name: String(t.name).slice(0, 200),
    ...(description ? { description } : {}),
    ...(params.length ? { parameters: params } : {}),
  }
}

/** Finds an OutboundError in an error's cause chain (the SDK wraps fetch failures). */
function outboundCause(err: unknown): OutboundError | null {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    if (e instanceof OutboundError) return e
    e = (e as { cause?: unknown }).cause ?? (e as { event?: { error?: unknown } }).event?.error
  }
  return null
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300)

const METADATA_BYTES = 64 * 1024

/** Reads a small JSON document through the outbound fetcher (null: not there, not JSON, or too large). */
async function readJsonDocument(
  fetcher: typeof fetch,
  url: string,
  signal: AbortSignal,
): Promise<Record<string, unknown> | null> {
  try {
    const res = await fetcher(url, { headers: { accept: 'application/json' }, signal })
    if (res.status !== 200) {
      await res.body?.cancel()
      return null
    }
    const text = await readBounded(res, METADATA_BYTES)
    if (text === null) return null
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** A response body as text, or null when it is longer than `max` bytes. */
async function readBounded(res: Response, max: number): Promise<string | null> {
  const body = await readStreamUpTo(res.body, max)
  return body === null ? null : new TextDecoder().decode(body)
}

/** The `resource_metadata` parameter of a `WWW-Authenticate` challenge. */
export function resourceMetadataOf(challenge: string): string | null {
  return (
    /resource_metadata\s*=\s*"([^"]{1,2048})"/i.exec(challenge)?.[1] ??
    /resource_metadata\s*=\s*([^\s,]{1,2048})/i.exec(challenge)?.[1] ??
    null
  )
}

/** Where an issuer's metadata may live (RFC 8414 path insertion, then OpenID Connect discovery). */
function authorizationServerMetadataUrls(issuer: string): string[] {
  try {
    const u = new URL(issuer)
    const path = u.pathname.replace(/\/+$/, '')
    return [
      `${u.origin}/.well-known/oauth-authorization-server${path}`,
      `${u.origin}/.well-known/openid-configuration${path}`,
      ...(path ? [`${u.origin}${path}/.well-known/openid-configuration`] : []),
    ]
  } catch {
    return []
  }
}

/**
 * Reads what a 401 points to: the protected-resource metadata (from the challenge, else the well-known address
 * on the endpoint's origin, as MCP clients look) and the first authorization server's metadata.
 * Returns null when there is no protected-resource metadata.
 */
export async function readAuthMetadata(
  endpoint: URL,
  challenge: string,
  fetcher: typeof fetch,
  signal: AbortSignal,
): Promise<RemoteAuth | null> {
  const named = resourceMetadataOf(challenge)
  const path = endpoint.pathname.replace(/\/+$/, '')
  const candidates = named
    ? [named]
    : [
        `${endpoint.origin}/.well-known/oauth-protected-resource${path}`,
        `${endpoint.origin}/.well-known/oauth-protected-resource`,
      ]
  for (const url of candidates) {
    let absolute: string
    try {
      absolute = new URL(url, endpoint).href
    } catch {
      continue
    }
    const prm = await readJsonDocument(fetcher, absolute, signal)
    if (!prm || typeof prm.resource !== 'string') continue
    const servers = (Array.isArray(prm.authorization_servers) ? prm.authorization_servers : [])
      .filter((s): s is string => typeof s === 'string' && s.length <= 2048)
      .slice(0, 5)
    if (servers.length === 0) return { kind: 'api_key', resourceMetadata: absolute }
    let confirmed = false
    for (const metaUrl of authorizationServerMetadataUrls(servers[0]!)) {
      const meta = await readJsonDocument(fetcher, metaUrl, signal)
      if (
        meta &&
        typeof meta.issuer === 'string' &&
        (typeof meta.token_endpoint === 'string' || typeof meta.authorization_endpoint === 'string')
      ) {
        confirmed = true
        break
      }
    }
    return { kind: 'oauth', resourceMetadata: absolute, authorizationServers: servers, confirmed }
  }
  return null
}

const isJsonRpcError = (v: unknown): boolean => {
  const one = (m: unknown) =>
    !!m &&
    typeof m === 'object' &&
    (m as { jsonrpc?: unknown }).jsonrpc === '2.0' &&
    typeof (m as { error?: { code?: unknown } }).error?.code === 'number'
  return Array.isArray(v) ? v.some(one) : one(v)
}

/** An error the server sent (the SDK also raises McpError for its own timeouts and closed connections). */
const serverError = (err: unknown) =>
  err instanceof McpError && err.code !== ErrorCode.RequestTimeout && err.code !== ErrorCode.ConnectionClosed

/** Probes one endpoint; never throws (every failure is an outcome). */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one MCP handshake read top to bottom: initialize, tools/list, and the verdict of each outcome
export async function probeRemote(
  url: string,
  transportType: 'streamable-http' | 'sse',
  opts: RemoteProbeOptions,
): Promise<RemoteProbe> {
  const started = performance.now()
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new Error('probe deadline')), opts.timeoutMs)
  // What the server answered, seen through our fetch: tells a sign-in wall, an MCP error and a broken endpoint apart.
  let challenge: string | null = null
  let sawJsonRpcError = false
  let emptyEventStream = false
  let lastStatus = 0
  let lastContentType = ''
  const guarded: typeof fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
    const res = await opts.fetch(input, { ...init, signal })
    lastStatus = res.status
    lastContentType = res.headers.get('content-type') ?? ''
    if (res.status === 401) challenge = res.headers.get('www-authenticate') ?? ''
    if (/json/i.test(lastContentType) && res.body) {
      // A JSON-RPC error is an MCP answer, whatever the HTTP status: peek at it without taking the body away.
      const [mine, theirs] = res.body.tee()
      const text = await readBounded(new Response(mine), METADATA_BYTES).catch(() => null)
      try {
        if (text && isJsonRpcError(JSON.parse(text))) sawJsonRpcError = true
      } catch {
        // not JSON: the SDK reports it
      }
      return new Response(theirs, { status: res.status, statusText: res.statusText, headers: res.headers })
    }
    if (res.ok && /text\/event-stream/i.test(lastContentType) && res.body) {
      // An event stream that ends without one byte is a transport answer with nothing in it: stop waiting.
      let bytes = 0
      const watched = res.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, c) {
            bytes += chunk.byteLength
            c.enqueue(chunk)
          },
          flush() {
            if (bytes === 0) {
              emptyEventStream = true
              deadline.abort(new Error('empty event stream'))
            }
          },
        }),
      )
      return new Response(watched, { status: res.status, statusText: res.statusText, headers: res.headers })
    }
    return res
  }) as typeof fetch
  const done = (
    outcome: RemoteOutcome,
    detail: string,
    extra: { tools?: ToolInfo[]; auth?: RemoteAuth } = {},
  ): RemoteProbe => ({
    url,
    transport: transportType,
    outcome,
    latencyMs: Math.round(performance.now() - started),
    detail,
    ...extra,
  })

  let target: URL
  try {
    target = new URL(url)
  } catch {
    clearTimeout(timer)
    return done('refused', 'not an absolute URL')
  }
  const transport: Transport =
    transportType === 'sse'
      ? new SSEClientTransport(target, { fetch: guarded })
      : new StreamableHTTPClientTransport(target, {
          fetch: guarded,
          reconnectionOptions: {
            maxRetries: 0,
            initialReconnectionDelay: 1000,
            maxReconnectionDelay: 1000,
            reconnectionDelayGrowFactor: 1,
          },
        })
  const client = new Client(opts.clientInfo ?? CLIENT_INFO, { capabilities: {} })
  const remaining = () => Math.max(1, opts.timeoutMs - (performance.now() - started))
  try {
    await client.connect(transport, { signal: deadline.signal, timeout: remaining() })
    const tools: ToolInfo[] = []
    let cursor: string | undefined
    try {
      for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
        const res = await client.listTools(cursor ? { cursor } : undefined, {
          signal: deadline.signal,
          timeout: remaining(),
        })
        for (const t of res.tools) if (tools.length < MAX_TOOLS) tools.push(toolInfo(t))
        cursor = res.nextCursor
        if (!cursor) break
      }
    } catch (err) {
      // It initialized: whatever tools/list did, the server runs.
      if (serverError(err) || sawJsonRpcError)
        return done('alive', `initialized; tools/list answered an error: ${message(err)}`, { auth: { kind: 'none' } })
      throw err
    }
    return done('ok', `${tools.length} tools`, { tools, auth: { kind: 'none' } })
  } catch (err) {
    const out = outboundCause(err)
    if (out?.kind === 'refused_address' || out?.kind === 'invalid_url') return done('refused', out.reason)
    if (lastStatus === 401) {
      const auth = await readAuthMetadata(
        target,
        challenge ?? '',
        guardedMetadata(opts.fetch, opts.timeoutMs),
        AbortSignal.timeout(opts.timeoutMs),
      )
      if (auth) return done('auth_required', `HTTP 401 asking for sign-in (${auth.kind})`, { auth })
      return done(
        'unknown',
        `HTTP 401 without protected-resource metadata${challenge ? `: ${String(challenge).slice(0, 100)}` : ''}`,
        challenge ? { auth: { kind: 'api_key' } } : {},
      )
    }
    if (sawJsonRpcError || serverError(err)) return done('alive', `answered a JSON-RPC error: ${message(err)}`)
    if (emptyEventStream) return done('alive', 'answered an empty event stream')
    if (out?.kind === 'timeout' || deadline.signal.aborted)
      return done('timeout', `no complete answer within ${opts.timeoutMs} ms`)
    if (out?.kind === 'resolve_failed' || out?.kind === 'network' || out?.kind === 'too_many_redirects')
      return done('unreachable', out.reason)
    if (/request timed out/i.test(message(err))) return done('timeout', message(err))
    if (lastStatus === 403 || lastStatus === 405 || lastStatus === 429 || lastStatus >= 500)
      return done('unknown', `HTTP ${lastStatus}: ${message(err)}`)
    if (lastStatus === 0) return done('unreachable', message(err))
    return done(
      'not_mcp',
      `answered ${lastStatus} ${lastContentType || 'without a content type'}, not MCP: ${message(err)}`,
    )
  } finally {
    clearTimeout(timer)
    deadline.abort(new Error('probe finished'))
    // Closing ends the session politely (streamable HTTP sends DELETE when it has a session); never waits long.
    await Promise.race([client.close().catch(() => {}), Bun.sleep(1000)])
  }
}

/** The fetch used for auth metadata: the outbound fetcher, each request bounded in time. */
function guardedMetadata(fetcher: typeof fetch, timeoutMs: number): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs)
    return fetcher(input, { ...init, signal })
  }) as typeof fetch
}
