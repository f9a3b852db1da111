// A client of the directory's PUBLIC REST API (the gateway's public API, in process or over HTTP: shared/public-api),
// on behalf of one MCP request, so every tool meets the checks, Bearer scopes and rate limits of the endpoint it
// mirrors. It is deliberately not a client of the catalog's internal API (shared/src/catalog-client): a direct read
// (catalog.ts) is a public route of the catalog, the same one the gateway would have forwarded to.
import type { AppError, ErrorBody } from '@mcp-directory/shared/errors'
import type { PublicApi, PublicApiCall } from '@mcp-directory/shared/public-api'
import type { CatalogReads } from './catalog'

/** Who an MCP request speaks for: the end client's address (rate limits) and its Bearer token, if it sent one. */
export interface CallerContext {
  client?: string
  /** The `Authorization: Bearer …` token of the MCP request itself. */
  bearer: string | null
  requestId?: string
  /**
   * The gateway's precharge proof of this MCP request (shared/public-api): the read its tool makes is paid for.
   * Taken by the first call only, so each further call (a batch of tool calls) is charged as usual.
   */
  precharged?: string
}

/** An error answer of the public API, carried as its Error object. */
export class ApiError extends Error {
  constructor(readonly body: ErrorBody) {
    super(body.message)
    this.name = 'ApiError'
  }
}

/** The Error object of an AppError raised here (a bad argument caught before any call). */
export function errorBodyOf(err: AppError): ErrorBody {
  const body: ErrorBody = { error: err.code, message: err.message, status: err.status }
  if (err.details !== undefined) body.details = err.details
  return body
}

/** Reads an error response as its Error object; a body that is not one still gives a code and a message. */
async function errorOf(res: Response): Promise<ErrorBody> {
  const text = await res.text().catch(() => '')
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>
    if (parsed && typeof parsed.error === 'string' && typeof parsed.message === 'string') {
      const body: ErrorBody = { error: parsed.error, message: parsed.message, status: res.status }
      if (Array.isArray(parsed.details)) body.details = parsed.details
      return body
    }
  } catch {}
  return {
    error: res.status >= 500 ? 'bad_gateway' : 'bad_request',
    message: `The directory answered ${res.status}`,
    status: res.status,
  }
}

/**
 * The public API as seen from one MCP request: JSON and text readers that raise ApiError on an error answer. The
 * first call, the one the gateway's precharge proof pays for, goes straight to the catalog when it is one of the
 * catalog's public reads (`catalog`, see catalog.ts); every other call goes through the gateway.
 */
export function directoryClient(api: PublicApi, caller: CallerContext, catalog?: CatalogReads) {
  // An unreachable gateway arrives as its 503 Error object (shared/public-api), thrown below like any error answer.
  let precharged = caller.precharged
  const call = (path: string, init: PublicApiCall = {}) => {
    const proof = precharged
    precharged = undefined
    const plainRead = !init.method && init.body === undefined && !init.bearer
    const direct =
      proof && catalog && plainRead
        ? catalog.read({
            path,
            accept: init.headers?.accept ?? 'application/json',
            client: caller.client,
            requestId: caller.requestId,
            proof,
          })
        : null
    return direct ?? api(path, { client: caller.client, requestId: caller.requestId, precharged: proof, ...init })
  }
  return {
    /** A JSON answer of the API; an error answer is thrown as ApiError. */
    async json<T>(path: string, init: PublicApiCall = {}): Promise<T> {
      const res = await call(path, init)
      if (!res.ok) throw new ApiError(await errorOf(res))
      return (await res.json()) as T
    },
    /** A text answer of the API (the Markdown documents). */
    async text(path: string, accept: string): Promise<string> {
      const res = await call(path, { headers: { accept } })
      if (!res.ok) throw new ApiError(await errorOf(res))
      return res.text()
    },
  }
}

/** The public API of one MCP request. */
export type DirectoryClient = ReturnType<typeof directoryClient>
