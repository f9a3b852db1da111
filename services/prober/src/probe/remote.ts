/**
 * Probes a remote MCP endpoint with the official SDK (v2) client: `server/discover` first (the 2026-07-28
 * revision), then the 2025 handshake (`initialize`) when the server does not speak it; then `tools/list` (every
 * page, read as sent: a list that breaks the spec is kept with its defect), its other lists and its skills, within
 * one deadline, every HTTP request through the outbound-safety fetcher (no private addresses unless allowed,
 * redirects checked, bounded in time). The revision it speaks and its tool list's `ttlMs` are recorded.
 */
import {
  Client,
  ProtocolError,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from '@modelcontextprotocol/client'
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills'
import {
  type McpProtocolSeen,
  mcpProtocolSeen,
  type ServerTexts,
  type SkillInfo,
  type ToolInfo,
  type ToolsDefect,
} from '@mcp-directory/shared/contracts'
import { OutboundError } from '@mcp-directory/shared/outbound'
import { fitListed, readSkills, readTools, serverTexts } from '@mcp-directory/shared/toolscan'
import { type AnswersSeen, MAX_ANSWER_BYTES, noAnswersSeen, watchedFetch } from './remote-answers'
import { guardedMetadata, readAuthMetadata, type RemoteAuth } from './remote-auth'

export { readAuthMetadata, type RemoteAuth, resourceMetadataOf } from './remote-auth'

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

/** The result of probing one endpoint. */
export interface RemoteProbe {
  url: string
  transport: 'streamable-http' | 'sse'
  outcome: RemoteOutcome
  /** The tools listed (outcome `ok` only), as far as readable when the list breaks the spec (`toolsDefect`). */
  tools?: ToolInfo[]
  toolsDefect?: ToolsDefect
  /** Its skills (Skills extension; [] when it offers none; absent when their list could not be read). */
  skills?: SkillInfo[]
  /** What it says besides its tools (instructions, prompts, resources), when it said anything (outcome `ok`). */
  server?: ServerTexts
  /** How it authenticates (known when it answered, or challenged). */
  auth?: RemoteAuth
  /** The revision it speaks and how long it says its tool list stays fresh (when it answered the handshake). */
  protocol?: Omit<McpProtocolSeen, 'checkedAt'>
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

const CLIENT_INFO = { name: 'mcp-directory-prober', version: '1.0.0' }

/** Finds an OutboundError in an error's cause chain (the SDK wraps fetch failures). */
function outboundCause(err: unknown): OutboundError | null {
  for (let e: unknown = err, depth = 0; e && depth < 6; depth++) {
    if (e instanceof OutboundError) return e
    e = (e as { cause?: unknown }).cause ?? (e as { event?: { error?: unknown } }).event?.error
  }
  return null
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300)

/** An error the server sent (the SDK raises SdkError for its own timeouts and closed connections). */
const serverError = (err: unknown) => err instanceof ProtocolError

/** One probe under way: what it was asked, when it started, its deadline and what the endpoint answered. */
interface ProbeRun {
  url: string
  transportType: 'streamable-http' | 'sse'
  opts: RemoteProbeOptions
  started: number
  deadline: AbortController
  seen: AnswersSeen
}

/** The probe's result with this outcome. */
const finish = (
  run: ProbeRun,
  outcome: RemoteOutcome,
  detail: string,
  extra: Partial<Pick<RemoteProbe, 'tools' | 'toolsDefect' | 'skills' | 'server' | 'auth' | 'protocol'>> = {},
): RemoteProbe => ({
  url: run.url,
  transport: run.transportType,
  outcome,
  latencyMs: Math.round(performance.now() - run.started),
  detail,
  ...extra,
})

/** What is left of the probe's time (at least 1 ms). */
const remaining = (run: ProbeRun) => Math.max(1, run.opts.timeoutMs - (performance.now() - run.started))

/** The SDK transport of the endpoint's type, sending through the probe's fetch (no reconnection). */
function transportFor(target: URL, transportType: 'streamable-http' | 'sse', guarded: typeof fetch): Transport {
  return transportType === 'sse'
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
}

/**
 * What the server says besides its tools: its instructions, its prompts' and resources' descriptions when it
 * offers them (first page each), and its skills with their SKILL.md texts. A model reads them as it reads the
 * tools, so the scan must see them too: a server that hides its instructions there is otherwise scanned clean and
 * verified. A list it fails to give is none (skills: unknown).
 */
async function listServerTexts(run: ProbeRun, client: Client, tools: ToolInfo[]) {
  const caps = client.getServerCapabilities() ?? {}
  const opts = () => ({ signal: run.deadline.signal, timeout: remaining(run) })
  const prompts = caps.prompts ? (await client.listPrompts(undefined, opts()).catch(() => null))?.prompts : undefined
  const resources = caps.resources
    ? (await client.listResources(undefined, opts()).catch(() => null))?.resources
    : undefined
  const bounds = { signal: run.deadline.signal, remaining: () => remaining(run) }
  const skills = await readSkills(new SkillsClient(client, { skipInvalid: true }), bounds)
  return fitListed(tools, serverTexts(client.getInstructions(), prompts, resources), skills)
}

/** Rejects when the signal aborts (with its reason). */
const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason)
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true })
  })

/** The revision a connected client negotiated, as the listing records it. */
const protocolSeen = (client: Client, listResult: unknown, source: string) =>
  mcpProtocolSeen({ version: client.getNegotiatedProtocolVersion(), era: client.getProtocolEra() }, listResult, source)

