/**
 * The agent Bearer token format (directory-api §2.5), shared by agent-auth (mints) and the gateway (refuses a
 * malformed token before any look-up): `mcpdir_` + 30 base62 random characters (≈178 bits) + a 6-character
 * base62 CRC32 of the random part, as GitHub's tokens carry, so typos are caught offline and secret scanners
 * can recognise a leaked token by pattern and checksum.
 */

/** The fixed, service-specific prefix of every agent token. */
export const AGENT_TOKEN_PREFIX = 'mcpdir_'

/** Random base62 characters per token: 30 × log2(62) ≈ 178.6 bits (at least 160 required). */
export const AGENT_TOKEN_RANDOM_CHARS = 30

/** Base62 characters of the checksum: CRC32 < 62^6, so six always suffice. */
export const AGENT_TOKEN_CHECKSUM_CHARS = 6

/** A regular expression matching the whole token (for secret scanners and docs). */
export const AGENT_TOKEN_PATTERN = /^mcpdir_[0-9A-Za-z]{36}$/

/** Every scope a token can carry (directory-api §2.5); omitted at registration means all of them. */
export const AGENT_SCOPES = ['listings:claim'] as const

/** One supported scope. */
export type AgentScope = (typeof AGENT_SCOPES)[number]

/** Internal headers the gateway sets after verifying a Bearer token (clients' copies are always stripped). */
export const AGENT_HEADERS = {
  agentId: 'x-directory-agent-id',
  tokenId: 'x-directory-token-id',
  /** Space-separated scopes of the verified token (empty when it has none). */
  scopes: 'x-directory-agent-scopes',
} as const

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

/** `n` in base62, left-padded with zeros to `width`. */
function base62(n: number, width: number): string {
  let s = ''
  for (let v = n; v > 0; v = Math.floor(v / 62)) s = BASE62[v % 62] + s
  return s.padStart(width, '0')
}

/** `n` uniformly random base62 characters from the CSPRNG (rejection sampling: bytes ≥ 248 are drawn again). */
export function randomBase62(n: number): string {
  let out = ''
  while (out.length < n) {
    for (const b of crypto.getRandomValues(new Uint8Array(n * 2))) {
      // 248 = 4 × 62: taking b % 62 only below it keeps every character equally likely.
      if (b < 248 && out.length < n) out += BASE62[b % 62]
    }
  }
  return out
}

/** The 6-character checksum of a token's random part. */
export function agentTokenChecksum(random: string): string {
  return base62(Bun.hash.crc32(random), AGENT_TOKEN_CHECKSUM_CHARS)
}

/** A new agent token from the CSPRNG. */
export function mintAgentToken(): string {
  const random = randomBase62(AGENT_TOKEN_RANDOM_CHARS)
  return `${AGENT_TOKEN_PREFIX}${random}${agentTokenChecksum(random)}`
}

/** True when the string has the token's shape and a correct checksum (no look-up needed to refuse the rest). */
export function isWellFormedAgentToken(token: string): boolean {
  if (!AGENT_TOKEN_PATTERN.test(token)) return false
  const body = token.slice(AGENT_TOKEN_PREFIX.length)
  const random = body.slice(0, AGENT_TOKEN_RANDOM_CHARS)
  return agentTokenChecksum(random) === body.slice(AGENT_TOKEN_RANDOM_CHARS)
}

/** SHA-256 (hex) of a token: the only form in which a token is stored or used as a cache key. */
export function hashAgentToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex')
}

/** The realm of every agent Bearer challenge. */
export const AGENT_REALM = 'mcp-directory'

/** Why a Bearer check failed: no credentials, a bad token, or a good token without the scope. */
export type BearerFailure =
  | { kind: 'missing' }
  | { kind: 'invalid_token' }
  | { kind: 'insufficient_scope'; scope: AgentScope }

/**
 * The RFC 6750 `WWW-Authenticate` challenge for a failure, built only from fixed strings and the server's own
 * base URL and scope names (never from client input): no error code when credentials are missing.
 */
export function bearerChallenge(baseUrl: string, failure: BearerFailure): string {
  const parts = [`realm="${AGENT_REALM}"`]
  if (failure.kind === 'invalid_token')
    parts.push(
      'error="invalid_token"',
      'error_description="The access token is malformed, unknown, expired or revoked"',
    )
  if (failure.kind === 'insufficient_scope') parts.push('error="insufficient_scope"', `scope="${failure.scope}"`)
  parts.push(`resource_metadata="${baseUrl}/.well-known/oauth-protected-resource"`)
  return `Bearer ${parts.join(', ')}`
}

/** Status, Error-object code and message of a Bearer failure (directory-api §5, §7). */
export function bearerFailure(failure: BearerFailure): {
  status: 401 | 403
  code: 'unauthorized' | 'insufficient_scope'
  message: string
} {
  if (failure.kind === 'missing')
    return { status: 401, code: 'unauthorized', message: 'A Bearer token is required: Authorization: Bearer <token>' }
  if (failure.kind === 'invalid_token')
    return { status: 401, code: 'unauthorized', message: 'The Bearer token is malformed, unknown, expired or revoked' }
  return { status: 403, code: 'insufficient_scope', message: `The token lacks the scope ${failure.scope}` }
}

/** The credentials of a request: none, a Bearer token, or something that is not a usable Bearer token. */
export function readBearer(
  request: Request,
): { kind: 'none' } | { kind: 'token'; token: string } | { kind: 'malformed' } {
  const h = request.headers.get('authorization')
  // RFC 6750 §3.1: no credentials, or another scheme, gets a challenge without an error code.
  if (h === null || !/^bearer(\s|$)/i.test(h.trim())) return { kind: 'none' }
  const m = h.match(/^\s*Bearer +([\x21-\x7e]+)\s*$/i)
  return m ? { kind: 'token', token: m[1] } : { kind: 'malformed' }
}
