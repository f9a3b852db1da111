// A client of the directory's PUBLIC REST API (the gateway's public API, in process or over HTTP: shared/public-api),
// on behalf of one MCP request, so every tool meets the checks, Bearer scopes and rate limits of the endpoint it
// mirrors. It is deliberately not a client of the catalog's internal API (shared/src/catalog-client): a direct read
// (catalog.ts) is a public route of the catalog, the same one the gateway would have forwarded to.
import { type Contract, type SuccessOf, successStatus } from '@mcp-directory/shared/contracts'
import type { AppError, ErrorBody } from '@mcp-directory/shared/errors'
import { type CallInput, call, type PublicApi } from '@mcp-directory/shared/public-api'
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

/** The Error object of an AppError raised here (a bad argument caught before any call). */
export function errorBodyOf(err: AppError): ErrorBody {
  const body: ErrorBody = { error: err.code, message: err.message, status: err.status }
  if (err.details !== undefined) body.details = err.details
  return body
}

/** The media type an endpoint answers a success with (a Markdown document, else JSON). */
const acceptOf = (contract: Contract) => contract.responses[successStatus(contract)]?.type ?? 'application/json'

/**
 * The public API as seen from one MCP request: one typed call per contract (shared/public-api `call`), answering
 * the contract's 2xx model or throwing its ApiError. The first call, the one the gateway's precharge proof pays for,
 * goes straight to the catalog when it is one of the catalog's public reads (`catalog`, see catalog.ts); every other
 * call goes through the gateway.
 */
export function directoryClient(api: PublicApi, caller: CallerContext, catalog?: CatalogReads) {
  // An unreachable gateway arrives as its 503 Error object (shared/public-api), thrown like any error answer.
  let precharged = caller.precharged
  return {
    /** One call of `contract`, with the end client's Bearer token when it needs one. */
    call<C extends Contract>(contract: C, input: CallInput<C> = {}, bearer?: string | null): Promise<SuccessOf<C>> {
      const proof = precharged
      precharged = undefined
      const accept = acceptOf(contract)
      const { client, requestId } = caller
      const direct = proof && catalog && !bearer ? catalog : null
      // A direct read the catalog declines (not one of its reads, a proof that does not verify) goes through the
      // gateway, with the proof.
      const via: PublicApi = direct
        ? (path, init) => direct.read({ contract, path, accept, client, requestId, proof: proof! }) ?? api(path, init)
        : api
      return call(via, contract, input, { client, requestId, precharged: proof, bearer, headers: { accept } })
    },
  }
}

/** The public API of one MCP request. */
export type DirectoryClient = ReturnType<typeof directoryClient>
