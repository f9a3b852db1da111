// Listings the web tests put in through the operator import API, and the script payloads they must render inert.

/** Marks each payload sets when it runs; a test fails if any of them appears. */
export const PAYLOAD_MARK = 'pwned'

/** A name, description and README full of script payloads. */
export const HOSTILE = {
  name: `io.github.mallory/xss-demo<img src=x onerror="window.${PAYLOAD_MARK}=1">`,
  title: `<script>window.${PAYLOAD_MARK}=2</script>Hostile title`,
  description: `"><script>alert(1)</script><svg onload="window.${PAYLOAD_MARK}=3"> a server whose text tries to run script`,
  readme: [
    '# Hostile README',
    '',
    `<script>window.${PAYLOAD_MARK}=4;alert(4)</script>`,
    '',
    `<img src="x" onerror="window.${PAYLOAD_MARK}=5;alert(5)" id="injected-img">`,
    '',
    `[click me](javascript:window.${PAYLOAD_MARK}=6) and <a href="javascript:alert(7)" id="injected-link">this</a>`,
    '',
    `<iframe id="injected-frame" src="javascript:alert(8)"></iframe>`,
    '',
    `<div onmouseover="alert(9)" id="injected-div">hover</div><style>body{display:none}</style>`,
    '',
    '```js',
    `console.log("<script>not code</script>")`,
    '```',
  ].join('\n'),
}

/** Registry entries: a few plain servers and the hostile one. */
export function fixtureEntries() {
  const plain = (name: string, description: string, pkg: string, repo: string) => ({
    name,
    description,
    version: '1.0.0',
    repository: { url: repo, source: 'github' },
    packages: [{ registryType: 'npm', identifier: pkg, version: '1.0.0', transport: { type: 'stdio' } }],
  })
  return [
    plain(
      'io.github.acme/postgres-explorer',
      'Query and explore PostgreSQL databases from your agent',
      '@acme/postgres-explorer',
      'https://github.com/acme/postgres-explorer',
    ),
    plain(
      'io.github.acme/slack-bridge',
      'Read and post Slack messages',
      '@acme/slack-bridge',
      'https://github.com/acme/slack-bridge',
    ),
    plain(
      'io.github.acme/weather-now',
      'Current weather and forecasts for any city',
      '@acme/weather-now',
      'https://github.com/acme/weather-now',
    ),
    {
      name: 'io.github.acme/remote-notes',
      description: 'A hosted notes server reached over Streamable HTTP',
      version: '2.0.0',
      repository: { url: 'https://github.com/acme/remote-notes', source: 'github' },
      remotes: [{ type: 'streamable-http', url: 'https://notes.acme.example/mcp' }],
    },
    // Enough servers for a second page of results.
    ...Array.from({ length: 22 }, (_, i) =>
      plain(
        `io.github.acme/toolbox-${i + 1}`,
        `Acme toolbox number ${i + 1} for everyday tasks`,
        `@acme/toolbox-${i + 1}`,
        `https://github.com/acme/toolbox-${i + 1}`,
      ),
    ),
    {
      ...plain(HOSTILE.name, HOSTILE.description, 'xss-demo', 'https://github.com/mallory/xss-demo'),
      title: HOSTILE.title,
    },
  ]
}

/**
 * Stores a README on a listing the way the prober does: through the catalog's internal facts API (the import
 * format, the registry's server.json, carries no README).
 */
export async function storeReadme(
  catalog: { app: { handle(r: Request): Response | Promise<Response> } },
  id: string,
  readme: string,
) {
  const res = await catalog.app.handle(
    new Request(`http://catalog.internal/internal/listings/${encodeURIComponent(id)}/facts`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkedAt: new Date().toISOString(), readme }),
    }),
  )
  if (res.status !== 200) throw new Error(`storing the README failed: ${res.status} ${await res.text()}`)
}

/** The id the catalog gave a listing, found by name through search. */
export async function idOf(base: string, name: string, q: string): Promise<string> {
  const body = (await (await fetch(`${base}/api/v1/search?q=${encodeURIComponent(q)}&limit=100`)).json()) as {
    servers: { id: string; name: string }[]
  }
  const hit = body.servers.find((s) => s.name === name)
  if (!hit) throw new Error(`no listing named ${name}`)
  return hit.id
}
