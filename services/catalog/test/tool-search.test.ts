// Tool search on the real PostgreSQL: tools the prober saw on a live endpoint and tools a sandbox run of a package
// listed are found by what they do, each hit naming its server; a tool gone from its server's list is gone from
// search; the filters keep what they say; server search says which of a hit's tools matched; bad input is a 400.
import { describe, expect, test } from 'bun:test'
import { eq, listings } from '@mcp-directory/shared/db'
import { freshCatalog } from './fresh-catalog'

const OPERATOR = 'tool-search-test-operator-token'
const made = freshCatalog(OPERATOR)

type Hit = {
  kind: string
  name: string
  arguments: string
  annotations: Record<string, boolean>
  risk: { level: string; findings: { message: string }[] } | null
  source: string | null
  seenAt: string | null
  server: { id: string; name: string; verified: boolean; url: string; install: { line: string | null } | null }
}
type Page = { tools: Hit[]; total: number; nextCursor: string | null }

const get = async (path: string) => {
  const res = await made.catalog.app.handle(new Request(`http://localhost${path}`))
  return { status: res.status, body: await res.json() }
}
const tools = async (query: string): Promise<Page> => {
  const r = await get(`/api/v1/tools?${query}`)
  expect(r.status).toBe(200)
  return r.body as Page
}
const putFacts = async (id: string, facts: Record<string, unknown>) => {
  const res = await made.catalog.app.handle(
    new Request(`http://localhost/internal/listings/${id}/facts`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ checkedAt: new Date().toISOString(), ...facts }),
    }),
  )
  expect(res.status).toBe(200)
}
const idOf = async (name: string) =>
  (await made.database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, name)))[0]!.id

const PDF_TOOLS = [
  {
    name: 'extract_pdf_text',
    description: 'Extracts the text of every page of a PDF document',
    parameters: ['path', 'pages'],
    parameterDescriptions: { path: 'Where the document is on disk' },
    parameterTypes: { path: 'string', pages: 'integer[]' },
    required: ['path'],
    annotations: { readOnlyHint: true },
  },
  {
    name: 'deleteDocument',
    title: 'Delete a document',
    description: 'Removes a stored document for good',
    parameters: ['documentId'],
    annotations: { readOnlyHint: false, destructiveHint: true },
  },
]
const CHAT_TOOLS = [
  { name: 'post_message', description: 'Posts a message to a Slack channel', parameters: ['channel', 'text'] },
  { name: 'list_channels', description: 'Lists Slack channels', annotations: { readOnlyHint: true } },
]

let pdf = ''
let chat = ''
let claimed = ''

