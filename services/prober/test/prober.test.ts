// The prober on the real PostgreSQL, Redis and NATS, against real MCP servers from the SDK on loopback
// (streamable HTTP and SSE), one that hangs, one that answers garbage, one behind a sign-in wall, a local
// GitHub API and local npm and PyPI registries: each gives the right tools, health and install confidence (high
// only with evidence that the package belongs to the listing; guesses run the listing's own repository); the
// facts reach the catalog through its internal API over HTTP, and the public API (through the gateway) shows them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { createNatsBus } from '@mcp-directory/shared/bus'
import {
  catalogOutbox,
  count,
  eq,
  listings,
  openDatabase,
  runMigrations,
  sql,
  type Database,
} from '@mcp-directory/shared/db'
import { createRedisStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import {
  createFreshDatabase,
  deleteStream,
  runToken,
  TEST_SERVICES,
  testConfig,
  type FreshDatabase,
} from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../../../gateway/src/app'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createProberApp, probeQueueNames, type ProberService } from '../src'
import {
  startFakeGithub,
  startFakeRegistries,
  startGarbageServer,
  startHangingServer,
  startMcpServers,
  startSignInServer,
  type FakeTool,
} from './fakes'

const log = createLogger('test', 'silent')
const token = runToken()
const stream = `TEST_PROBER_${token}`
const subjectPrefix = `test_${token}.directory`
const OPERATOR = 'prober-test-operator-token'

const toolsFor = (id: string): FakeTool[] => [
  { name: `${id}_search`, description: `Searches ${id}`, params: ['query', 'limit'] },
  { name: `${id}_fetch`, description: `Fetches one ${id} item`, params: ['id'] },
]
const README_CONFIG = [
  '# Readme Config MCP',
  '',
  'Add this to your client:',
  '',
  '```json',
  '{',
  '  "mcpServers": {',
  '    "readme-config": {',
  '      "command": "npx",',
  '      "args": ["-y", "@acme/readme-config-mcp@2.0.0"]',
  '    }',
  '  }',
  '}',
  '```',
  '',
].join('\n')
const README_MENTION = '# Mention MCP\n\nInstall with `pip install acme-mention-mcp` and run it.\n'
const README_STRANGER = '# Mention stranger\n\nTry `npx -y reddit-mcp` for Reddit instead.\n'
const README_REGISTRY =
  '# Registry MCP\n\nSee the registry.\n\n```json\n{"command": "npx", "args": ["-y", "something-else-mcp"]}\n```\n'

let fresh: FreshDatabase
let database: Database
let catalog: CatalogService
let catalogServer: ReturnType<typeof Bun.serve>
let prober: ProberService
let gateway: ReturnType<typeof createGatewayApp>
let mcp: Awaited<ReturnType<typeof startMcpServers>>
const hang = startHangingServer()
const garbage = startGarbageServer()
const signIn = startSignInServer()
const github = startFakeGithub({
  'acme/readme-config': { stars: 42, readme: README_CONFIG, homepage: 'https://readme-config.example' },
  'acme/readme-mention': { stars: 7, readme: README_MENTION, readmeAsJson: true },
  'acme/registry': { stars: 1000, readme: README_REGISTRY, archived: true },
  'acme/both': { stars: 3, readme: null },
  'acme/mention-stranger': {
    stars: 1,
    readme: README_STRANGER,
    language: 'TypeScript',
    files: {
      'package.json': JSON.stringify({ name: 'mention-stranger', bin: { 'mention-stranger': 'dist/index.js' } }),
    },
  },
  'acme/js-repo': {
    stars: 2,
    readme: '# JS repo\n',
    language: 'TypeScript',
    files: { 'package.json': JSON.stringify({ name: '@acme/js-repo', bin: 'dist/index.js' }) },
  },
  'acme/py-repo': {
    stars: 3,
    readme: '# Python repo\n',
    language: 'Python',
    files: {
      'pyproject.toml': '[project]\nname = "py-repo"\n\n[project.scripts]\npy-repo-server = "py_repo.server:main"\n',
    },
  },
  'acme/go-repo': { stars: 4, readme: '# Go repo\n', language: 'Go' },
  'acme/js-lib': {
    stars: 5,
    readme: '# A library\n',
    language: 'JavaScript',
    files: { 'package.json': JSON.stringify({ name: 'js-lib', main: 'index.js' }) },
  },
  'acme/submitted': {
    stars: 6,
    readme: '# Submitted\n',
    language: 'JavaScript',
    files: { 'package.json': JSON.stringify({ name: 'submitted-mcp', bin: { 'submitted-mcp': 'index.js' } }) },
  },
})
// Linking packages (mcpName, repository, mcp-name line, project URL) and non-linking ones, as npm and PyPI serve them.
const registries = startFakeRegistries({
  npm: {
    '@acme/readme-config-mcp': {
      version: '2.0.0',
      repository: { type: 'git', url: 'git+https://github.com/acme/readme-config.git' },
    },
    '@acme/registry-mcp': { version: '1.0.0', mcpName: 'io.test/registry' },
    'stranger-mcp': {
      version: '1.0.0',
      mcpName: 'io.github.someone/else',
      repository: 'https://github.com/someone/else',
    },
    'reddit-mcp': { version: '9.9.9', repository: 'github:someone/reddit' },
  },
  pypi: {
    'acme-mention-mcp': {
      version: '0.3.0',
      projectUrls: { Source: 'https://github.com/acme/readme-mention/tree/main' },
    },
    'linked-py': { version: '1.0.0', description: '# Linked\n\n<!-- mcp-name: io.test/pypi-linked -->\n' },
    'stranger-py': {
      version: '2.0.0',
      description: 'mcp-name: io.github.someone/else',
      projectUrls: { Homepage: 'https://example.com' },
      homePage: 'https://github.com/someone/else',
    },
  },
})
const bus = createNatsBus({ url: TEST_SERVICES.nats, stream, subjectPrefix, log })
const kv = createRedisStore({ url: TEST_SERVICES.redis, keyPrefix: `test:${token}:` })
const ids = new Map<string, string>() // listing name → id
let firstRound = 0

const config = () =>
  testConfig({
    PUBLIC_BASE_URL: 'https://dir.example',
    VIEW_FLUSH_MS: '60000',
    OUTBOUND_ALLOW_PRIVATE: '1',
    GITHUB_API_URL: github.url,
    GITHUB_TOKEN: 'gh-test-token',
    NPM_REGISTRY_URL: registries.npmUrl,
    PYPI_URL: registries.pypiUrl,
    NATS_URL: TEST_SERVICES.nats,
    NATS_STREAM: stream,
    EVENT_SUBJECT_PREFIX: subjectPrefix,
    // Long enough for a real handshake on a loaded machine; the hanging server's test waits it out once.
    PROBE_TIMEOUT_MS: '5000',
    // One round for the whole test: rounds are started by hand with explicit numbers.
    PROBE_INTERVAL_MINUTES: '43200',
    PROBE_CONCURRENCY: '8',
  })

// Fresh reads: the gateway's micro-cache drops a listing's answers on its event, which may land just after a probe
// was recorded; this test asks what the catalog holds now.
const api = (path: string) =>
  gateway.app.handle(new Request(`http://localhost${path}`, { headers: { 'cache-control': 'no-cache' } }))
// Parsed JSON bodies are indexed freely in tests.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const apiJson = async (path: string): Promise<any> => {
  const res = await api(path)
  expect(res.status).toBe(200)
  return res.json()
}
const id = (name: string) => ids.get(name) as string

