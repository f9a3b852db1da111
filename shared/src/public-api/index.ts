/**
 * Calling the directory's public API from inside (the mcp and web services): every call goes through the gateway,
 * so it meets exactly the checks a direct REST call meets (validation, Bearer and scope, rate limits). The end
 * client's address travels in a header signed with SERVER_SECRET; the gateway believes it only when the signature
 * holds, so rate limits count the real client and no outside caller can pose as another.
 *
 * An MCP request is charged one read at the gateway; the gateway then hands the mcp service a precharge proof
 * (bound to the client, the request id and an expiry, keyed by SERVER_SECRET) that exempts the one public API
 * read its tool makes, so a tool call costs its client one unit, as the RateLimit headers of the MCP answer say.
 */
import { createHmac } from 'node:crypto'
import type { Contract, SuccessOf } from '../contracts/endpoint'
import { errorResponse } from '../errors'
import { safeEqual } from '../http'
import { REQUEST_ID_HEADER } from '../log'
import { ApiError, type CallInput, errorOf, pathOf, successOf } from './call'

export { ApiError, type CallInput, errorOf, pathOf } from './call'

/** Header the gateway sets on what it forwards: the end client's address, as it rate-limits it. */
export const CLIENT_IP_HEADER = 'x-directory-client-ip'

/**
 * The headers the gateway sets on what it forwards, also on the reads the mcp service sends the catalog directly:
 * the request id and the client (as X-Forwarded-For too, after the trusted proxies' chain when there is one).
 */
export const forwardedHeaders = (requestId: string, client: string, forwardedFor = client): Record<string, string> => ({
  [REQUEST_ID_HEADER]: requestId,
  [CLIENT_IP_HEADER]: client,
  'x-forwarded-for': forwardedFor,
})

/** The client address a trusted caller speaks for, and its signature. */
export const ON_BEHALF_HEADER = 'x-directory-on-behalf-of'
export const ON_BEHALF_SIGNATURE_HEADER = 'x-directory-on-behalf-signature'

/** Proof, set by the gateway on an MCP request it charged, that the read one tool call makes is already paid for. */
export const PRECHARGED_HEADER = 'x-directory-precharged'

const sign = (secret: string, client: string) =>
  createHmac('sha256', secret).update(`on-behalf-of:${client}`).digest('base64url')

/** The client address a request speaks for, when its signature is valid under `secret`; otherwise null. */
export function verifiedOnBehalfOf(headers: Headers, secret: string): string | null {
  const client = headers.get(ON_BEHALF_HEADER)
  const signature = headers.get(ON_BEHALF_SIGNATURE_HEADER)
  if (!client || !signature || client.length > 100) return null
  return safeEqual(signature, sign(secret, client)) ? client : null
}

const prechargeSignature = (secret: string, client: string, requestId: string, expiresAt: number) =>
  createHmac('sha256', secret).update(`precharged-read:${client}:${requestId}:${expiresAt}`).digest('base64url')

/** A precharge proof for `client`'s request `requestId`, valid for `ttlMs` (the gateway makes it after charging). */
export function prechargeProof(
  secret: string,
  client: string,
  requestId: string,
  ttlMs: number,
  now = Date.now(),
): string {
  const expiresAt = now + ttlMs
  return `${expiresAt}.${prechargeSignature(secret, client, requestId, expiresAt)}`
}

/** Whether a request carries a valid, unexpired precharge proof for `client` and `requestId`. */
export function verifiedPrecharge(
  headers: Headers,
  secret: string,
  client: string,
  requestId: string,
  now = Date.now(),
): boolean {
  const proof = headers.get(PRECHARGED_HEADER)
  const m = proof?.match(/^(\d{13,15})\.([A-Za-z0-9_-]{43})$/)
  if (!m) return false
  const expiresAt = Number(m[1])
  return expiresAt > now && safeEqual(m[2]!, prechargeSignature(secret, client, requestId, expiresAt))
}

/** Sends one request to the gateway (its in-process handler in all-in-one, its URL otherwise). */
export type GatewayHandler = (request: Request) => Promise<Response>

/** Options of one public API call. */
export interface PublicApiCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON. */
  body?: unknown
  /** The end client's address (for rate limits), signed on the way out. */
  client?: string
  /** `Authorization: Bearer …` of the end client, passed on unchanged. */
  bearer?: string | null
  headers?: Record<string, string>
  requestId?: string
  /** The gateway's precharge proof of the request this call serves (PRECHARGED_HEADER), passed back unchanged. */
  precharged?: string
}

/** A client of the public API for a service that serves people or agents in front of it. */
export function publicApiClient(opts: { gatewayUrl: string; secret: string; handler?: GatewayHandler }) {
  const base = opts.gatewayUrl.replace(/\/+$/, '')
  const handle = opts.handler ?? ((r: Request) => fetch(r))
  return async function call(path: string, init: PublicApiCall = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    headers.set('accept', headers.get('accept') ?? 'application/json')
    // The gateway codes text answers for clients that take it; a service calling it over loopback or the internal
    // network would only spend CPU on both ends coding and decoding them.
    headers.set('accept-encoding', 'identity')
    if (init.client) {
      headers.set(ON_BEHALF_HEADER, init.client)
      headers.set(ON_BEHALF_SIGNATURE_HEADER, sign(opts.secret, init.client))
    }
    if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`)
    if (init.requestId) headers.set('x-request-id', init.requestId)
    if (init.precharged) headers.set(PRECHARGED_HEADER, init.precharged)
    let body: string | undefined
    if (init.body !== undefined) {
      body = JSON.stringify(init.body)
      headers.set('content-type', 'application/json')
    }
    try {
      return await handle(
        new Request(`${base}${path}`, { method: init.method ?? (body ? 'POST' : 'GET'), headers, body }),
      )
    } catch {
      // The gateway itself cannot be reached: the answer the gateway gives for a service it cannot reach.
      return errorResponse(503, 'service_unavailable', 'The directory API is unreachable; try again shortly', base, {
        headers: { 'retry-after': '1' },
      })
    }
  }
}

/** A function that calls the public API. */
export type PublicApi = ReturnType<typeof publicApiClient>

/** Options of a typed call: who it speaks for, and headers; the contract gives the method, path and body. */
export type CallOptions = Omit<PublicApiCall, 'method' | 'body'>

/**
 * One typed call of the public API: the contract's method and path with `input` filled in; the contract's 2xx
 * model on success, an ApiError (the answer's Error object) otherwise.
 */
export async function call<C extends Contract>(
  api: PublicApi,
  contract: C,
  input: CallInput<C> = {},
  options: CallOptions = {},
): Promise<SuccessOf<C>> {
  const res = await api(pathOf(contract, input), { ...options, method: contract.method, body: input.body })
  if (!res.ok) throw new ApiError(await errorOf(res), res.status, res.headers)
  return successOf(contract, res)
}
