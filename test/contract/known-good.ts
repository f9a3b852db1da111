// Known-good inputs, by operation id: requests as a real client makes them, each with what it needs made first
// (a pending submission to approve, a listing the test's agent claimed to edit, a published server to deprecate, the
// code from the mail, the MCP handshake's headers). Generated inputs seldom get past a route's domain checks, so
// without these its success answer would never be checked against its model. Each route's fixed inputs are made
// when its test runs, from listings of their own: the shared listing of the generated inputs is not touched.
import type { startSmtpSink } from '@mcp-directory/shared/testing'
import { GITHUB_PUBLISHER, PUBLISHER_DOMAIN, type ContractWorld } from './world'

/** One request beside the generated ones: its query and body, and the path parameters and headers it carries. */
export interface FixedInput {
  query?: Record<string, string>
  body?: unknown
  params?: Record<string, string>
  headers?: Record<string, string>
}

/** What the fixed inputs are made with. */
export interface FixtureTarget {
  base: string
  operatorToken: string
  /** The test's agent, whose token the bearer routes are called with. */
  agentToken: () => string
  sink: Awaited<ReturnType<typeof startSmtpSink>>
  world: ContractWorld
}

type Json = Record<string, unknown>
type Agent = { token: string; agentId: string }

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
// MCP over Streamable HTTP: the client accepts both framings (a JSON answer or an event stream).
const MCP_ACCEPT = { accept: 'application/json, text/event-stream' }
const MCP_2025 = '2025-06-18'
const MCP_2026 = '2026-07-28'