describe('tool search', () => {
  test('tools seen by the prober and by the sandbox are found by what they do, with their servers', async () => {
    await made.catalog.importDocument([
      {
        name: 'io.example/pdf-reader',
        description: 'Documents as text',
        remotes: [{ type: 'streamable-http', url: 'https://pdf.example.com/mcp' }],
      },
      {
        name: 'io.example/team-chat',
        description: 'Team chat',
        packages: [
          { registryType: 'npm', identifier: '@example/chat', version: '1.0.0', transport: { type: 'stdio' } },
        ],
      },
      {
        name: 'io.example/claimed-only',
        description: 'Its tools were never observed',
        packages: [
          { registryType: 'npm', identifier: '@example/claimed', version: '1.0.0', transport: { type: 'stdio' } },
        ],
      },
    ])
    ;[pdf, chat, claimed] = await Promise.all(
      ['pdf-reader', 'team-chat', 'claimed-only'].map((n) => idOf(`io.example/${n}`)),
    )
    await putFacts(pdf, {
      remote: { health: 'active', verified: true, toolsSource: 'streamable-http', tools: PDF_TOOLS },
    })
    await putFacts(chat, {
      sandbox: {
        verdict: 'ran',
        registryType: 'npm',
        identifier: '@example/chat',
        version: '1.0.0',
        guessed: false,
        steps: { install: 10 },
        detail: 'ran',
        tools: CHAT_TOOLS,
      },
    })
    // A tool list nobody observed (as a submission could write it) is never searched.
    await made.database.db
      .update(listings)
      .set({ tools: [{ name: 'read_pdf_file', description: 'Reads a PDF file' }] })
      .where(eq(listings.id, claimed))
    await made.catalog.search.refresh([claimed])

    const read = await tools('q=read%20a%20PDF%20file&client=claude-code')
    // First; the unobserved list's read_pdf_file is nowhere (its server's other tool follows on its name alone).
    expect(read.tools[0]?.name).toBe('extract_pdf_text')
    expect(read.tools.map((t) => t.name)).not.toContain('read_pdf_file')
    const hit = read.tools[0]!
    expect(hit).toMatchObject({
      kind: 'tool',
      // Each parameter's type, and `?` for the optional one, as the tool's schema said.
      arguments: 'path: string, pages?: integer[]',
      annotations: { readOnlyHint: true },
      source: 'streamable-http',
      server: { id: pdf, name: 'io.example/pdf-reader', verified: true },
    })
    expect(hit.server.url).toContain(pdf)
    expect(hit.server.install?.line).toContain('pdf.example.com')
    expect(hit.seenAt).not.toBeNull()

    const post = await tools('q=send%20a%20message%20to%20a%20slack%20channel')
    expect(post.tools[0]).toMatchObject({ name: 'post_message', source: 'sandbox', server: { id: chat } })
    expect(post.tools[0]!.server.install).toBeNull()
    // camelCase names are split into their words.
    expect((await tools('q=delete%20document')).tools[0]?.name).toBe('deleteDocument')
  })

  test('filters keep what they say', async () => {
    const all = await tools('limit=50')
    expect(all.total).toBe(4)
    const readOnly = await tools('readOnly=1&limit=50')
    expect(readOnly.tools.map((t) => t.name).sort()).toEqual(['extract_pdf_text', 'list_channels'])
    expect((await tools('destructive=1&limit=50')).tools.map((t) => t.name).sort()).toEqual([
      'deleteDocument',
      'post_message',
    ])
    expect((await tools('destructive=0&limit=50')).total).toBe(2)
    expect((await tools('transport=streamable-http&limit=50')).tools.every((t) => t.server.id === pdf)).toBe(true)
    expect((await tools('transport=stdio&limit=50')).tools.every((t) => t.server.id === chat)).toBe(true)
    const [row] = await made.database.db
      .select({ verified: listings.isVerifiedActive })
      .from(listings)
      .where(eq(listings.id, chat))
    const verified = await tools('verified=1&limit=50')
    expect(verified.tools.every((t) => t.server.verified)).toBe(true)
    expect(verified.total).toBe(row!.verified ? 4 : 2)
    expect((await tools('kind=skill')).total).toBe(0)
    // A category keeps the tools of the servers in it (whatever category each import was given).
    const categories = await made.database.db
      .select({ id: listings.id, category: listings.category })
      .from(listings)
      .where(eq(listings.status, 'active'))
    const categoryOf = new Map(categories.map((c) => [c.id, c.category]))
    const pdfCategory = categoryOf.get(pdf)!
    const inIt = await tools(`category=${encodeURIComponent(pdfCategory)}&limit=50`)
    expect(inIt.tools.every((t) => categoryOf.get(t.server.id) === pdfCategory)).toBe(true)
    expect(inIt.total).toBe(categoryOf.get(chat) === pdfCategory ? 4 : 2)
  })

  test('pages follow the cursor without repeating a tool', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const page: Page = await tools(`limit=1${cursor ? `&cursor=${cursor}` : ''}`)
      seen.push(...page.tools.map((t) => `${t.server.id}/${t.name}`))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen.length).toBe(4)
    expect(new Set(seen).size).toBe(4)
  })

  test('server search says which tools of a hit matched', async () => {
    const r = await get('/api/v1/search?q=pdf%20text')
    const hit = (r.body as { servers: { id: string; matchedTools?: string[] }[] }).servers.find((s) => s.id === pdf)
    expect(hit?.matchedTools).toEqual(['extract_pdf_text'])
  })

  test("a server's skills are found as kind skill beside its tools", async () => {
    const skill = {
      name: 'contract-review',
      description: 'Reviews a contract PDF for risky clauses',
      uri: 'skill://contract-review/SKILL.md',
      files: [{ path: 'SKILL.md', sha256: 'a'.repeat(64) }],
    }
    await putFacts(pdf, {
      remote: { health: 'active', verified: true, toolsSource: 'streamable-http', tools: PDF_TOOLS, skills: [skill] },
    })
    const found = await tools('q=review%20a%20contract&kind=skill')
    expect(found.tools.map((t) => [t.kind, t.name, t.server.id])).toEqual([['skill', 'contract-review', pdf]])
    expect((await tools('kind=tool&limit=50')).total).toBe(4)
  })

  test('a tool removed from its server list is gone from tool search', async () => {
    await putFacts(pdf, {
      remote: { health: 'active', verified: true, toolsSource: 'streamable-http', tools: [PDF_TOOLS[0]] },
    })
    expect((await tools('q=delete%20document')).tools.map((t) => t.name)).not.toContain('deleteDocument')
    expect((await tools('kind=tool&limit=50')).total).toBe(3)
  })

  test('bad parameters are a 400', async () => {
    for (const q of [
      'limit=0',
      'limit=51',
      'readOnly=yes',
      'transport=remote',
      'kind=prompt',
      'verified=0',
      'category=no-such-category',
      'cursor=abc',
      `q=${'x'.repeat(201)}`,
    ]) {
      const r = await get(`/api/v1/tools?${q}`)
      expect({ q, status: r.status }).toEqual({ q, status: 400 })
      expect(typeof (r.body as { error: string }).error).toBe('string')
    }
    // A cursor of another query is refused too.
    const first = await tools('limit=1')
    const other = await get(`/api/v1/tools?q=pdf&limit=1&cursor=${first.nextCursor}`)
    expect(other.status).toBe(400)
  })
})