/** `server/discover` (else `initialize`), then `tools/list`; throws what the connection threw. */
async function handshake(run: ProbeRun, client: Client, transport: Transport): Promise<RemoteProbe> {
  // The deadline ends the connect too: the SDK's discovery probe keeps its own timer after the stream ended.
  await Promise.race([
    client.connect(transport, { signal: run.deadline.signal, timeout: remaining(run) }),
    untilAborted(run.deadline.signal),
  ])
  let listed: Awaited<ReturnType<typeof readTools>>
  try {
    const bounds = { signal: run.deadline.signal, remaining: () => remaining(run) }
    listed = await readTools(client, bounds, { pages: MAX_PAGES, tools: MAX_TOOLS })
  } catch (err) {
    // It initialized: whatever tools/list did, the server runs.
    if (serverError(err) || run.seen.sawJsonRpcError)
      return finish(run, 'alive', `initialized; tools/list answered an error: ${message(err)}`, {
        auth: { kind: 'none' },
        protocol: protocolSeen(client, null, run.transportType),
      })
    throw err
  }
  const { first, defect } = listed
  const protocol = protocolSeen(client, first, run.transportType)
  const { tools, server, skills } = await listServerTexts(run, client, listed.tools)
  const broken = defect ? `; ${defect.message}` : ''
  return finish(run, 'ok', `${tools.length} tools (${protocol?.version ?? 'unknown revision'})${broken}`, {
    tools,
    ...(defect ? { toolsDefect: defect } : {}),
    ...(skills ? { skills } : {}),
    ...(server ? { server } : {}),
    auth: { kind: 'none' },
    protocol,
  })
}

/** A 401: a sign-in wall when it points to protected-resource metadata, else nothing learned. */
async function authVerdict(run: ProbeRun, target: URL): Promise<RemoteProbe> {
  const { opts } = run
  const challenge = run.seen.challenge
  const auth = await readAuthMetadata(
    target,
    challenge ?? '',
    guardedMetadata(opts.fetch, opts.timeoutMs),
    AbortSignal.timeout(opts.timeoutMs),
  )
  if (auth) return finish(run, 'auth_required', `HTTP 401 asking for sign-in (${auth.kind})`, { auth })
  return finish(
    run,
    'unknown',
    `HTTP 401 without protected-resource metadata${challenge ? `: ${String(challenge).slice(0, 100)}` : ''}`,
    challenge ? { auth: { kind: 'api_key' } } : {},
  )
}

/** The outcome of a handshake that threw, from the error and what the endpoint answered. */
async function failureVerdict(run: ProbeRun, target: URL, err: unknown): Promise<RemoteProbe> {
  const { lastStatus, lastContentType } = run.seen
  const out = outboundCause(err)
  if (out?.kind === 'refused_address' || out?.kind === 'invalid_url') return finish(run, 'refused', out.reason)
  if (lastStatus === 401) return authVerdict(run, target)
  if (run.seen.sawJsonRpcError || serverError(err))
    return finish(run, 'alive', `answered a JSON-RPC error: ${message(err)}`)
  if (run.seen.emptyEventStream) return finish(run, 'alive', 'answered an empty event stream')
  if (run.seen.tooLarge)
    return finish(run, 'not_mcp', `answered more than ${MAX_ANSWER_BYTES / 2 ** 20} MiB; reading stopped`)
  if (out?.kind === 'timeout' || run.deadline.signal.aborted)
    return finish(run, 'timeout', `no complete answer within ${run.opts.timeoutMs} ms`)
  if (out?.kind === 'resolve_failed' || out?.kind === 'network' || out?.kind === 'too_many_redirects')
    return finish(run, 'unreachable', out.reason)
  if (/request timed out/i.test(message(err))) return finish(run, 'timeout', message(err))
  if (lastStatus === 403 || lastStatus === 405 || lastStatus === 429 || lastStatus >= 500)
    return finish(run, 'unknown', `HTTP ${lastStatus}: ${message(err)}`)
  if (lastStatus === 0) return finish(run, 'unreachable', message(err))
  return finish(
    run,
    'not_mcp',
    `answered ${lastStatus} ${lastContentType || 'without a content type'}, not MCP: ${message(err)}`,
  )
}

/** Probes one endpoint; never throws (every failure is an outcome). */
export async function probeRemote(
  url: string,
  transportType: 'streamable-http' | 'sse',
  opts: RemoteProbeOptions,
): Promise<RemoteProbe> {
  const run: ProbeRun = {
    url,
    transportType,
    opts,
    started: performance.now(),
    deadline: new AbortController(),
    seen: noAnswersSeen(),
  }
  const timer = setTimeout(() => run.deadline.abort(new Error('probe deadline')), opts.timeoutMs)
  let target: URL
  try {
    target = new URL(url)
  } catch {
    clearTimeout(timer)
    return finish(run, 'refused', 'not an absolute URL')
  }
  const transport = transportFor(target, transportType, watchedFetch(opts.fetch, run.deadline, run.seen))
  // `auto`: server/discover first; a 2025 server's answer to it selects the 2025 handshake. SSE is 2025 only.
  const client = new Client(opts.clientInfo ?? CLIENT_INFO, {
    capabilities: {},
    listMaxPages: MAX_PAGES,
    versionNegotiation: {
      mode: transportType === 'sse' ? 'legacy' : 'auto',
      probe: { timeoutMs: opts.timeoutMs },
    },
  })
  try {
    return await handshake(run, client, transport)
  } catch (err) {
    return await failureVerdict(run, target, err)
  } finally {
    clearTimeout(timer)
    run.deadline.abort(new Error('probe finished'))
    // Closing ends the session politely (streamable HTTP sends DELETE when it has a session); never waits long.
    await Promise.race([client.close().catch(() => {}), Bun.sleep(1000)])
  }
}