/** Waits until every listing in `names` has been probed in `round` (its state row says so). */
async function untilProbed(names: string[], round: number, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const rows = (await database.rows(
      sql`select listing_id from prober.listing_states where last_round = ${round}`,
    )) as { listing_id: string }[]
    const done = new Set(rows.map((r) => r.listing_id))
    if (names.every((n) => done.has(id(n)))) return
    if (Date.now() > until)
      throw new Error(`not probed in round ${round}: ${names.filter((n) => !done.has(id(n))).join(', ')}`)
    await Bun.sleep(100)
  }
}

const checkedEvents = async () =>
  (await database.db.select({ n: count() }).from(catalogOutbox).where(eq(catalogOutbox.subject, 'listing.checked')))[0]
    ?.n ?? 0

beforeAll(async () => {
  mcp = await startMcpServers(toolsFor)
  fresh = await createFreshDatabase()
  database = await openDatabase({ url: fresh.url })
  await runMigrations(database)
  const cfg = config()
  catalog = createCatalogApp({ config: cfg, database, bus, log, operatorToken: OPERATOR })
  catalogServer = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => catalog.app.handle(r) })
  gateway = createGatewayApp({
    config: cfg,
    log,
    kv,
    operatorToken: OPERATOR,
    upstreams: { catalog: inProcessUpstream('catalog', (r) => catalog.app.handle(r)) },
  })
  prober = createProberApp({
    config: cfg,
    database,
    bus,
    log,
    consumerName: `prober_${token}`,
    schedule: false,
    catalog: httpCatalogHandler([`http://127.0.0.1:${catalogServer.port}`], log),
  })
  await prober.ready()
  const doc = [
    {
      name: 'io.test/streamable',
      description: 'A streamable HTTP server',
      remotes: [{ type: 'streamable-http', url: `${mcp.base}/mcp/streamable` }],
    },
    { name: 'io.test/sse', description: 'An SSE server', remotes: [{ type: 'sse', url: `${mcp.base}/sse/sse` }] },
    {
      name: 'io.test/hang',
      description: 'A server that never answers',
      remotes: [{ type: 'streamable-http', url: `${hang.base}/mcp` }],
    },
    {
      name: 'io.test/garbage',
      description: 'A server that answers garbage',
      remotes: [{ type: 'streamable-http', url: `${garbage.base}/mcp` }],
    },
    {
      name: 'io.test/signin',
      description: 'A server behind OAuth',
      remotes: [{ type: 'streamable-http', url: `${signIn.base}/mcp` }],
    },
    {
      name: 'io.test/readme-config',
      description: 'Installed as its README says',
      repository: { url: 'https://github.com/acme/readme-config', source: 'github' },
    },
    {
      name: 'io.test/readme-mention',
      description: 'Named in its README only',
      repository: { url: 'https://github.com/acme/readme-mention', source: 'github' },
    },
    {
      name: 'io.test/registry',
      description: 'Declared in the registry',
      repository: { url: 'https://github.com/acme/registry', source: 'github' },
      packages: [
        { registryType: 'npm', identifier: '@acme/registry-mcp', version: '1.0.0', transport: { type: 'stdio' } },
      ],
    },
    {
      name: 'io.test/both',
      description: 'Both transports and a repository without README',
      repository: { url: 'https://github.com/acme/both', source: 'github' },
      remotes: [
        { type: 'sse', url: `${mcp.base}/sse/both-sse` },
        { type: 'streamable-http', url: `${mcp.base}/mcp/both` },
      ],
    },
    {
      name: 'io.test/npm-stranger',
      description: 'Declares an npm package that is not its own',
      repository: { url: 'https://github.com/acme/npm-stranger', source: 'github' },
      packages: [{ registryType: 'npm', identifier: 'stranger-mcp', version: '1.0.0' }],
    },
    {
      name: 'io.test/npm-missing',
      description: 'Declares an npm package nobody published',
      packages: [{ registryType: 'npm', identifier: 'not-published-mcp' }],
    },
    {
      name: 'io.test/pypi-linked',
      description: 'A PyPI package whose README names the listing',
      packages: [{ registryType: 'pypi', identifier: 'linked-py', version: '1.0.0' }],
    },
    {
      name: 'io.test/pypi-stranger',
      description: 'A PyPI package that is not its own',
      repository: { url: 'https://github.com/acme/pypi-stranger', source: 'github' },
      packages: [{ registryType: 'pypi', identifier: 'stranger-py' }],
    },
    {
      name: 'io.test/mention-stranger',
      description: "Its README names someone else's package",
      repository: { url: 'https://github.com/acme/mention-stranger', source: 'github' },
    },
    {
      name: 'io.test/js-repo',
      description: 'A JavaScript repository without a package',
      repository: { url: 'https://github.com/acme/js-repo', source: 'github' },
    },
    {
      name: 'io.test/py-repo',
      description: 'A Python repository without a package',
      repository: { url: 'https://github.com/acme/py-repo', source: 'github' },
    },
    {
      name: 'io.test/go-repo',
      description: 'A Go repository without a package',
      repository: { url: 'https://github.com/acme/go-repo', source: 'github' },
    },
    {
      name: 'io.test/js-lib',
      description: 'A JavaScript repository without a command',
      repository: { url: 'https://github.com/acme/js-lib', source: 'github' },
    },
  ]
  const summary = await catalog.importDocument(doc)
  expect(summary.created).toBe(doc.length)
  for (const r of await database.db.select({ id: listings.id, name: listings.name }).from(listings))
    ids.set(r.name, r.id)
  // The import's events queue probes at once; the round then finds every listing already queued for it.
  await catalog.flush()
  firstRound = prober.currentRound()
  const round = await prober.startRound(firstRound)
  expect(round.started).toBe(true)
  expect(round.listings).toBe(doc.length)
  await untilProbed([...ids.keys()], firstRound)
  await catalog.flush()
}, 90_000)

