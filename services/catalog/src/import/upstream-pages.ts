/**
 * Fetching one page of an upstream registry's `/v0.1/servers`, bounded while it is read (a page past the cap is
 * refused at the cap, whatever its length: the rest is never read), with retries and backoff.
 */
import { readStreamUpTo } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { storableValue } from '@mcp-directory/shared/text'

/** The largest page read from an upstream (a page of 100 entries is a few hundred KiB). */
export const MAX_PAGE_BYTES = 16 * 1024 * 1024

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

async function fetchPage(deps: PageFetchDeps, url: string): Promise<Page> {
  const doFetch = deps.fetch ?? ((u: string, init: RequestInit) => fetch(u, init))
  let res: Response
  try {
    res = await doFetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(60_000),
      redirect: 'follow',
    })
  } catch (err) {
    throw new UpstreamPageError(`${url}: ${err instanceof Error ? err.message : String(err)}`, true)
  }
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
  const meta = (body as { metadata?: { nextCursor?: unknown } }).metadata
  const next = meta && typeof meta.nextCursor === 'string' && meta.nextCursor ? meta.nextCursor : null
  return { records: servers, nextCursor: next }
}

/** Fetches a page, retrying a failure that may pass with exponential backoff. */
export async function fetchPageWithRetry(deps: PageFetchDeps, url: string): Promise<Page> {
  const { attempts, baseDelayMs } = deps.retry ?? { attempts: 5, baseDelayMs: 1_000 }
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchPage(deps, url)
    } catch (err) {
      if (!(err instanceof UpstreamPageError) || !err.retryable || attempt >= attempts) throw err
      const wait = baseDelayMs * 2 ** (attempt - 1)
      deps.log.warn({ url, attempt, waitMs: wait, err: err.message }, 'registry upstream failed; retrying')
      await Bun.sleep(wait)
    }
  }
}
