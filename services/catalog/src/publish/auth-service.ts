/**
 * The proofs a registry token is exchanged for, as the official registry accepts them: a signed timestamp whose
 * key a domain publishes in DNS or at its well-known address, a GitHub access token (the user's namespace and the
 * organisations they own), or nothing at all when the operator allows it for development.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Logger } from '@mcp-directory/shared/log'
import { ANONYMOUS_NAMESPACE } from '../listings/publisher'
import { RegistryRefusal } from '../registry/errors'
import {
  checkDomain,
  checkTimestamp,
  domainPermissions,
  ProofError,
  publicKeysOf,
  SKEW_SECONDS,
  signedByOneOf,
} from './proofs'
import type { ProofSources } from './sources'
import type { AuthMethod, Permission, RegistryClaims, RegistryTokens } from './token'

/** The signed-timestamp body of `/auth/dns` and `/auth/http`. */
export interface SignedTimestamp {
  domain: string
  timestamp: string
  signed_timestamp: string
}

export interface AuthDeps {
  log: Logger
  tokens: RegistryTokens
  sources: ProofSources
  /** POST /auth/none answers (development only). */
  allowAnonymous: boolean
  /**
   * True the first time `key` is seen within `windowMs`, atomically across replicas (the shared store's window
   * counter); throws when the store cannot say.
   */
  firstUse: (key: string, windowMs: number) => Promise<boolean>
  now?: () => number
}

// A signed timestamp is good for ±SKEW_SECONDS around its time: remembered that long, and a little more.
const USED_WINDOW_MS = (2 * SKEW_SECONDS + 5) * 1000

export function registryAuth(deps: AuthDeps) {
  const { log, tokens } = deps
  const now = deps.now ?? Date.now

  function issue(method: AuthMethod, subject: string, permissions: Permission[]) {
    log.info({ method, subject, grants: permissions.map((p) => p.resource) }, 'registry token issued')
    return tokens.issue(method, subject, permissions)
  }

  async function exchangeSigned(method: 'dns' | 'http', body: SignedTimestamp) {
    try {
      const domain = checkDomain(body.domain)
      checkTimestamp(body.timestamp, now())
      const texts = method === 'dns' ? await deps.sources.txt(domain) : [await deps.sources.wellKnown(domain)]
      const keys = publicKeysOf(texts)
      if (!keys.length)
        throw new ProofError(`no MCP public key found in ${method === 'dns' ? 'DNS TXT records' : 'HTTP response'}`)
      if (!signedByOneOf(keys, body.timestamp, body.signed_timestamp))
        throw new ProofError('signature verification failed')
      await requireFirstUse(body.signed_timestamp)
      return issue(method, domain, domainPermissions(domain, method === 'dns'))
    } catch (err) {
      if (!(err instanceof ProofError)) throw err
      log.info({ method, domain: String(body.domain).slice(0, 253), why: err.message }, 'registry auth refused')
      throw new RegistryRefusal('unauthenticated', `${method.toUpperCase()} authentication failed: ${err.message}`)
    }
  }

  // A signed timestamp proves its holder once: one seen (and so possibly copied) cannot be used again in its window.
  async function requireFirstUse(signature: string) {
    const key = `registry-auth:signed:${createHash('sha256').update(signature.toLowerCase()).digest('hex')}`
    let first: boolean
    try {
      first = await deps.firstUse(key, USED_WINDOW_MS)
    } catch (err) {
      log.warn({ err }, 'registry auth: used signatures cannot be checked')
      throw new RegistryRefusal(
        'unavailable',
        'Authentication is unavailable for a moment; sign a new timestamp and try again',
      )
    }
    if (!first) throw new ProofError('this signed timestamp was already used: sign a new one')
  }

  return {
    /** The claims of a request's Bearer token, or the registry's 401. */
    claimsOf(token: string | null): RegistryClaims {
      const claims = token ? tokens.verify(token) : null
      if (!claims) throw new RegistryRefusal('unauthenticated', 'Invalid or expired Registry JWT token')
      return claims
    },
    exchangeDns: (body: SignedTimestamp) => exchangeSigned('dns', body),
    exchangeHttp: (body: SignedTimestamp) => exchangeSigned('http', body),
    async exchangeGithub(githubToken: string) {
      let who: { login: string; orgs: string[] }
      try {
        who = await deps.sources.github(githubToken)
      } catch (err) {
        log.info({ why: err instanceof Error ? err.message : String(err) }, 'registry auth refused (github-at)')
        throw new RegistryRefusal('unauthenticated', 'Token exchange failed')
      }
      const owners = [who.login, ...who.orgs]
      const permissions = owners.map((o): Permission => ({ action: 'publish', resource: `io.github.${o}/*` }))
      return issue('github-at', who.login, permissions)
    },
    exchangeNone() {
      if (!deps.allowAnonymous) throw new RegistryRefusal('not_found', 'Anonymous authentication is not enabled')
      // Each token its own random subject: what it publishes is recorded with it, so only it changes that.
      const subject = `anonymous-${randomBytes(12).toString('hex')}`
      return issue('none', subject, [{ action: 'publish', resource: `${ANONYMOUS_NAMESPACE}/*` }])
    },
  }
}

export type RegistryAuth = ReturnType<typeof registryAuth>