afterAll(async () => {
  await prober?.close()
  await catalog?.close()
  catalogServer?.stop(true)
  await mcp?.close()
  hang.close()
  garbage.close()
  signIn.close()
  github.close()
  registries.close()
  await bus.close()
  await kv.close()
  await database?.close()
  await fresh?.drop()
  await deleteStream(stream)
  await deleteStream(probeQueueNames(stream, subjectPrefix).stream)
  await deleteStream(probeQueueNames(stream, subjectPrefix, 'sandbox').stream)
})

describe('remote endpoints', () => {
  test('streamable HTTP: tools with descriptions and parameter names, active, verified', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/streamable')}`)
    expect(server.health).toBe('active')
    expect(server.isVerifiedActive).toBe(true)
    expect(server.tools).toEqual([
      {
        name: 'streamable_search',
        description: 'Searches streamable',
        parameters: ['query', 'limit'],
        parameterTypes: { query: 'string', limit: 'string' },
      },
      {
        name: 'streamable_fetch',
        description: 'Fetches one streamable item',
        parameters: ['id'],
        parameterTypes: { id: 'string' },
      },
    ])
    const [row] = await database.db
      .select({ source: listings.toolsSource, at: listings.toolsCheckedAt })
      .from(listings)
      .where(eq(listings.id, id('io.test/streamable')))
    expect(row?.source).toBe('streamable-http')
    expect(row?.at).toBeInstanceOf(Date)
    expect(server.checks).toMatchObject({
      toolsSource: 'streamable-http',
      toolsCheckedAt: row?.at?.toISOString(),
      githubArchived: null,
    })
    expect(Date.parse(server.checks.healthCheckedAt)).toBeGreaterThan(0)
    // A 2025 server (it answered server/discover with an error): the revision it negotiated is recorded.
    expect(server.checks.protocol).toMatchObject({ version: '2025-11-25', era: 'legacy', source: 'streamable-http' })
    expect(server.checks.protocol.ttlMs).toBeNull()
    const md = await (await api(`/api/v1/mcp/${id('io.test/streamable')}/markdown`)).text()
    expect(md).toContain('- **Protocol:** 2025-11-25')
  })

  test('SSE: tools, active, verified', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/sse')}`)
    expect(server.checks.toolsSource).toBe('sse')
    expect(server.health).toBe('active')
    expect(server.isVerifiedActive).toBe(true)
    expect(server.tools.map((t: { name: string }) => t.name)).toEqual(['sse_search', 'sse_fetch'])
  })

  test('streamable HTTP is tried before SSE, and SSE is not tried once it answered', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/both')}`)
    expect(server.tools.map((t: { name: string }) => t.name)).toEqual(['both_search', 'both_fetch'])
    expect(mcp.initializes.get('both')).toBe(1)
    expect(mcp.initializes.get('both-sse')).toBeUndefined()
  })

  test('a server that hangs is down after the timeout, not verified, no tools', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/hang')}`)
    expect(server.health).toBe('down')
    expect(server.isVerifiedActive).toBe(false)
    expect(server.tools).toEqual([])
    expect(hang.hits.get('/mcp')).toBeGreaterThanOrEqual(1)
  })

  test('a server that answers garbage is degraded, not verified', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/garbage')}`)
    expect(server.health).toBe('degraded')
    expect(server.isVerifiedActive).toBe(false)
    expect(server.tools).toEqual([])
  })

  test('a server behind a sign-in wall answers: active and verified, tools unknown', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/signin')}`)
    expect(server.health).toBe('active')
    expect(server.isVerifiedActive).toBe(true)
    expect(server.tools).toEqual([])
    // Its protected-resource metadata names an authorization server whose own metadata was read.
    expect(server.checks.remoteAuth).toMatchObject({
      kind: 'oauth',
      authorizationServers: [`${signIn.base}/auth`],
      confirmed: true,
    })
  })

  test('the probe history is kept per listing', async () => {
    const res = await prober.app.handle(new Request(`http://localhost/internal/probes/${id('io.test/hang')}`))
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      state: { health: string; consecutiveFailures: number }
      history: { kind: string; outcome: string }[]
    }
    expect(body.state.health).toBe('down')
    expect(body.state.consecutiveFailures).toBe(1)
    expect(body.history).toHaveLength(1)
    expect(body.history[0]).toMatchObject({ kind: 'remote', outcome: 'timeout' })
    expect((await prober.app.handle(new Request('http://localhost/internal/probes/nope'))).status).toBe(404)
  })
})