/** The helpers that make what fixed inputs need, through the public API as any client would. */
export function fixtures(t: FixtureTarget) {
  let made = 0
  /** A word not used before in this run (names and addresses must not collide). */
  const fresh = (word: string) => `${word}-${++made}`

  /** A request the fixture needs to succeed: its JSON answer, or an error naming the request and the answer. */
  async function must(method: string, path: string, o: { body?: unknown; headers?: Record<string, string> } = {}) {
    const res = await fetch(`${t.base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...o.headers,
      },
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
    })
    const text = await res.text()
    if (res.status < 200 || res.status >= 300)
      throw new Error(`fixture: ${method} ${path}: ${res.status} ${text.slice(0, 300)}`)
    return (text ? JSON.parse(text) : {}) as Json
  }
  const operator = () => bearer(t.operatorToken)

  /** The confirmation code mailed to `email` after `before` messages (the sink gets other mails meanwhile). */
  async function codeFor(email: string, before: number): Promise<string> {
    const until = Date.now() + 30_000
    for (;;) {
      const mail = t.sink.messages.slice(before).find((m) => m.to.includes(email) && /code: \d{6}/.test(m.raw))
      if (mail) return /code: (\d{6})/.exec(mail.raw)![1]!
      if (Date.now() > until) throw new Error(`fixture: no code mailed to ${email}`)
      await Bun.sleep(50)
    }
  }

  /** Asks for a code for a new address: the confirm request it allows. */
  async function registration(word: string) {
    const email = `${fresh(word)}@contract.example`
    const before = t.sink.messages.length
    await must('POST', '/api/v1/agent/register', { body: { email } })
    return { email, code: await codeFor(email, before) }
  }

  /** A new agent: registered, confirmed, and its id. */
  async function agent(word: string): Promise<Agent> {
    const token = (await must('POST', '/api/v1/agent/register/confirm', { body: await registration(word) }))
      .token as string
    const me = await must('GET', '/api/v1/agent/me', { headers: bearer(token) })
    return { token, agentId: me.agentId as string }
  }
  /** Made the first time it is asked for, the same after. */
  const once = <T>(make: () => Promise<T>) => {
    let value: Promise<T> | undefined
    return () => (value ??= make())
  }
  /** The agent that owns the listings the owners' routes change (its claim attempts are its own). */
  const owner = once(() => agent('contract-owner'))
  /** The agent a listing is handed to. */
  const heir = once(() => agent('contract-heir'))

  /** A category as /api/v1/categories names it. */
  const category = once(async () => ((await must('GET', '/api/v1/categories')).categories as Json[])[0]!)

  /** A submission (pending until claimed or approved) of its own address, with the claim link's secret. */
  async function submission(word: string) {
    const name = fresh(word)
    const body = {
      name: `Contract ${name}`,
      url: `https://${name}.contract-submitted.example/`,
      description: 'A server submitted by the contract test.',
      category: (await category()).label,
      email: `${name}@contract-submitted.example`,
    }
    const answer = await must('POST', '/api/v1/submit', { body })
    const claimToken = new URL(answer.claim_url as string).searchParams.get('token')!
    return { id: answer.id as string, name: body.name, claimToken }
  }

  /** The id of the listing holding a name (the status lookup). */
  const idOf = async (name: string) =>
    (await must('GET', `/api/v1/listings/status?name=${encodeURIComponent(name)}`)).id as string

  /** A live listing, imported by the operator, on its own website (its DNS is the test's), of `repo` on GitHub. */
  async function imported(word: string, repo = fresh(word)) {
    const name = `example.contract-imported/${fresh(word)}`
    const entry = {
      name,
      description: 'A server imported by the contract test.',
      version: '1.0.0',
      websiteUrl: `https://${name.slice(name.indexOf('/') + 1)}.contract-imported.example/`,
      repository: { url: `https://github.com/contract-imported/${repo}`, source: 'github' },
    }
    const summary = await must('POST', '/api/v1/admin/import', { body: [entry], headers: operator() })
    if (summary.created !== 1) throw new Error(`fixture: import of ${name}: ${JSON.stringify(summary)}`)
    return idOf(name)
  }

  /** Publishes the challenge's DNS record at every name it offers: the proof a DNS claim looks for. */
  function publishProof(challenge: Json) {
    const dns = (challenge.methods as { dns: { names: string[]; value: string } }).dns
    for (const name of dns.names) t.world.setTxt(name, [dns.value])
  }

  /** A listing `who` claimed by DNS: theirs to change. */
  async function claimed(who: Agent, id: string) {
    publishProof(await must('GET', `/api/v1/agent/claim/${id}/challenge`, { headers: bearer(who.token) }))
    await must('POST', '/api/v1/agent/claim', { body: { id, method: 'dns' }, headers: bearer(who.token) })
    return id
  }
  const owned = async (word: string, repo?: string) => claimed(await owner(), await imported(word, repo))

  /** An import conflict: the operator imports a name a submission already holds. */
  async function conflict() {
    const { name } = await submission('conflicted')
    const entry = { name, description: 'The same name from the operator', version: '1.0.0' }
    await must('POST', '/api/v1/admin/import', { body: [entry], headers: operator() })
    const open = (await must('GET', '/api/v1/admin/import-conflicts', { headers: operator() })).conflicts as Json[]
    return String(open.find((c) => c.name === name && c.state === 'open')!.id)
  }

  const registryToken = async (path: string, body?: unknown) =>
    (await must('POST', path, { body })).registry_token as string
  const anonymousToken = () => registryToken('/v0.1/auth/none')

  /** A server.json in a namespace, with a remote only (no package whose registry entry would be read). */
  const serverJson = (name: string, version = '1.0.0') => ({
    $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
    name,
    description: 'A server published by the contract test.',
    version,
    remotes: [
      { type: 'streamable-http', url: `https://${name.slice(name.indexOf('/') + 1)}.contract-published.example/mcp` },
    ],
  })

  /** A server published with an anonymous registry token: its name, version and the token. */
  async function published(word: string) {
    const token = await anonymousToken()
    const server = serverJson(`io.modelcontextprotocol.anonymous/${fresh(word)}`)
    await must('POST', '/v0.1/publish', { body: server, headers: bearer(token) })
    return { serverName: server.name, version: server.version, token }
  }

  /** The first server the registry serves, as a registry client finds it. */
  const served = once(async () => {
    const first = ((await must('GET', '/v0.1/servers?limit=1')).servers as { server: Json }[])[0]!.server
    return { serverName: first.name as string, version: first.version as string }
  })

  /** A 2025 JSON-RPC message, with the protocol version header a client sends once initialised. */
  const rpc2025 = (method: string, params: Json | undefined, id: number | null, initialised = true): FixedInput => ({
    body: { jsonrpc: '2.0', ...(id === null ? {} : { id }), method, ...(params ? { params } : {}) },
    headers: { ...MCP_ACCEPT, ...(initialised ? { 'mcp-protocol-version': MCP_2025 } : {}) },
  })
  /** A 2026-07-28 request: the per-request `_meta` envelope, and the Mcp-Method (and Mcp-Name) headers. */
  const rpc2026 = (method: string, params: Json, id: number): FixedInput => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': MCP_2026,
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'contract-test', version: '1.0.0' },
    }
    const named: Record<string, string> = typeof params.name === 'string' ? { 'mcp-name': params.name } : {}
    return {
      body: { jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } },
      headers: { ...MCP_ACCEPT, 'mcp-protocol-version': MCP_2026, 'mcp-method': method, ...named },
    }
  }

  return {
    fresh,
    must,
    world: t.world,
    agentToken: t.agentToken,
    operator,
    registration,
    agent,
    owner,
    heir,
    category,
    submission,
    imported,
    publishProof,
    claimed,
    owned,
    conflict,
    registryToken,
    anonymousToken,
    serverJson,
    published,
    served,
    rpc2025,
    rpc2026,
  }
}

