/**
 * Where proofs are read from: a domain's TXT records (through DNS_SERVERS), its well-known key file (through the
 * outbound guard: public addresses only, same-origin redirects, 4 KiB, 10 s) and the GitHub API (GITHUB_API_URL):
 * who a token's user is and which organisations they own.
 */
import { Resolver } from 'node:dns/promises'
import { addressResolver, createOutboundFetcher, OutboundError } from '@mcp-directory/shared/outbound'
import { ProofError } from './proofs'

/** The outside world a publisher's proof is read from. */
export interface ProofSources {
  /** The TXT records of a name, each record's strings joined; [] when there are none. */
  txt(domain: string): Promise<string[]>
  /** The body of the domain's `/.well-known/mcp-registry-auth`. */
  wellKnown(domain: string): Promise<string>
  /** The GitHub login of a token's user and the organisations whose owner they are. */
  github(token: string): Promise<{ login: string; orgs: string[] }>
  /**
   * The role a GitHub user holds in an organisation now (`admin`, `member`), or null when they are not an active
   * member; throws ProofError when GitHub cannot say, and RoleUnverifiable when GitHub's "not found" may only mean
   * that the directory's own token (GITHUB_TOKEN) cannot see the organisation's members.
   */
  orgRole(org: string, login: string): Promise<string | null>
}

/**
 * GitHub answered "not found" for a user's membership, and the directory's own token is no active member of the
 * organisation (or lacks the read:org scope to say so): GitHub gives that same answer for a membership it hides from
 * the token, so the answer says nothing about the user's role. An operator's matter, not a lapse of the right.
 */
export class RoleUnverifiable extends Error {
  constructor(
    readonly org: string,
    readonly why: string,
  ) {
    super(`the directory's GitHub token cannot see the members of the organisation ${org} (${why})`)
    this.name = 'RoleUnverifiable'
  }
}

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'ENONAME'])
const MAX_KEY_BYTES = 4096
const GITHUB_NAME = /^[a-z0-9-]+$/i

/** How proofs are read: DNS servers, the GitHub API, private addresses (tests), the key file's address. */
export interface SourceOptions {
  dnsServers: string[]
  githubApiUrl: string
  /** The directory's own GitHub token, for what no user's token is at hand to read (an organisation role). */
  githubToken?: string | null
  allowPrivate: boolean
  /** The key file's address (default `https://<domain>/.well-known/mcp-registry-auth`). */
  wellKnownUrl?: (domain: string) => string
  fetch?: typeof fetch
}

async function readTxt(servers: string[], domain: string): Promise<string[]> {
  const resolver = new Resolver({ timeout: 3_000, tries: 2 })
  if (servers.length) resolver.setServers(servers)
  try {
    return (await resolver.resolveTxt(domain)).map((r) => r.join(''))
  } catch (err) {
    const code = (err as { code?: string }).code ?? ''
    if (ABSENT.has(code)) return []
    throw new ProofError(`failed to lookup DNS TXT records (${code || 'error'})`)
  }
}

async function githubJson(apiUrl: string, path: string, token: string | null, doFetch: typeof fetch) {
  const res = await doFetch(`${apiUrl.replace(/\/+$/, '')}${path}`, {
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
    },
    signal: AbortSignal.timeout(10_000),
  })
  if (res.status !== 200) {
    await res.body?.cancel()
    return { status: res.status, body: null }
  }
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown }
}

/** The owner memberships of the token's user (read:org scope; without it, none), at most 10 pages. */
async function ownedOrgs(apiUrl: string, token: string, doFetch: typeof fetch): Promise<string[]> {
  const orgs: string[] = []
  for (let page = 1; page <= 10; page++) {
    const r = await githubJson(apiUrl, `/user/memberships/orgs?state=active&per_page=100&page=${page}`, token, doFetch)
    if (r.status === 403) return orgs
    if (r.status !== 200 || !Array.isArray(r.body)) throw new ProofError(`GitHub answered ${r.status}`)
    for (const m of r.body as { state?: string; role?: string; organization?: { login?: string } }[]) {
      const login = m?.organization?.login
      if (m?.state === 'active' && m.role === 'admin' && typeof login === 'string' && GITHUB_NAME.test(login))
        orgs.push(login)
    }
    if (r.body.length < 100) return orgs
  }
  throw new ProofError('too many organisation memberships to read')
}