describe('GitHub repositories', () => {
  test("README's own config naming a package that links back: stars, README, install with confidence high and configs", async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/readme-config')}`)
    expect(server.popularity.githubStars).toBe(42)
    expect(server.readme).toBe(README_CONFIG)
    expect(server.install).toMatchObject({
      kind: 'local',
      confidence: 'high',
      basis: 'readme-config',
      command: 'npx',
      args: ['-y', '@acme/readme-config-mcp'],
    })
    expect(server.install.evidence).toMatchObject({
      registryType: 'npm',
      identifier: '@acme/readme-config-mcp',
      version: '2.0.0',
      entryUrl: `${registries.npmUrl}/@acme%2Freadme-config-mcp/latest`,
      linkedBy: 'repository',
      link: 'git+https://github.com/acme/readme-config.git',
    })
    expect(Date.parse(server.install.evidence.checkedAt)).toBeGreaterThan(0)
    expect(Array.isArray(server.configs)).toBe(true)
    expect(server.health).toBeNull()
    expect(server.isVerifiedActive).toBe(false)
    const [row] = await database.db
      .select({ homepage: listings.githubHomepage, archived: listings.githubArchived, pushed: listings.githubPushedAt })
      .from(listings)
      .where(eq(listings.id, id('io.test/readme-config')))
    expect(row).toEqual({
      homepage: 'https://readme-config.example',
      archived: false,
      pushed: new Date('2026-01-02T03:04:05Z'),
    })
    const md = await (await api(`/api/v1/mcp/${id('io.test/readme-config')}/markdown`)).text()
    expect(md).toContain(
      'Confidence: high (taken from the client configuration in the repository README; its npm entry links back to the listing’s repository',
    )
    expect(md).toContain('"@acme/readme-config-mcp"')
    expect(md).toContain('Add this to your client:')
    expect(md).toContain('- **GitHub Stars:** 42')
  })

  test('a package the README only names, and which links back (PyPI project URL): confidence low, no configs (README in GitHub JSON form)', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/readme-mention')}`)
    expect(server.readme).toBe(README_MENTION)
    expect(server.install).toMatchObject({
      kind: 'local',
      confidence: 'low',
      basis: 'readme-mention',
      command: 'uvx',
      args: ['acme-mention-mcp'],
      evidence: { linkedBy: 'repository' },
    })
    expect(server.configs).toBeNull()
  })

  test('a registry entry stays the install, whatever its README names; high because npm names the listing (mcpName)', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/registry')}`)
    expect(server.install).toMatchObject({
      confidence: 'high',
      identifier: '@acme/registry-mcp',
      evidence: { version: '1.0.0', linkedBy: 'mcpName', link: 'io.test/registry' },
    })
    expect(server.popularity.githubStars).toBe(1000)
    const [row] = await database.db
      .select({ archived: listings.githubArchived })
      .from(listings)
      .where(eq(listings.id, id('io.test/registry')))
    expect(row?.archived).toBe(true)
  })

  test('GITHUB_TOKEN is sent to the API', () => {
    expect(github.authorizations.length).toBeGreaterThan(0)
    for (const a of github.authorizations) expect(a).toBe('Bearer gh-test-token')
  })
})

