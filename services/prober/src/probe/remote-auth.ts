/**
 * What a 401 of a remote MCP endpoint leads to: its protected-resource metadata (RFC 9728) and the authorization
 * server that metadata names (RFC 8414 or OpenID Connect discovery), each read through the outbound fetcher.
 */
import { readStreamUpTo } from '@mcp-directory/shared/http'

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

export const METADATA_BYTES = 64 * 1024

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
export async function readBounded(res: Response, max: number): Promise<string | null> {
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

/** The fetch used for auth metadata: the outbound fetcher, each request bounded in time. */
export function guardedMetadata(fetcher: typeof fetch, timeoutMs: number): typeof fetch {
  return ((input: string | URL | Request, init?: RequestInit) => {
    const signal = init?.signal
      ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
      : AbortSignal.timeout(timeoutMs)
    return fetcher(input, { ...init, signal })
  }) as typeof fetch
}
