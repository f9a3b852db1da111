/**
 * Fetching one page of an upstream registry's `/v0.1/servers`, bounded while it is read (a page past the cap is
 * refused at the cap, whatever its length: the rest is never read), with retries and backoff.
 */
import { readStreamUpTo } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { isSameOriginRedirect, REDIRECTS } from '@mcp-directory/shared/outbound'
import { storableValue } from '@mcp-directory/shared/text'

/** The largest page read from an upstream (a page of 100 entries is a few hundred KiB). */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024
/** The most records a page may hold: the registry API's largest `limit`. */
export const MAX_PAGE_RECORDS = 100
const MAX_REDIRECTS = 3
// A registry's cursor names a position (ours: a server name and a version, under 1 KiB). A sync keeps every cursor
// it was given to stop a loop and sends each back in a URL, so one of 16 MiB a page would hold gigabytes.
const MAX_CURSOR = 4096

/** How a failed page fetch is retried: attempts in all, and the first wait (doubled each time). */
export interface RetryPolicy {
  attempts: number
  baseDelayMs: number
}

/** What fetching a page needs: where to log retries, how to retry, and (tests) another fetch. */
export interface PageFetchDeps {
  log: Logger
  retry?: RetryPolicy
  fetch?: (url: string, init: RequestInit) => Promise<Response>
}

class UpstreamPageError extends Error {
  override name = 'UpstreamPageError'
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message)
  }
}

/** One page of the upstream's list: its records and the cursor of the next page. */
interface Page {
  records: unknown[]
  nextCursor: string | null
}

/**
 * The page's response, following redirects only on the upstream's origin (or its https upgrade): the operator chose
 * that origin, and a redirect elsewhere would let the upstream aim the directory's requests at any address (a cloud
 * metadata service, a private network) and have what answers there imported as its own.
 */
async function fetchOnOrigin(deps: PageFetchDeps, url: string): Promise<Response> {
  const doFetch = deps.fetch ?? ((u: string, init: RequestInit) => fetch(u, init))
  const signal = AbortSignal.timeout(60_000)
  let at = new URL(url)
  for (let hop = 0; ; hop++) {
    let res: Response
    try {
      res = await doFetch(at.href, { headers: { accept: 'application/json' }, signal, redirect: 'manual' })
    } catch (err) {
      throw new UpstreamPageError(`${url}: ${err instanceof Error ? err.message : String(err)}`, true)
    }
    const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null
    if (location === null) return res
    await res.body?.cancel()
    const to = URL.canParse(location, at.href) ? new URL(location, at) : null
    if (!to || !isSameOriginRedirect(at, to))
      throw new UpstreamPageError(`${url}: redirect to another origin (${location.slice(0, 200)}) not followed`, false)
    if (hop >= MAX_REDIRECTS) throw new UpstreamPageError(`${url}: more than ${MAX_REDIRECTS} redirects`, false)
    at = to
  }
}

async function fetchPage(deps: PageFetchDeps, url: string, maxRecords: number): Promise<Page> {
  const res = await fetchOnOrigin(deps, url)
  if (!res.ok) {
    await res.body?.cancel()
    // 429 and 5xx pass; any other status will not change by asking again.
    throw new UpstreamPageError(`${url}: HTTP ${res.status}`, res.status === 429 || res.status >= 500)
  }
  const tooLarge = () => new UpstreamPageError(`${url}: page larger than ${MAX_PAGE_BYTES} bytes`, false)
  if (Number(res.headers.get('content-length') ?? '0') > MAX_PAGE_BYTES) {
    await res.body?.cancel()
    throw tooLarge()
  }
  let bytes: Uint8Array | null
  try {
    bytes = await readStreamUpTo(res.body, MAX_PAGE_BYTES)
  } catch (err) {
    throw new UpstreamPageError(`${url}: ${err instanceof Error ? err.message : String(err)}`, true)
  }
  if (bytes === null) throw tooLarge()
  let body: unknown
  try {
    body = storableValue(JSON.parse(new TextDecoder().decode(bytes))).value
  } catch {
    throw new UpstreamPageError(`${url}: not JSON`, true)
  }
  const servers = typeof body === 'object' && body !== null ? (body as { servers?: unknown }).servers : undefined
  if (!Array.isArray(servers))
    throw new UpstreamPageError(`${url}: no "servers" array; is this a registry's /v0.1 API?`, false)
  // More than the `limit` asked for: the bounds of a sync (pages read, new listings, conflicts kept for the operator)
  // count on pages of that size, and 16 MiB holds hundreds of thousands of bare records.
  if (servers.length > maxRecords)
    throw new UpstreamPageError(
      `${url}: page has ${servers.length} records; at most ${maxRecords} were asked for`,
      false,
    )
  const meta = (body as { metadata?: { nextCursor?: unknown } }).metadata
  const next = meta && typeof meta.nextCursor === 'string' && meta.nextCursor ? meta.nextCursor : null
  if (next !== null && next.length > MAX_CURSOR)
    throw new UpstreamPageError(`${url}: nextCursor longer than ${MAX_CURSOR} characters`, false)
  return { records: servers, nextCursor: next }
}

/** Fetches a page, retrying a failure that may pass with exponential backoff. */
export async function fetchPageWithRetry(
  deps: PageFetchDeps,
  url: string,
  maxRecords = MAX_PAGE_RECORDS,
): Promise<Page> {
  const { attempts, baseDelayMs } = deps.retry ?? { attempts: 5, baseDelayMs: 1_000 }
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchPage(deps, url, maxRecords)
    } catch (err) {
      if (!(err instanceof UpstreamPageError) || !err.retryable || attempt >= attempts) throw err
      const wait = baseDelayMs * 2 ** (attempt - 1)
      deps.log.warn({ url, attempt, waitMs: wait, err: err.message }, 'registry upstream failed; retrying')
      await Bun.sleep(wait)
    }
  }
}