describe('install evidence from npm and PyPI', () => {
  test('a declared npm package that neither names the listing nor links back: low, configs kept, the note says what is missing', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/npm-stranger')}`)
    expect(server.install).toMatchObject({
      confidence: 'low',
      basis: 'registry',
      identifier: 'stranger-mcp',
      evidence: { linkedBy: null, link: null, version: '1.0.0' },
    })
    expect(server.install.note).toContain('neither names this listing')
    expect(server.install.note).toContain('https://github.com/someone/else')
    expect(Array.isArray(server.configs)).toBe(true)
    const md = await (await api(`/api/v1/mcp/${id('io.test/npm-stranger')}/markdown`)).text()
    expect(md).toContain(
      'Confidence: low (declared by the listing’s registry entry, but the npm package stranger-mcp\\@1.0.0 neither names this listing',
    )
  })

  test('a declared npm package the registry does not have: low', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/npm-missing')}`)
    expect(server.install).toMatchObject({
      confidence: 'low',
      note: 'npm has no package not-published-mcp',
      evidence: { linkedBy: null },
    })
  })

  test('PyPI: an mcp-name line naming the listing is high; a package naming another server and linking elsewhere is low', async () => {
    const linked = (await apiJson(`/api/v1/servers/${id('io.test/pypi-linked')}`)).server
    expect(linked.install).toMatchObject({
      confidence: 'high',
      command: 'uvx',
      args: ['linked-py@1.0.0'],
      evidence: {
        registryType: 'pypi',
        entryUrl: `${registries.pypiUrl}/linked-py/1.0.0/json`,
        linkedBy: 'mcp-name',
        link: 'io.test/pypi-linked',
      },
    })
    const stranger = (await apiJson(`/api/v1/servers/${id('io.test/pypi-stranger')}`)).server
    expect(stranger.install).toMatchObject({ confidence: 'low', evidence: { version: '2.0.0', linkedBy: null } })
    expect(stranger.install.note).toContain('"io.github.someone/else"')
  })

  test('confidence high only with evidence: every high-confidence package install of the catalog carries a link', async () => {
    for (const listingId of ids.values()) {
      const { server } = await apiJson(`/api/v1/servers/${listingId}`)
      if (server.install?.kind === 'local' && server.install.confidence === 'high')
        expect(server.install.evidence.linkedBy).toMatch(/^(mcpName|mcp-name|repository)$/)
    }
  })
})

