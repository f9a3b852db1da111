/**
 * Outbound safety for every fetch of a user-supplied address (claims, prober, anything that follows a listing's
 * links): the name is resolved once, every address it has is checked, the connection goes to the checked address
 * (no second resolution between check and connect, by us or by a proxy), each redirect is checked again, and time
 * and size are bounded.
 */
import ipaddr from 'ipaddr.js'
import { addressResolver, refusedAddressReason, type ResolveAddresses } from './addresses'
export { addressResolver, refusedAddressReason, type ResolveAddresses } from './addresses'
export * from './remote-resolve'

/** The User-Agent of every outbound request (documented in the README, so site owners can recognise us). */
export const OUTBOUND_USER_AGENT = 'mcp-directory-bot/1.0 (MCP server directory: ownership and health checks)'

/** Defaults: 10 s for the whole exchange (redirects included), 512 KiB of body, 3 redirects. */
export const OUTBOUND_LIMITS = { timeoutMs: 10_000, maxBytes: 512 * 1024, maxRedirects: 3 } as const

/** Why an outbound fetch was not made or not finished; `reason` is safe to show to the caller. */
export class OutboundError extends Error {
  constructor(
    readonly kind:
      | 'invalid_url'
      | 'refused_address'
      | 'resolve_failed'
      | 'too_many_redirects'
      | 'cross_origin_redirect'
      | 'timeout'
      | 'too_large'
      | 'content_type'
      | 'network',
    readonly url: string,
    readonly reason: string,
  ) {
    super(`${url}: ${reason}`)
    this.name = 'OutboundError'
  }
}

/** How an outbound fetcher behaves. */
export interface OutboundOptions {
  /** OUTBOUND_ALLOW_PRIVATE=1: loopback and private addresses allowed (tests, local development). */
  allowPrivate: boolean
  resolve?: ResolveAddresses
  /**
   * Addresses treated as public although they are not (tests only: a loopback stand-in for a site on the
   * internet, so that refusal of everything else can be tested with private fetches off).
   */
  treatAsPublic?: (address: string) => boolean
  timeoutMs?: number
  maxBytes?: number
  maxRedirects?: number
  userAgent?: string
}

/** A fetched text document. */
export interface FetchedText {
  /** The final address, after redirects. */
  url: string
  status: number
  contentType: string
  body: string
}

/** Options of one text fetch. */
export interface TextFetchOptions {
  headers?: Record<string, string>
  /** Media types accepted (default: HTML and any text/*). */
  accept?: (contentType: string) => boolean
  /** Overrides the fetcher's total time for this call. */
  timeoutMs?: number
  /** Which redirects are followed (default `any`, each hop checked); see RedirectPolicy. */
  redirects?: RedirectPolicy
}

/**
 * `any`: every redirect (each hop's address checked). `same-origin`: only to the origin first asked for (host
 * compared without case or trailing dot), or its https upgrade on the same host and default port; any other is
 * refused with an OutboundError `cross_origin_redirect`. For proofs that must come from the site asked for.
 */
export type RedirectPolicy = 'any' | 'same-origin'

const hostOf = (u: URL) => u.hostname.toLowerCase().replace(/\.+$/, '')

/** Whether a redirect from `from` to `to` stays on the origin (or upgrades the same host to https). */
export function isSameOriginRedirect(from: URL, to: URL): boolean {
  if (hostOf(from) !== hostOf(to)) return false
  if (from.protocol === to.protocol) return from.port === to.port
  return from.protocol === 'http:' && to.protocol === 'https:' && from.port === '' && to.port === ''
}

const isHtmlOrText = (ct: string) => /^(text\/[a-z0-9.+-]+|application\/xhtml\+xml)(\s*;|$)/i.test(ct.trim())
export const REDIRECTS: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]) // with a Location to follow

/** What one fetcher knows: its options with every default filled in. */
interface FetcherContext {
  opts: OutboundOptions
  resolve: ResolveAddresses
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
  userAgent: string
}

