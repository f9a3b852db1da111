// The directory the browser tests look at: the fixture listings with the facts their marks show, one listing its
// owner claimed (DNS), and a pending GitHub-hosted submission with its claim link.
import { fixtureEntries, HOSTILE, idOf, storeFixtureFacts, storeReadme } from './fixtures'
import { startDirectory } from './directory'

const README = [
  '# Postgres Explorer',
  '',
  'Browse schemas, run read-only queries and explain plans.',
  '',
  '## Setup',
  '',
  '```sh',
  'npx -y @acme/postgres-explorer --connection-string postgresql://readonly:secret@db.internal.example:5432/analytics',
  '```',
  '',
  '| Tool | What it does |',
  '|---|---|',
  '| `query` | Runs a read-only query |',
  '| `list_tables` | Lists tables |',
].join('\n')

async function post(base: string, path: string, body: unknown) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as Record<string, any>
}

/** Submits a listing through the API; its id and claim link. */
export async function submitListing(base: string, name: string, url: string) {
  const a = await post(base, '/api/v1/submit', {
    name,
    url,
    description: `${name.replace(/-/g, ' ')}: a server submitted by its owner`,
    category: 'databases',
    email: 'owner@example.com',
  })
  return { id: a.id as string, claimUrl: a.claim_url as string }
}

/** Starts the directory of the browser tests. */
export async function startRichDirectory() {
  const dir = await startDirectory()
  await dir.importEntries(fixtureEntries())
  const ids = {
    postgres: await idOf(dir.base, 'io.github.acme/postgres-explorer', 'postgres explorer'),
    notes: await idOf(dir.base, 'io.github.acme/remote-notes', 'remote notes'),
    weather: await idOf(dir.base, 'io.github.acme/weather-now', 'weather now'),
    slack: await idOf(dir.base, 'io.github.acme/slack-bridge', 'slack bridge'),
    hostile: await idOf(dir.base, HOSTILE.name, 'xss demo'),
  }
  await storeFixtureFacts(dir.catalog, ids)
  await storeReadme(dir.catalog, ids.postgres, README)
  // Claimed by its owner: a DNS TXT record on the loopback DNS server.
  const claimed = await submitListing(dir.base, 'example-claimed-server', 'https://example.com/mcp')
  const token = new URL(claimed.claimUrl).searchParams.get('token')!
  const challenge = await post(dir.base, '/api/v1/claim/challenge', { id: claimed.id, token })
  dir.dns.setTxt(challenge.methods.dns.names[0], [challenge.methods.dns.value])
  await post(dir.base, '/api/v1/claim', { id: claimed.id, token, method: 'dns' })
  // Pending, hosted on GitHub: only its README can prove it.
  const hosted = await submitListing(dir.base, 'hosted-on-github', 'https://github.com/someone/hosted-on-github')
  await dir.catalog.flush()
  return {
    dir,
    ids: { ...ids, claimed: claimed.id, hosted: hosted.id },
    hostedClaimPath: new URL(hosted.claimUrl).pathname + new URL(hosted.claimUrl).search,
  }
}

export type RichDirectory = Awaited<ReturnType<typeof startRichDirectory>>
