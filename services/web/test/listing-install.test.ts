// What the card and the listing page say of running a server, through the whole directory (the gateway, the
// catalog on the real PostgreSQL, the pages): a guessed install is shown with its guess (the command and its note)
// or not called guessed at all, and the sandbox's last start says whether it listed its tools with placeholder
// settings or which setting stopped it; the Markdown says the same. An endpoint whose name resolves to a private
// address gets no config, and the page says why.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { idOf, storeFacts } from './fixtures'
import { startDirectory, type TestDirectory } from './directory'

let dir: TestDirectory
const ids: Record<string, string> = {}

const repo = (name: string) => ({ url: `https://github.com/acme/${name}`, source: 'github' })
const withDatabase = (name: string) => ({
  name: `io.github.acme/${name}`,
  description: `Runs SQL against PostgreSQL (${name})`,
  version: '1.0.0',
  repository: repo(name),
  packages: [
    {
      registryType: 'npm',
      identifier: `@acme/${name}`,
      version: '1.0.0',
      transport: { type: 'stdio' },
      environmentVariables: [{ name: 'DATABASE_URI', isRequired: true, isSecret: true }],
    },
  ],
})
const sandbox = (name: string, verdict: string, extra: Record<string, unknown>) => ({
  verdict,
  registryType: 'npm',
  identifier: `@acme/${name}`,
  version: '1.0.0',
  guessed: false,
  steps: { install: 900, initialize: 120, total: 1100 },
  ...extra,
})
const tools = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `tool_${i + 1}`, description: 'A tool' }))

const INWARD = 'https://mcp.inward-tool.test/mcp'

beforeAll(async () => {
  dir = await startDirectory()
  await dir.importEntries([
    {
      name: 'io.github.acme/guess-tool',
      description: 'A tool only its repository runs',
      repository: repo('guess-tool'),
    },
    { name: 'io.github.acme/bare-tool', description: 'A tool nothing is known to run', repository: repo('bare-tool') },
    withDatabase('pg-sandbox'),
    withDatabase('pg-keys'),
    {
      name: 'io.github.acme/inward-tool',
      description: 'A tool whose endpoint name points inward',
      remotes: [{ type: 'streamable-http', url: INWARD }],
    },
  ])
  for (const [key, name] of [
    ['guess', 'guess-tool'],
    ['bare', 'bare-tool'],
    ['ran', 'pg-sandbox'],
    ['keys', 'pg-keys'],
    ['inward', 'inward-tool'],
  ] as const)
    ids[key] = await idOf(dir.base, `io.github.acme/${name}`, name.replace('-', ' '))
  // The prober saw the endpoint's name resolve to a private address.
  await storeFacts(dir.catalog, ids.inward!, {
    remoteAddresses: [{ url: INWARD, address: 'private', reason: 'mcp.inward-tool.test resolves to 10.0.0.5' }],
  })
  await storeFacts(dir.catalog, ids.guess!, {
    repositoryRun: {
      repository: 'acme/guess-tool',
      ecosystem: 'node',
      from: 'package.json',
      checkedAt: new Date().toISOString(),
    },
  })
  await storeFacts(dir.catalog, ids.ran!, {
    sandbox: sandbox('pg-sandbox', 'ran', { detail: 'initialize and tools/list answered', tools: tools(12) }),
  })
  await storeFacts(dir.catalog, ids.keys!, {
    sandbox: sandbox('pg-keys', 'asked_for_keys', {
      detail: 'stopped during initialize naming DATABASE_URI',
      variable: 'DATABASE_URI',
    }),
  })
}, 60_000)

afterAll(async () => {
  await dir?.stop()
})

const page = async (path: string) => {
  const res = await fetch(dir.base + path)
  expect(res.status).toBe(200)
  return res.text()
}
/** One card of a results page, by its listing id. */
const cardOf = (body: string, id: string) => {
  const start = body.indexOf(`<li class="card" data-listing="${id}">`)
  expect(start).toBeGreaterThan(-1)
  const end = body.indexOf('<li class="card"', start + 1)
  return body.slice(start, end === -1 ? undefined : end)
}
const GUESS = '<code>npx -y github:acme/guess-tool</code>'
const NOTE = 'a guess: no package is known, so this runs the listing’s own repository from GitHub'

describe('a guessed install is shown with its guess', () => {
  test('the card of a guess shows the command and its note beside "Install: guessed"', async () => {
    const body = await page('/?q=tool')
    const card = cardOf(body, ids.guess!)
    expect(card).toContain('>Install: guessed<')
    expect(card).toContain(GUESS)
    expect(card).toContain(NOTE)
  })

  test('a card without any install says unknown, never guessed', async () => {
    const card = cardOf(await page('/?q=tool'), ids.bare!)
    expect(card).toContain('>Install: unknown<')
    expect(card).not.toContain('guess')
  })

  test('the listing page of a guess shows the command and its note; one without an install says none is known', async () => {
    const guess = await page(`/servers/${ids.guess}`)
    expect(guess).toContain('>Install: guessed<')
    expect(guess).toContain(GUESS)
    expect(guess).toContain(NOTE)
    const bare = await page(`/servers/${ids.bare}`)
    expect(bare).toContain('No install known')
    expect(bare).not.toMatch(/guess/i)
  })
})

describe('an endpoint whose name resolves to a private address', () => {
  test('the listing page gives no install config for it and says why', async () => {
    const body = await page(`/servers/${ids.inward}`)
    expect(body).toContain('No install line for this endpoint')
    expect(body).toContain(`<code>${INWARD}</code>: mcp.inward-tool.test resolves to 10.0.0.5`)
    expect(body).not.toContain('id="client-picker"')
  })
})

describe('the sandbox start, with its settings', () => {
  test('the listing page says it started with placeholder settings and listed its tools', async () => {
    const body = await page(`/servers/${ids.ran}`)
    expect(body).toMatch(
      /<span id="sandbox-start">started in the sandbox with placeholder settings: 12 tools listed \(\d{4}-\d\d-\d\d\)<\/span>/,
    )
  })

  test('the listing page names the setting that stopped it', async () => {
    const body = await page(`/servers/${ids.keys}`)
    expect(body).toContain(
      '<span id="sandbox-start">stops in the sandbox without <code>DATABASE_URI</code> (a placeholder value was not enough) (',
    )
    expect(body).not.toContain('tools listed')
  })

  test('no sandbox start: no line', async () => {
    expect(await page(`/servers/${ids.bare}`)).not.toContain('in the sandbox')
  })

  test('the Markdown says the same, one line each', async () => {
    const md = (id: string) => page(`/api/v1/mcp/${id}/markdown`)
    expect(await md(ids.ran!)).toContain(
      '\n- **Sandbox:** started in the sandbox with placeholder settings: 12 tools listed\n',
    )
    expect(await md(ids.keys!)).toMatch(
      /\n- \*\*Sandbox:\*\* stops in the sandbox without DATABASE\\?_URI \(a placeholder value was not enough\)\n/,
    )
    expect(await md(ids.bare!)).not.toContain('**Sandbox:**')
  })
})
