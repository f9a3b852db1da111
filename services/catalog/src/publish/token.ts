/**
 * The registry token a proof is exchanged for, as the official registry issues it: a JWT whose claims say how its
 * holder proved who they are (`auth_method`, `auth_method_sub`) and which names it may publish (`permissions`,
 * each `{ action: "publish", resource: "com.example/*" }`), valid five minutes. Signed with HMAC-SHA256 under a key
 * derived from SERVER_SECRET, so nothing is stored: a token is checked by recomputing its signature.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

/** How the holder proved who they are. */
export type AuthMethod = 'dns' | 'http' | 'github-at' | 'none'

/** One grant: publish names matching `resource` (`ns/*`: names in the namespace; `ns.*`: its sub-namespaces). */
export interface Permission {
  action: 'publish'
  resource: string
}

/** The claims of a registry token. */
export interface RegistryClaims {
  iss: string
  iat: number
  nbf: number
  exp: number
  auth_method: AuthMethod
  auth_method_sub: string
  permissions: Permission[]
}

/** The answer of every `/auth/*` exchange; `permissions` is additive (the official registry keeps it in the token). */
export interface TokenResponse {
  registry_token: string
  expires_at: number
  permissions: Permission[]
}

export const TOKEN_SECONDS = 300
const ISSUER = 'mcp-directory'
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')

/**
 * Issues and checks registry tokens under a key derived from the server secret, read when first needed (so a
 * process that never sees a registry token never makes or loads one).
 */
export function registryTokens(serverSecret: string | (() => string), now: () => number = Date.now) {
  let key: Buffer | null = null
  const sign = (input: string) => {
    key ??= createHmac('sha256', typeof serverSecret === 'string' ? serverSecret : serverSecret())
      .update('registry-token/v1')
      .digest()
    return createHmac('sha256', key).update(input).digest()
  }

  return {
    issue(method: AuthMethod, subject: string, permissions: Permission[]): TokenResponse {
      const iat = Math.floor(now() / 1000)
      const claims: RegistryClaims = {
        iss: ISSUER,
        iat,
        nbf: iat,
        exp: iat + TOKEN_SECONDS,
        auth_method: method,
        auth_method_sub: subject,
        permissions,
      }
      const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`
      return { registry_token: `${body}.${sign(body).toString('base64url')}`, expires_at: claims.exp, permissions }
    },
    /** The claims of a token this server issued and that is still valid, else null (never says which part failed). */
    verify(token: string): RegistryClaims | null {
      const parts = token.split('.')
      if (parts.length !== 3 || parts[0] !== HEADER) return null
      const given = Buffer.from(parts[2], 'base64url')
      const expected = sign(`${parts[0]}.${parts[1]}`)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
      let claims: RegistryClaims
      try {
        claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'))
      } catch {
        return null
      }
      const t = Math.floor(now() / 1000)
      if (claims.iss !== ISSUER || !(claims.nbf <= t + 5) || !(t < claims.exp)) return null
      return Array.isArray(claims.permissions) ? claims : null
    },
  }
}

export type RegistryTokens = ReturnType<typeof registryTokens>

/** Whether a permission pattern covers a name, as the official registry matches them (a trailing `*` is a prefix). */
export function grants(permissions: readonly Permission[], name: string): boolean {
  const lower = name.toLowerCase()
  return permissions.some((p) => {
    if (p.action !== 'publish') return false
    const pattern = p.resource.toLowerCase()
    return pattern.endsWith('*') ? lower.startsWith(pattern.slice(0, -1)) : lower === pattern
  })
}
