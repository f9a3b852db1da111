// The outside world the directory under test reads proofs from, each part a real local server: a DNS server (the TXT
// records of claims and of a publisher's domain) and a GitHub API stand-in (one user behind one token). With them,
// and anonymous registry tokens enabled, the routes that need an owner or a publisher can answer as they do for one.
import { startDnsServer } from '@mcp-directory/shared/testing'
import { freshTimestamp, publisherKey } from '../registry/publisher-world'

/** The GitHub user the stand-in knows, and the token that names them (POST /v0.1/auth/github-at). */
export const GITHUB_PUBLISHER = { login: 'contract-publisher', token: 'gho_contract_publisher_token' }

/** The domain whose DNS publishes the publisher's key (POST /v0.1/auth/dns). */
export const PUBLISHER_DOMAIN = 'contract-publisher.example'

export async function startContractWorld() {
  const dns = await startDnsServer()
  const key = publisherKey()
  dns.setTxt(PUBLISHER_DOMAIN, [key.record])
  // The remotes of servers the contract test publishes: their names are resolved where they are published.
  dns.setA('*.contract-published.example', ['93.184.215.14'])
  const github = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const path = new URL(req.url).pathname
      if (req.headers.get('authorization') !== `Bearer ${GITHUB_PUBLISHER.token}`)
        return Response.json({ message: 'Bad credentials' }, { status: 401 })
      if (path === '/user') return Response.json({ login: GITHUB_PUBLISHER.login, id: 1 })
      if (path === '/user/memberships/orgs') return Response.json([])
      return Response.json({ message: 'Not Found' }, { status: 404 })
    },
  })
  return {
    /** What the directory needs in its environment to read this world. */
    env: {
      DNS_SERVERS: dns.address,
      GITHUB_API_URL: `http://127.0.0.1:${github.port}`,
      PUBLISH_AUTH_NONE: '1',
    },
    /** Publishes TXT records at a name (each value one record). */
    setTxt: (name: string, values: string[]) => dns.setTxt(name, values),
    /** A signed timestamp of the publisher's domain, as mcp-publisher sends it. */
    signedTimestamp() {
      const timestamp = freshTimestamp()
      return { domain: PUBLISHER_DOMAIN, timestamp, signed_timestamp: key.signed(timestamp) }
    },
    close: async () => {
      github.stop(true)
      await dns.close()
    },
  }
}

export type ContractWorld = Awaited<ReturnType<typeof startContractWorld>>
