/**
 * Probes a remote MCP endpoint with the official SDK client: `initialize`, then `tools/list` (every page),
 * within one deadline, every HTTP request through the outbound-safety fetcher (no private addresses unless
 * allowed, redirects checked, bounded in time).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { ToolInfo } from '@mcp-directory/shared/contracts'
import { OutboundError } from '@mcp-directory/shared/outbound'

/** How a probe of one endpoint ended. */
export type RemoteOutcome = 'ok' | 'auth_required' | 'not_mcp' | 'http_error' | 'timeout' | 'unreachable' | 'refused'

/** The result of probing one endpoint. */
export interface RemoteProbe {
  url: string
  transport: 'streamable-http' | 'sse'
  outcome: RemoteOutcome
  /** The tools listed (outcome `ok` only). */
  tools?: ToolInfo[]
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
function toolInfo(t: { name: string; description?: string; inputSchema?: { properties?: Record<string, unknown> } }): ToolInfo {
  const params = Object.keys(t.inputSchema?.properties ?? {}).filter((p) => p.length <= 200).slice(0, MAX_PARAMETERS)
  const description = typeof t.description === 'string' ? t.description.trim().slice(0, MAX_DESCRIPTION) : ''
  return { name: String(t.name).slice(0, 200), ...(description ? { description } : {}), ...(params.length ? { parameters: params } : {}) }
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

/** Probes one endpoint; never throws (every failure is an outcome). */
export async function probeRemote(url: string, transportType: 'streamable-http' | 'sse', opts: RemoteProbeOptions): Promise<RemoteProbe> {
  const started = performance.now()
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new Error('probe deadline')), opts.timeoutMs)
  // What the server answered, seen through our fetch: tells a sign-in wall from a broken endpoint.
  let sawAuthChallenge = false
  let lastStatus = 0
  let lastContentType = ''
  const guarded: typeof fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal
    const res = await opts.fetch(input, { ...init, signal })
    lastStatus = res.status
    lastContentType = res.headers.get('content-type') ?? ''
    if ((res.status === 401 || res.status === 403) && /bearer|oauth/i.test(res.headers.get('www-authenticate') ?? '')) sawAuthChallenge = true
    return res
  }) as typeof fetch
  const done = (outcome: RemoteOutcome, detail: string, tools?: ToolInfo[]): RemoteProbe => ({
    url, transport: transportType, outcome, latencyMs: Math.round(performance.now() - started), detail, ...(tools ? { tools } : {}),
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
      : new StreamableHTTPClientTransport(target, { fetch: guarded, reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 } })
  const client = new Client(opts.clientInfo ?? CLIENT_INFO, { capabilities: {} })
  const remaining = () => Math.max(1, opts.timeoutMs - (performance.now() - started))
  try {
    await client.connect(transport, { signal: deadline.signal, timeout: remaining() })
    const tools: ToolInfo[] = []
    let cursor: string | undefined
    for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
      const res = await client.listTools(cursor ? { cursor } : undefined, { signal: deadline.signal, timeout: remaining() })
      for (const t of res.tools) if (tools.length < MAX_TOOLS) tools.push(toolInfo(t))
      cursor = res.nextCursor
      if (!cursor) break
    }
    return done('ok', `${tools.length} tools`, tools)
  } catch (err) {
    const out = outboundCause(err)
    if (sawAuthChallenge) return done('auth_required', `HTTP ${lastStatus} asking for sign-in`)
    if (out?.kind === 'refused_address' || out?.kind === 'invalid_url') return done('refused', out.reason)
    if (out?.kind === 'timeout' || deadline.signal.aborted) return done('timeout', `no complete answer within ${opts.timeoutMs} ms`)
    if (out?.kind === 'resolve_failed' || out?.kind === 'network' || out?.kind === 'too_many_redirects') return done('unreachable', out.reason)
    if (/request timed out/i.test(message(err))) return done('timeout', message(err))
    if (lastStatus >= 400) return done('http_error', `HTTP ${lastStatus}: ${message(err)}`)
    if (lastStatus === 0) return done('unreachable', message(err))
    return done('not_mcp', `answered ${lastStatus} ${lastContentType || 'without a content type'}, not MCP: ${message(err)}`)
  } finally {
    clearTimeout(timer)
    deadline.abort(new Error('probe finished'))
    // Closing ends the session politely (streamable HTTP sends DELETE when it has a session); never waits long.
    await Promise.race([client.close().catch(() => {}), Bun.sleep(1000)])
  }
}