describe("guesses run the listing's own repository, never a registry package it does not own", () => {
  test("a README that names someone else's package: the package is not used; the JavaScript repository is run instead", async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/mention-stranger')}`)
    expect(server.install).toMatchObject({
      confidence: 'low',
      basis: 'repository',
      command: 'npx',
      args: ['-y', 'github:acme/mention-stranger'],
    })
    expect(server.configs).toBeNull()
    const md = await (await api(`/api/v1/mcp/${id('io.test/mention-stranger')}/markdown`)).text()
    expect(md).not.toContain('"reddit-mcp"')
  })

  test('a JavaScript repository without a package: npx -y github:owner/repo, low, in the detail and the Markdown', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/js-repo')}`)
    expect(server.install).toMatchObject({
      kind: 'local',
      confidence: 'low',
      basis: 'repository',
      registryType: 'github',
      identifier: 'https://github.com/acme/js-repo',
      command: 'npx',
      args: ['-y', 'github:acme/js-repo'],
    })
    expect(server.configs).toBeNull()
    const md = await (await api(`/api/v1/mcp/${id('io.test/js-repo')}/markdown`)).text()
    expect(md).toContain(
      'Install kind: local runner command (`npx`, running the listing’s own repository https://github.com/acme/js-repo). Confidence: low (a guess',
    )
    expect(md).toContain('"github:acme/js-repo"')
  })

  test('a Python repository without a package: uvx --from git+https://github.com/owner/repo with its [project.scripts] entry point', async () => {
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/py-repo')}`)
    expect(server.install).toMatchObject({
      confidence: 'low',
      basis: 'repository',
      command: 'uvx',
      args: ['--from', 'git+https://github.com/acme/py-repo', 'py-repo-server'],
    })
    expect(github.hits.get('/repos/acme/py-repo/contents/pyproject.toml')).toBe(1)
  })

  test('nothing to run safely (a Go repository, a JavaScript library without a command): the Markdown says so, with a kind and a confidence', async () => {
    for (const name of ['io.test/go-repo', 'io.test/js-lib']) {
      const { server } = await apiJson(`/api/v1/servers/${id(name)}`)
      expect(server.install).toBeNull()
      expect(server.configs).toBeNull()
      const md = await (await api(`/api/v1/mcp/${id(name)}/markdown`)).text()
      expect(md).toContain(
        'Install kind: local runner command (unknown). Confidence: low (nothing can be guessed safely',
      )
    }
  })
})

describe('the public API after a round', () => {
  test('search?verified=1 (through the gateway) returns exactly the listings seen running', async () => {
    const body = await apiJson('/api/v1/search?verified=1&limit=100')
    const found = (body.servers as { id: string; isVerifiedActive: boolean }[]).map((s) => s.id).sort()
    expect(found).toEqual(['io.test/streamable', 'io.test/sse', 'io.test/signin', 'io.test/both'].map(id).sort())
    expect(body.total).toBe(4)
  })

  test('their Markdown documents show [Health: Active] and a Tools section', async () => {
    for (const name of ['io.test/streamable', 'io.test/sse', 'io.test/both']) {
      const res = await api(`/api/v1/mcp/${id(name)}/markdown`)
      expect(res.status).toBe(200)
      const md = await res.text()
      expect(md.split('\n')[0]).toBe(`# ${name} [Health: Active]`)
      expect(md).toContain('\n## Tools\n')
      const tools = md.slice(md.indexOf('## Tools'), md.indexOf('## Documentation & README'))
      expect(tools).toContain(`- **${id(name) === id('io.test/both') ? 'both' : name.split('/')[1]}_search**: Searches`)
      expect(tools).toContain('  - query')
    }
    const down = await (await api(`/api/v1/mcp/${id('io.test/hang')}/markdown`)).text()
    expect(down.split('\n')[0]).toBe('# io.test/hang [Health: Down]')
    expect(down).not.toContain('## Tools')
  })

  test('changes the public sees were announced with listing.checked events', async () => {
    expect(await checkedEvents()).toBe(ids.size)
  })
})