/** Checks a URL and picks the checked address to connect to. */
async function checkTarget(ctx: FetcherContext, raw: string): Promise<{ url: URL; address: string }> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new OutboundError('invalid_url', raw, 'not an absolute URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('invalid_url', raw, `scheme ${url.protocol} is not fetched (http and https only)`)
  if (url.username || url.password) throw new OutboundError('invalid_url', raw, 'URLs with credentials are not fetched')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  if (ipaddr.isValid(host)) addresses = [host]
  else {
    try {
      addresses = await ctx.resolve(host)
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err)
      throw new OutboundError('resolve_failed', raw, `${host} did not resolve (${why})`)
    }
  }
  // Every address must pass: a name with one public and one private address is refused, since either may be used.
  for (const a of addresses) {
    const reason = ctx.opts.treatAsPublic?.(a) ? null : refusedAddressReason(a, ctx.opts.allowPrivate)
    if (reason)
      throw new OutboundError(
        'refused_address',
        raw,
        host === a ? `refused: ${reason}` : `refused: ${host} resolves to ${reason}`,
      )
  }
  if (addresses.length === 0) throw new OutboundError('resolve_failed', raw, `${host} has no address`)
  return { url, address: addresses[0]! }
}

/** One request to the checked address, the original name kept for Host and TLS. */
function connectTo(ctx: FetcherContext, url: URL, address: string, init: RequestInit, signal: AbortSignal) {
  const direct = new URL(url)
  direct.hostname = address.includes(':') ? `[${address}]` : address
  const headers = new Headers(init.headers)
  headers.set('host', url.host)
  if (!headers.has('user-agent')) headers.set('user-agent', ctx.userAgent)
  return fetch(direct, {
    ...init,
    headers,
    redirect: 'manual',
    signal,
    // Plain http never goes through a proxy named by the environment (HTTP_PROXY): Bun asks the proxy for the Host
    // header's name, which the proxy resolves again, so the connection would no longer go to the checked address.
    // https keeps HTTPS_PROXY: the proxy is asked to CONNECT to the checked address itself.
    ...(url.protocol === 'http:' ? { proxy: false } : {}),
    // The certificate is verified against the name, not the address we connect to.
    ...(url.protocol === 'https:' ? { tls: { serverName: url.hostname } } : {}),
  } as RequestInit)
}

/** The address a redirect points to, refused when it leaves the first origin under a same-origin policy. */
function redirectTarget(location: string, url: URL, first: URL, current: string, redirects: RedirectPolicy): URL {
  let next: URL
  try {
    next = new URL(location, url)
  } catch {
    throw new OutboundError('invalid_url', current, 'redirected to an address that is not a URL')
  }
  // Checked before the next hop is resolved or contacted: a refused redirect reaches nothing.
  if (redirects === 'same-origin' && !isSameOriginRedirect(first, next)) {
    throw new OutboundError(
      'cross_origin_redirect',
      current,
      `refused: redirect to another origin (${next.origin}); only redirects within ${first.origin} are followed`,
    )
  }
  return next
}

// 303, and 301/302 after POST, continue as GET without a body (as browsers do).
const continuesAsGet = (status: number, method: string | undefined) =>
  status === 303 || ((status === 301 || status === 302) && !!method && method !== 'GET' && method !== 'HEAD')

/** Follows redirects by hand, checking every hop; returns the last answer and its address. */
async function follow(
  ctx: FetcherContext,
  input: string | URL | Request,
  init: RequestInit,
  totalMs: number,
  redirects: RedirectPolicy,
): Promise<{ res: Response; url: string }> {
  const started = Date.now()
  const timeout = AbortSignal.timeout(totalMs)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
  let current = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  let reqInit: RequestInit =
    input instanceof Request && Object.keys(init).length === 0
      ? { method: input.method, headers: input.headers, body: input.body }
      : init
  let first: URL | null = null
  for (let hop = 0; ; hop++) {
    const { url, address } = await checkTarget(ctx, current)
    let res: Response
    try {
      res = await connectTo(ctx, url, address, reqInit, signal)
    } catch (err) {
      if (timeout.aborted)
        throw new OutboundError('timeout', current, `no answer within ${Math.round(totalMs / 1000)} s`)
      if (signal.aborted) throw err
      const why = err instanceof Error ? err.message : String(err)
      throw new OutboundError('network', current, `could not connect (${why})`)
    }
    if (!REDIRECTS.has(res.status)) return { res, url: url.href }
    const location = res.headers.get('location')
    await res.body?.cancel().catch(() => {})
    if (!location) return { res, url: url.href }
    if (hop >= ctx.maxRedirects)
      throw new OutboundError('too_many_redirects', current, `more than ${ctx.maxRedirects} redirects`)
    first ??= url
    current = redirectTarget(location, url, first, current, redirects).href
    if (continuesAsGet(res.status, reqInit.method)) reqInit = { ...reqInit, method: 'GET', body: undefined }
    if (Date.now() - started > totalMs)
      throw new OutboundError('timeout', current, `no answer within ${Math.round(totalMs / 1000)} s`)
  }
}

