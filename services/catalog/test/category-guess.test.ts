// A listing whose source named no usable category has one guessed, marked as a guess in its detail, and guessed
// again when a probe sees its tools or README; a category its source named is never replaced by a guess.
import { describe, expect, test } from 'bun:test'
import { eq, listings } from '@mcp-directory/shared/db'
import { freshCatalog } from './fresh-catalog'

const made = freshCatalog('category-guess-test-operator-token')

const OTHER = '📦 Other'
const PRODUCTIVITY = '✅ Productivity & Project Management'
const DATABASES = '🗄️ Databases'

const PDF_TOOLS = [
  { name: 'read_pdf', description: 'Read the text of a PDF file' },
  { name: 'merge_pdfs', description: 'Merge several PDF files into one' },
  { name: 'split_pdf', description: 'Split a PDF into pages' },
]

const entry = (name: string, category: string, description = 'A helper that does a few things for you.') => ({
  name,
  description,
  category,
  remotes: [{ type: 'streamable-http', url: `https://${name.split('/')[1]}.example.com/mcp` }],
  packages: [],
})

const idOf = async (name: string) => {
  const [row] = await made.database.db.select({ id: listings.id }).from(listings).where(eq(listings.name, name))
  return row!.id
}
const call = (method: string, path: string, body?: unknown) =>
  made.catalog.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
const detail = async (name: string) => {
  const res = await call('GET', `/api/v1/servers/${await idOf(name)}`)
  expect(res.status).toBe(200)
  const { server } = (await res.json()) as { server: { category: string; categorySource: string } }
  return { category: server.category, categorySource: server.categorySource }
}
const probe = async (name: string, facts: Record<string, unknown>) => {
  const res = await call('PUT', `/internal/listings/${await idOf(name)}/facts`, {
    checkedAt: new Date().toISOString(),
    ...facts,
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { changed: string[] }
}

describe('a guessed category', () => {
  test('a catch-all category with nothing clear to go on is Other, marked as guessed', async () => {
    await made.catalog.importDocument([
      entry('io.example/helper', 'Other Tools and Integrations'),
      entry('io.example/given', 'Databases'),
    ])
    expect(await detail('io.example/helper')).toEqual({ category: OTHER, categorySource: 'guessed' })
    expect(await detail('io.example/given')).toEqual({ category: DATABASES, categorySource: 'given' })
  })

  test('the tools a probe sees decide it: PDF tools make it Productivity (where documents are)', async () => {
    const { changed } = await probe('io.example/helper', {
      remote: { health: 'active', verified: true, tools: PDF_TOOLS },
    })
    expect(changed).toContain('category')
    expect(await detail('io.example/helper')).toEqual({ category: PRODUCTIVITY, categorySource: 'guessed' })
  })

  test('a category the source named stays, whatever the tools say', async () => {
    const { changed } = await probe('io.example/given', {
      remote: { health: 'active', verified: true, tools: PDF_TOOLS },
    })
    expect(changed).not.toContain('category')
    expect(await detail('io.example/given')).toEqual({ category: DATABASES, categorySource: 'given' })
  })

  test('a changed entry is guessed again with the tools already seen', async () => {
    await made.catalog.importDocument([
      entry('io.example/helper', 'Other Tools and Integrations', 'Now with a longer, still vague description.'),
    ])
    expect(await detail('io.example/helper')).toEqual({ category: PRODUCTIVITY, categorySource: 'guessed' })
  })

  test('a README read later counts too; its installation notes do not', async () => {
    await made.catalog.importDocument([entry('io.example/readme', 'Uncategorized')])
    const readme = [
      '# Readme server',
      'Query your PostgreSQL database.',
      // Read, these would outweigh the opening: Docker, containers and Kubernetes are DevOps words.
      '## Installation',
      'Run it with Docker in a container, or deploy it on Kubernetes with Helm.',
    ].join('\n')
    await probe('io.example/readme', { readme })
    expect(await detail('io.example/readme')).toEqual({ category: DATABASES, categorySource: 'guessed' })
  })

  test('an entry that names a category makes it given again', async () => {
    await made.catalog.importDocument([
      entry('io.example/helper', 'Databases', 'Now with a longer, still vague description.'),
    ])
    expect(await detail('io.example/helper')).toEqual({ category: DATABASES, categorySource: 'given' })
    const { changed } = await probe('io.example/helper', { readme: 'A server for Slack messages and channels.' })
    expect(changed).not.toContain('category')
  })
})