describe('the next round', () => {
  test('conditional requests to GitHub, back-off for the failing host, no event when nothing changed', async () => {
    const before = await checkedEvents()
    const hangHits = hang.hits.get('/mcp')
    const next = firstRound + 1
    const round = await prober.startRound(next)
    expect(round).toMatchObject({ started: true, queued: ids.size })
    // A second start of the same round (another replica, a later tick) queues nothing.
    expect((await prober.startRound(next)).started).toBe(false)
    await untilProbed([...ids.keys()], next)
    await catalog.flush()
    for (const path of [
      '/repos/acme/readme-config',
      '/repos/acme/readme-config/readme',
      '/repos/acme/registry',
      '/repos/acme/readme-mention/readme',
    ]) {
      expect(github.notModified.get(path)).toBe(1)
    }
    // The hanging host is in back-off: not contacted again.
    expect(hang.hits.get('/mcp')).toBe(hangHits)
    const history = (await (
      await prober.app.handle(new Request(`http://localhost/internal/probes/${id('io.test/hang')}`))
    ).json()) as { history: { outcome: string }[] }
    expect(history.history[0]?.outcome).toBe('skipped')
    // Same tools, same health, same README: nothing the public sees changed.
    expect(await checkedEvents()).toBe(before)
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/streamable')}`)
    expect(server.health).toBe('active')
    expect(mcp.initializes.get('streamable')).toBe(2)
  })
})

describe('a listing whose endpoint is gone', () => {
  test('loses its health and leaves verified=1 after the next probe', async () => {
    const summary = await catalog.importDocument([
      { name: 'io.test/signin', description: 'A server behind OAuth, now without an endpoint' },
    ])
    expect(summary.updated).toBe(1)
    const round = firstRound + 2
    await prober.startRound(round)
    await untilProbed([...ids.keys()], round)
    const { server } = await apiJson(`/api/v1/servers/${id('io.test/signin')}`)
    expect(server.health).toBeNull()
    expect(server.isVerifiedActive).toBe(false)
    const body = await apiJson('/api/v1/search?verified=1&limit=100')
    expect((body.servers as { id: string }[]).map((s) => s.id).sort()).toEqual(
      ['io.test/streamable', 'io.test/sse', 'io.test/both'].map(id).sort(),
    )
  })
})

