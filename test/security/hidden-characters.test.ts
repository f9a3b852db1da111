// Hidden characters in listing text, through the whole directory (gateway, catalog, badge and web in one process on
// the real PostgreSQL, Redis and NATS): a bidi override or a zero-width character a submitter or an upstream puts
// in a title, a README, a remote's address or a header's value never reaches a badge, a page or an install config,
// where it would reorder or hide what a reader sees (`Official‮exe.txt` reads as `Officialtxt.exe` reversed).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startDirectory, type TestDirectory } from '../../services/web/test/directory'
import { idOf, storeReadme } from '../../services/web/test/fixtures'

const RLO = '\u202E'
const ZWSP = '\u200B'
// Bidi embeddings, overrides, isolates and marks; zero-width characters; the byte-order mark.
const HIDDEN = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/

let dir: TestDirectory
let titled: string
let remote: string
let header: string

const repo = (name: string) => ({ url: `https://github.com/mallory/${name}`, source: 'github' })

beforeAll(async () => {
  dir = await startDirectory()
  await dir.importEntries([
    {
      name: 'io.github.mallory/bidi-title',
      title: `Official${RLO}txt.exe${ZWSP} tool`,
      description: `A server ${RLO}with hidden text`,
      version: '1.0.0',
      repository: repo('bidi-title'),
    },
    {
      name: 'io.github.mallory/bidi-remote',
      description: 'A remote whose address hides a bidi override',
      version: '1.0.0',
      repository: repo('bidi-remote'),
      remotes: [{ type: 'streamable-http', url: `https://notes.mallory.example/mcp/${RLO}x` }],
    },
    {
      name: 'io.github.mallory/bidi-header',
      description: 'A remote whose header value hides a bidi override',
      version: '1.0.0',
      repository: repo('bidi-header'),
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://notes.mallory.example/mcp',
          headers: [{ name: 'X-Client', value: `abc${RLO}def${ZWSP} {token}`, isRequired: true }],
        },
      ],
    },
  ])
  titled = await idOf(dir.base, 'io.github.mallory/bidi-title', 'bidi title')
  remote = await idOf(dir.base, 'io.github.mallory/bidi-remote', 'bidi remote')
  header = await idOf(dir.base, 'io.github.mallory/bidi-header', 'bidi header')
  // Raw, and as character references, which the README's HTML sanitiser decodes into the characters themselves.
  await storeReadme(
    dir.catalog,
    titled,
    `# Readme\n\nClick ${RLO}here${ZWSP} now, or &#x202E;there&#8203; [x](https://a.example "t&#x202E;")\n`,
  )
}, 120_000)
afterAll(async () => {
  await dir?.stop()
})

const text = async (path: string) => {
  const res = await fetch(`${dir.base}${path}`)
  expect(res.status).toBe(200)
  return res.text()
}

describe('a title with a bidi override and a zero-width space', () => {
  test('no badge style draws them; the visible letters stay', async () => {
    for (const style of ['shield', 'flat-square', 'featured', 'directory']) {
      const svg = await text(`/api/badge/${titled}?style=${style}`)
      expect(svg).toContain('Officialtxt.exe tool')
      expect(svg).not.toMatch(HIDDEN)
    }
  })

  test('held: the Markdown document and the page drop them', async () => {
    expect(await text(`/api/v1/mcp/${titled}/markdown`)).not.toMatch(HIDDEN)
    const page = await text(`/servers/${titled}`)
    expect(page.slice(0, page.indexOf('class="readme"'))).not.toMatch(HIDDEN)
  })
})

describe('a README with them, raw and as character references', () => {
  test('the listing page shows its README without them', async () => {
    const page = await text(`/servers/${titled}`)
    const readme = page.slice(page.indexOf('class="readme"'))
    expect(readme).toContain('Click here now, or there')
    expect(readme).not.toMatch(HIDDEN)
  })
})

describe('install configs', () => {
  const configsOf = async (id: string) =>
    (JSON.parse(await text(`/api/v1/servers/${id}`)) as { server: { configs: Record<string, string>[] | null } }).server
      .configs
  const everything = (configs: Record<string, string>[] | null) =>
    (configs ?? [])
      .map((c) => [c.snippet, c.command, c.note, c.deepLink && decodeURIComponent(c.deepLink)].join('\n'))
      .join('\n')

  test('a remote address holding a bidi override gets no config: the address is not used', async () => {
    const configs = await configsOf(remote)
    expect(everything(configs)).not.toMatch(HIDDEN)
    expect(everything(configs)).not.toContain('notes.mallory.example')
  })

  test("a header value's hidden characters are not in any snippet or one-line command", async () => {
    const configs = await configsOf(header)
    const cli = configs?.find((c) => c.client === 'cli')
    expect(cli?.command).toContain("--header 'X-Client: abcdef <TOKEN>'")
    expect(everything(configs)).not.toMatch(HIDDEN)
  })
})
