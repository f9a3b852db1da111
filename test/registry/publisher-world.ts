// The outside world of a publisher, each part a real local server: the loopback DNS server (TXT and A records),
// an owner's website serving /.well-known/mcp-registry-auth, an npm registry and the GitHub API.
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { startDnsServer } from '@mcp-directory/shared/testing'

/** A real Ed25519 key pair, its MCPv1 proof record, and a signer of timestamps as mcp-publisher signs them. */
export function publisherKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x
  const record = `v=MCPv1; k=ed25519; p=${Buffer.from(x, 'base64url').toString('base64')}`
  return { record, privateKey, signed: (timestamp: string) => signTimestamp(privateKey, timestamp) }
}

/** The hex Ed25519 signature of a timestamp's bytes. */
export const signTimestamp = (key: KeyObject, timestamp: string) =>
  sign(null, Buffer.from(timestamp), key).toString('hex')

/** RFC 3339 without fractions, as Go's time.RFC3339 prints UTC. */
export const rfc3339 = (ms = Date.now()) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')

let lastFresh = 0
/**
 * A timestamp never signed before by this process (RFC 3339 with milliseconds, one apart at least): a signed
 * timestamp proves its holder once, so tests that log in several times a second sign a new one each time.
 */
export function freshTimestamp(): string {
  lastFresh = Math.max(Date.now(), lastFresh + 1)
  return new Date(lastFresh).toISOString()
}

/** The directory's own GitHub token (GITHUB_TOKEN): the stand-in answers organisation memberships to it. */
export const DIRECTORY_GITHUB_TOKEN = 'ghs_directory'

/** The world: DNS, websites by host, npm packages, GitHub users by token. */
export async function startPublisherWorld() {
  const dns = await startDnsServer()
  const sites = new Map<string, string>()
  const npm = new Map<string, Record<string, unknown>>()
  const github = new Map<string, { login: string; orgs: { login: string; role: string }[] }>()
  const seen: { path: string; authorization: string | null }[] = []
  // Organisations whose members the directory's own token cannot see (it is no member of them, or lacks read:org).
  const hiddenOrgs = new Set<string>()
  const site = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const host = (req.headers.get('host') ?? '').replace(/:\d+$/, '')
      const body = sites.get(host)
      const path = new URL(req.url).pathname
      return path === '/.well-known/mcp-registry-auth' && body !== undefined
        ? new Response(body, { headers: { 'content-type': 'text/plain' } })
        : new Response('not found', { status: 404 })
    },
  })
  const registry = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      // /<name>/<version>, a scoped name with its "/" encoded: what the npm registry answers for one version.
      const [name, version] = new URL(req.url).pathname.slice(1).split('/').map(decodeURIComponent)
      const doc = npm.get(`${name}@${version}`)
      return doc ? Response.json(doc) : Response.json({ error: 'Not found' }, { status: 404 })
    },
  })
  const api = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const url = new URL(req.url)
      const authorization = req.headers.get('authorization')
      seen.push({ path: url.pathname + url.search, authorization })
      // GET /orgs/{org}/memberships/{username}: the user's role now, as GitHub answers the directory's own token.
      const membership = url.pathname.match(/^\/orgs\/([^/]+)\/memberships\/([^/]+)$/)
      if (membership) {
        if (authorization !== `Bearer ${DIRECTORY_GITHUB_TOKEN}`)
          return Response.json({ message: 'Requires authentication' }, { status: 401 })
        const [org, login] = membership.slice(1).map((p) => decodeURIComponent(p).toLowerCase())
        const member = [...github.values()].find((u) => u.login.toLowerCase() === login)
        const role = member?.orgs.find((o) => o.login.toLowerCase() === org)?.role
        // A membership hidden from the token is "not found", as GitHub answers it.
        return role && !hiddenOrgs.has(org)
          ? Response.json({ state: 'active', role, organization: { login: org }, user: { login: member?.login } })
          : Response.json({ message: 'Not Found' }, { status: 404 })
      }
      // GET /user/memberships/orgs/{org} with the directory's token: its own membership, active unless hidden.
      const own = url.pathname.match(/^\/user\/memberships\/orgs\/([^/]+)$/)
      if (own && authorization === `Bearer ${DIRECTORY_GITHUB_TOKEN}`) {
        const org = decodeURIComponent(own[1] as string).toLowerCase()
        return hiddenOrgs.has(org)
          ? Response.json({ message: 'Not Found' }, { status: 404 })
          : Response.json({ state: 'active', role: 'member', organization: { login: org } })
      }
      const user = github.get((authorization ?? '').replace(/^Bearer /, ''))
      if (!user) return Response.json({ message: 'Bad credentials' }, { status: 401 })
      if (url.pathname === '/user') return Response.json({ login: user.login, id: 1 })
      if (url.pathname === '/user/memberships/orgs')
        return Response.json(
          user.orgs.map((o) => ({ state: 'active', role: o.role, organization: { login: o.login, id: 2 } })),
        )
      return Response.json({ message: 'Not Found' }, { status: 404 })
    },
  })
  return {
    dns,
    sites,
    npm,
    github,
    seen,
    hiddenOrgs,
    sitePort: site.port,
    npmUrl: `http://127.0.0.1:${registry.port}`,
    githubUrl: `http://127.0.0.1:${api.port}`,
    /** Publishes an npm package version whose `mcpName` names a server (or not). */
    addNpm(name: string, version: string, mcpName?: string) {
      npm.set(`${name}@${version}`, { name, version, ...(mcpName ? { mcpName } : {}) })
    },
    close: async () => {
      site.stop(true)
      registry.stop(true)
      api.stop(true)
      await dns.close()
    },
  }
}

export type PublisherWorld = Awaited<ReturnType<typeof startPublisherWorld>>