/** Reads a body of at most `maxBytes`, announced or streamed; a slow or broken one is a typed error. */
async function readBounded(res: Response, raw: string, maxBytes: number, deadline: AbortSignal, totalMs: number) {
  const declared = Number(res.headers.get('content-length') ?? '0')
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => {})
    throw new OutboundError('too_large', raw, `body of ${declared} bytes is over the ${maxBytes}-byte limit`)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for await (const chunk of res.body ?? []) {
      size += chunk.byteLength
      if (size > maxBytes) {
        await res.body?.cancel().catch(() => {})
        throw new OutboundError('too_large', raw, `body is over the ${maxBytes}-byte limit`)
      }
      chunks.push(chunk)
    }
  } catch (err) {
    if (err instanceof OutboundError) throw err
    if (deadline.aborted)
      throw new OutboundError('timeout', raw, `no complete answer within ${Math.round(totalMs / 1000)} s`)
    const why = err instanceof Error ? err.message : String(err)
    throw new OutboundError('network', raw, `the answer broke off (${why})`)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/** Fetches an HTML or text document: every bound applies (time, size, redirects, media type). */
async function fetchText(ctx: FetcherContext, raw: string, options: TextFetchOptions = {}): Promise<FetchedText> {
  const total = options.timeoutMs ?? ctx.timeoutMs
  const deadline = AbortSignal.timeout(total)
  const init = { headers: { accept: 'text/html, text/plain;q=0.9, */*;q=0.1', ...options.headers }, signal: deadline }
  const { res, url: finalUrl } = await follow(ctx, raw, init, total, options.redirects ?? 'any')
  const contentType = res.headers.get('content-type') ?? ''
  const accept = options.accept ?? isHtmlOrText
  if (res.status < 300 && !accept(contentType)) {
    await res.body?.cancel().catch(() => {})
    throw new OutboundError(
      'content_type',
      finalUrl,
      `answered ${contentType || 'no content type'}; only HTML or text is read`,
    )
  }
  const body = await readBounded(res, raw, ctx.maxBytes, deadline, total)
  return { url: finalUrl, status: res.status, contentType, body }
}

/** Builds the outbound fetcher every service uses for user-supplied addresses. */
export function createOutboundFetcher(opts: OutboundOptions) {
  const ctx: FetcherContext = {
    opts,
    resolve: opts.resolve ?? addressResolver(),
    timeoutMs: opts.timeoutMs ?? OUTBOUND_LIMITS.timeoutMs,
    maxBytes: opts.maxBytes ?? OUTBOUND_LIMITS.maxBytes,
    maxRedirects: opts.maxRedirects ?? OUTBOUND_LIMITS.maxRedirects,
    userAgent: opts.userAgent ?? OUTBOUND_USER_AGENT,
  }
  /**
   * A fetch-compatible function (for clients such as the MCP SDK's transports): every hop checked, redirects
   * followed by hand (at most `maxRedirects`), bounded in time; the body streams and is not size-capped here.
   */
  const guardedFetch = async (input: string | URL | Request, init: RequestInit = {}, totalMs = ctx.timeoutMs) =>
    (await follow(ctx, input, init, totalMs, 'any')).res
  return {
    fetch: guardedFetch as typeof fetch,
    text: (raw: string, options?: TextFetchOptions) => fetchText(ctx, raw, options),
    check: (raw: string) => checkTarget(ctx, raw),
  }
}

/** The outbound fetcher services are given. */
export type OutboundFetcher = ReturnType<typeof createOutboundFetcher>