/**
 * Throws RoleUnverifiable unless the directory's own token is an active member of `org` (GET
 * /user/memberships/orgs/{org}, which needs read:org): only a member's token is shown every membership, so only then
 * does GitHub's "not found" for another user mean "not a member".
 */
async function requireOrgVisible(apiUrl: string, org: string, token: string | null, doFetch: typeof fetch) {
  if (!token) throw new RoleUnverifiable(org, 'GITHUB_TOKEN is not set')
  const path = `/user/memberships/orgs/${encodeURIComponent(org)}`
  const r = await githubJson(apiUrl, path, token, doFetch).catch(() => null)
  if (!r) throw new ProofError('GitHub did not answer')
  const state = r.status === 200 ? (r.body as { state?: unknown } | null)?.state : null
  if (state === 'active') return
  if (r.status === 200 || r.status === 403 || r.status === 404)
    throw new RoleUnverifiable(
      org,
      r.status === 200
        ? `its membership is ${String(state)}`
        : `GitHub answered ${r.status} for the token's own membership: not a member, or no read:org scope`,
    )
  throw new ProofError(`GitHub answered ${r.status}`)
}

/** The real sources, from configuration. */
export function proofSources(o: SourceOptions): ProofSources {
  const outbound = createOutboundFetcher({
    allowPrivate: o.allowPrivate,
    resolve: addressResolver(o.dnsServers),
    maxBytes: MAX_KEY_BYTES,
    maxRedirects: 3,
  })
  const doFetch = o.fetch ?? fetch
  const urlOf = o.wellKnownUrl ?? ((d: string) => `https://${d}/.well-known/mcp-registry-auth`)
  return {
    txt: (domain) => readTxt(o.dnsServers, domain),
    async wellKnown(domain) {
      try {
        const page = await outbound.text(urlOf(domain), { accept: () => true, redirects: 'same-origin' })
        if (page.status !== 200) throw new ProofError(`HTTP ${page.status}: failed to fetch key from ${urlOf(domain)}`)
        return page.body.trim()
      } catch (err) {
        if (err instanceof OutboundError) throw new ProofError(`failed to fetch public key: ${err.reason}`)
        throw err
      }
    },
    async github(token) {
      const user = await githubJson(o.githubApiUrl, '/user', token, doFetch)
      const login = (user.body as { login?: unknown } | null)?.login
      if (user.status !== 200 || typeof login !== 'string' || !GITHUB_NAME.test(login))
        throw new ProofError('the GitHub token was not accepted')
      return { login, orgs: await ownedOrgs(o.githubApiUrl, token, doFetch) }
    },
    async orgRole(org, login) {
      if (!GITHUB_NAME.test(org) || !GITHUB_NAME.test(login)) return null
      const path = `/orgs/${encodeURIComponent(org)}/memberships/${encodeURIComponent(login)}`
      const r = await githubJson(o.githubApiUrl, path, o.githubToken ?? null, doFetch).catch(() => null)
      // 404: not a member, or not one GitHub shows this token: only the first when the token sees the organisation.
      if (r?.status === 404) {
        await requireOrgVisible(o.githubApiUrl, org, o.githubToken ?? null, doFetch)
        return null
      }
      const m = r?.status === 200 ? (r.body as { state?: unknown; role?: unknown } | null) : null
      if (!m || typeof m.role !== 'string') throw new ProofError(`GitHub answered ${r?.status ?? 'nothing'}`)
      return m.state === 'active' ? m.role : null
    },
  }
}