describe("the catalog's internal facts API", () => {
  const put = (listing: string, body: unknown) =>
    catalog.app.handle(
      new Request(`http://catalog/internal/listings/${encodeURIComponent(listing)}/facts`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    )

  test('bad facts are a 400 naming every bad field; an unknown listing is a 404; nothing is written', async () => {
    const before = await apiJson(`/api/v1/servers/${id('io.test/streamable')}`)
    const res = await put(id('io.test/streamable'), {
      checkedAt: 'yesterday',
      remote: { health: 'great', verified: 'yes', tools: [{ name: '' }] },
      github: { stars: -1, archived: 1, pushedAt: 'x', homepage: 5 },
      readme: 3,
      install: { registryType: 'cargo' },
      evidence: [{ registryType: 'cargo', identifier: 'x' }],
      repositoryRun: { repository: '../etc', ecosystem: 'node' },
    })
    expect(res.status).toBe(400)
    const err = (await res.json()) as { error: string; details: { field: string }[] }
    expect(err.error).toBe('invalid_body')
    expect(err.details.map((d) => d.field).sort()).toEqual(
      [
        'checkedAt',
        'evidence[0]',
        'github.archived',
        'github.homepage',
        'github.pushedAt',
        'github.stars',
        'install',
        'readme',
        'remote.health',
        'remote.tools[0].name',
        'remote.verified',
        'repositoryRun',
      ].sort(),
    )
    for (const body of ['not json', '[]', 'null']) expect((await put(id('io.test/streamable'), body)).status).toBe(400)
    const now = new Date().toISOString()
    const tooMany = Array.from({ length: 11 }, () => ({
      registryType: 'npm',
      identifier: 'x',
      version: null,
      entryUrl: 'https://registry.npmjs.org/x/latest',
      outcome: 'found',
      mcpNames: [],
      repositories: [],
      checkedAt: now,
    }))
    expect((await put(id('io.test/streamable'), { checkedAt: now, evidence: tooMany })).status).toBe(400)
    expect(
      (
        await put(id('io.test/streamable'), {
          checkedAt: now,
          repositoryRun: { repository: 'acme/x', ecosystem: 'python', from: 'pyproject.toml', checkedAt: now },
        })
      ).status,
    ).toBe(400)
    const missing = await put('no-such-listing', {
      checkedAt: new Date().toISOString(),
      remote: { health: 'active', verified: true },
    })
    expect(missing.status).toBe(404)
    expect(((await missing.json()) as { error: string }).error).toBe('not_found')
    expect(await apiJson(`/api/v1/servers/${id('io.test/streamable')}`)).toEqual(before)
  })

  test('probe targets: active listing ids page by page; a bad limit is a 400', async () => {
    const page = (q: string) => catalog.app.handle(new Request(`http://catalog/internal/probe-targets?${q}`))
    const first = (await (await page('limit=5')).json()) as { ids: string[]; next: string | null }
    expect(first.ids).toHaveLength(5)
    const seen = [...first.ids]
    let next = first.next
    while (next) {
      const rest = (await (await page(`limit=5&after=${encodeURIComponent(next)}`)).json()) as {
        ids: string[]
        next: string | null
      }
      seen.push(...rest.ids)
      next = rest.next
    }
    // Every active listing once (the submitted one too, once approved).
    expect(seen.filter((x) => [...ids.values()].includes(x)).sort()).toEqual([...ids.values()].sort())
    expect(new Set(seen).size).toBe(seen.length)
    for (const bad of ['limit=0', 'limit=abc', 'limit=100000']) {
      const res = await page(bad)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { error: string }).error).toBe('invalid_parameter')
    }
  })
})

describe('a submitted GitHub-only listing', () => {
  test('its Markdown names an install kind and a confidence before the probe, and the guess that runs its repository after it', async () => {
    const call = (path: string, body: unknown) =>
      catalog.app.handle(
        new Request(`http://catalog${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    const cats = (await apiJson('/api/v1/categories')) as { categories: { label: string; emoji: string }[] }
    const category = `${cats.categories[0]?.emoji} ${cats.categories[0]?.label}`
    const created = await call('/internal/listings', {
      name: 'submitted-mcp',
      url: 'https://github.com/acme/submitted',
      description: 'A server submitted with only its repository',
      category,
    })
    expect(created.status).toBe(201)
    const listingId = ((await created.json()) as { listing: { id: string } }).listing.id
    // Approved: the Markdown is public at once, before the prober has read anything.
    const before = prober.probedCount()
    expect((await call(`/internal/listings/${listingId}/status`, { status: 'active' })).status).toBe(200)
    const first = await (await api(`/api/v1/mcp/${listingId}/markdown`)).text()
    const probedYet = prober.probedCount() > before
    if (!probedYet) expect(first).toMatch(/Install kind: local runner command \(unknown\)\. Confidence: low/)
    else expect(first).toMatch(/Install kind: local runner command[^\n]*Confidence: (?:low|high)/)
    // The approval's event queues a probe: it reads the repository (JavaScript, with a command) and the guess appears.
    await catalog.flush()
    const until = Date.now() + 30_000
    let md = ''
    while (Date.now() < until) {
      md = await (await api(`/api/v1/mcp/${listingId}/markdown`)).text()
      if (md.includes('github:acme/submitted')) break
      await Bun.sleep(100)
    }
    expect(md).toContain(
      'Install kind: local runner command (`npx`, running the listing’s own repository https://github.com/acme/submitted). Confidence: low (a guess',
    )
    expect(md).not.toMatch(/"-y",\s*"submitted-mcp"/) // never `npx -y submitted-mcp`: the listing's name is not a package it owns
    const { server } = await apiJson(`/api/v1/servers/${listingId}`)
    expect(server.install).toMatchObject({
      confidence: 'low',
      basis: 'repository',
      args: ['-y', 'github:acme/submitted'],
    })
  })
})