export type Fixtures = ReturnType<typeof fixtures>

/**
 * The known-good inputs of each route that has some. A route left out either answers 2xx to generated inputs, or
 * cannot without machinery the suite does not run (see NO_SUCCESS).
 */
export const KNOWN_GOOD: Record<string, (f: Fixtures) => Promise<FixedInput[]>> = {
  // Catalog: the operator resolves import conflicts (one accepted, one dismissed).
  adminAcceptImportConflict: async (f) => [{ params: { id: await f.conflict() } }],
  adminDismissImportConflict: async (f) => [{ params: { id: await f.conflict() } }],

  // The owner of a listing: the agent whose DNS claim proved it.
  editListing: async (f) => {
    const headers = bearer((await f.owner()).token)
    const id = await f.owned('edited')
    return [
      { params: { id }, body: { description: 'A better description.' }, headers },
      {
        params: { id },
        body: {
          title: 'Edited',
          tags: ['weather', 'forecast'],
          websiteUrl: 'https://edited.contract-imported.example/',
        },
        headers,
      },
      { params: { id }, body: { category: (await f.category()).slug }, headers },
    ]
  },
  setListingMaintenance: async (f) => {
    const headers = bearer((await f.owner()).token)
    const id = await f.owned('maintained')
    return [
      { params: { id }, body: { status: 'deprecated', message: 'Use the new server.' }, headers },
      { params: { id }, body: { status: 'active' }, headers },
    ]
  },
  offerListingTransfer: async (f) => {
    const id = await f.owned('offered')
    return [{ params: { id }, body: { toAgent: (await f.heir()).agentId }, headers: bearer((await f.owner()).token) }]
  },
  acceptListingTransfer: async (f) => {
    const id = await f.owned('handed-over')
    const heir = await f.heir()
    await f.must('POST', `/api/v1/servers/${id}/transfer`, {
      body: { toAgent: heir.agentId },
      headers: bearer((await f.owner()).token),
    })
    return [{ params: { id }, headers: bearer(heir.token) }]
  },
  mergeListing: async (f) => {
    // Two listings of one repository, both the owner's: the copy is merged into the other.
    const repo = f.fresh('merged-repository')
    const into = await f.owned('merged-into', repo)
    const id = await f.owned('merged-copy', repo)
    return [{ params: { id }, body: { into }, headers: bearer((await f.owner()).token) }]
  },

  // Agent auth: the code the mail carried.
  confirmAgentRegistration: async (f) => [{ body: await f.registration('contract-confirmed') }],

  // Submission: a real category (by label and by slug), the least body and a full one.
  submitServer: async (f) => {
    const category = await f.category()
    const first = f.fresh('submitted')
    const second = f.fresh('submitted')
    return [
      {
        body: {
          name: `Contract ${first}`,
          url: `https://github.com/contract-submitted/${first}`,
          description: 'A server submitted with the least the form asks.',
          category: category.label,
          email: `${first}@contract-submitted.example`,
        },
      },
      {
        body: {
          name: `Contract ${second}`,
          url: `https://${second}.contract-submitted.example/`,
          description: 'A server submitted with every field.',
          category: category.slug,
          email: `${second}@contract-submitted.example`,
          tags: ['weather', 'forecast'],
          license: 'MIT',
          authType: 'api_key',
          pricingModel: 'freemium',
          maintenanceStatus: 'active',
          compatibleClients: ['claude-desktop', 'cursor'],
          supportUrl: `https://${second}.contract-submitted.example/support`,
        },
      },
    ]
  },
  // Moderation: a pending submission approved or rejected, a live listing flagged.
  adminApproveListing: async (f) => [
    { params: { id: (await f.submission('approved')).id }, body: { reason: 'Checked by hand.' } },
    { params: { id: (await f.submission('approved')).id }, body: {} },
  ],
  adminRejectListing: async (f) => [
    { params: { id: (await f.submission('rejected')).id }, body: { reason: 'Not an MCP server.' } },
  ],
  adminFlagListing: async (f) => [{ params: { id: await f.imported('flagged') }, body: { reason: 'Reported.' } }],
  adminTakedownListing: async (f) => {
    const id = await f.imported('taken-down')
    const body = { reason: 'Exfiltrates credentials.' }
    // Twice: the second answers the first takedown (idempotent).
    return [
      { params: { id }, body },
      { params: { id }, body },
    ]
  },

  // Claims: the test's agent, and the holder of a submission's claim link, each with the DNS record published.
  getClaimChallenge: async (f) => [{ params: { id: await f.imported('challenged') } }],
  claimListing: async (f) => {
    const id = await f.imported('claimed')
    const challenge = await f.must('GET', `/api/v1/agent/claim/${id}/challenge`, { headers: bearer(f.agentToken()) })
    f.publishProof(challenge)
    return [{ body: { id, method: 'dns' } }]
  },
  getClaimLinkChallenge: async (f) => {
    const { id, claimToken } = await f.submission('link-challenged')
    return [{ body: { id, token: claimToken } }]
  },
  claimListingWithLink: async (f) => {
    const { id, claimToken } = await f.submission('link-claimed')
    f.publishProof(await f.must('POST', '/api/v1/claim/challenge', { body: { id, token: claimToken } }))
    return [{ body: { id, token: claimToken, method: 'dns' } }]
  },

  // MCP: a 2025 client's handshake and calls, and a 2026-07-28 client's discovery and call.
  mcpMessage: async (f) => [
    f.rpc2025(
      'initialize',
      { protocolVersion: MCP_2025, capabilities: {}, clientInfo: { name: 'contract-test', version: '1.0.0' } },
      1,
      false,
    ),
    f.rpc2025('notifications/initialized', undefined, null),
    f.rpc2025('tools/list', {}, 2),
    f.rpc2025('tools/call', { name: 'search_mcp_servers', arguments: { query: 'github' } }, 3),
    f.rpc2026('server/discover', {}, 4),
    f.rpc2026('tools/call', { name: 'list_mcp_categories', arguments: {} }, 5),
  ],

  // The registry API: a server it serves, and servers published here with registry tokens.
  registryListServerVersions: async (f) => [{ params: { serverName: (await f.served()).serverName } }],
  registryGetServerVersion: async (f) => {
    const { serverName, version } = await f.served()
    return [{ params: { serverName, version } }, { params: { serverName, version: 'latest' } }]
  },
  registryUpdateServerVersionStatus: async (f) => {
    const { serverName, version, token } = await f.published('version-deprecated')
    return [
      {
        params: { serverName, version },
        body: { status: 'deprecated', statusMessage: 'Use 2.0.0.' },
        headers: bearer(token),
      },
    ]
  },
  registryUpdateServerStatus: async (f) => {
    const { serverName, token } = await f.published('server-deprecated')
    return [
      { params: { serverName }, body: { status: 'deprecated', statusMessage: 'Moved.' }, headers: bearer(token) },
      { params: { serverName }, body: { status: 'active' }, headers: bearer(token) },
    ]
  },
  registryPublish: async (f) => {
    const dns = await f.registryToken('/v0.1/auth/dns', f.world.signedTimestamp())
    const github = await f.registryToken('/v0.1/auth/github-at', { github_token: GITHUB_PUBLISHER.token })
    const domainNamespace = PUBLISHER_DOMAIN.split('.').reverse().join('.')
    return [
      {
        body: f.serverJson(`io.modelcontextprotocol.anonymous/${f.fresh('published')}`),
        headers: bearer(await f.anonymousToken()),
      },
      { body: f.serverJson(`${domainNamespace}/${f.fresh('published')}`), headers: bearer(dns) },
      { body: f.serverJson(`io.github.${GITHUB_PUBLISHER.login}/${f.fresh('published')}`), headers: bearer(github) },
    ]
  },
  registryAuthDns: async (f) => [{ body: f.world.signedTimestamp() }],
  registryAuthGithub: async () => [{ body: { github_token: GITHUB_PUBLISHER.token } }],
}

/** Routes no input of the suite brings to a success, and why. */
export const NO_SUCCESS: Record<string, string> = {
  adminClearRisk:
    'needs a high-risk finding, which only the prober writes, after reading the tool list of a running MCP server (the suite runs with PROBE=off)',
  registryUpdateServerVersion: 'declares no success: this registry answers 501 (versions are not edited)',
  registryDeleteServerVersion: 'declares no success: this registry answers 501 (versions are not deleted)',
  registryAuthHttp:
    "needs the domain's key served at https://<domain>/.well-known/mcp-registry-auth: a TLS site on port 443 whose certificate the directory trusts, on an address its outbound guard lets through",
}
