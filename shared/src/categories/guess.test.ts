import { describe, expect, test } from 'bun:test'
import { categorize, guessCategoryFromHints, readmeIntro, scoreCategoryHints } from './index'

const PDF_TOOLS = [
  { name: 'read_pdf', description: 'Extract the text of a PDF file' },
  { name: 'merge_pdfs', description: 'Merge PDF files into one' },
]

describe('the guess from tools', () => {
  test('a listing that says nothing of itself but offers PDF tools is Productivity (where documents are)', () => {
    const evidence = { name: 'io.github.someone/helper', description: 'A helpful server.' }
    expect(guessCategoryFromHints(evidence)).toBeNull()
    expect(guessCategoryFromHints({ ...evidence, tools: PDF_TOOLS })?.slug).toBe('productivity')
  })

  test('camel-case tool names are read word by word', () => {
    const tools = [{ name: 'getWeatherForecast' }, { name: 'getWeatherAlerts' }]
    expect(guessCategoryFromHints({ name: 'x', tools })?.slug).toBe('weather')
  })

  test("one tool's name is a hint, two tools' names are evidence", () => {
    const one = [{ name: 'get_notes' }, { name: 'list_products' }, { name: 'get_features' }]
    expect(scoreCategoryHints({ name: 'x', tools: one }).get('knowledge-memory')).toBe(1)
    expect(guessCategoryFromHints({ name: 'x', tools: one })).toBeNull()
    const two = [{ name: 'add_note' }, { name: 'search_notes' }]
    expect(guessCategoryFromHints({ name: 'x', tools: two })?.slug).toBe('knowledge-memory')
  })

  test('an ambiguous listing stays Other: messaging and database tools, equally', () => {
    const tools = [
      { name: 'send_message', description: 'Send a Slack message' },
      { name: 'query_database', description: 'Run a PostgreSQL query' },
    ]
    const c = categorize('Other Tools and Integrations', { name: 'bridge', description: 'Connects things.', tools })
    expect(c).toEqual({ category: expect.objectContaining({ slug: 'other' }), guessed: true })
  })

  test('a given category is kept whatever the tools say, and is not a guess', () => {
    const c = categorize('Databases', { name: 'x', tools: PDF_TOOLS })
    expect(c.category.slug).toBe('databases')
    expect(c.guessed).toBe(false)
  })

  test('survives hostile tool lists', () => {
    const tools = Array.from({ length: 10_000 }, (_, i) => ({ name: `${'('.repeat(500)}${i}`, description: '\u0000' }))
    expect(guessCategoryFromHints({ name: 'x', tools })).toBeNull()
    // Junk where a tool should be is skipped, not a crash.
    expect(guessCategoryFromHints({ name: 'x', tools: [null, 7, {}] as never })).toBeNull()
  })
})

describe('the guess from a README', () => {
  test('only the prose before the first how-to heading is read', () => {
    const readme = [
      '# Thing',
      '![badge](https://img.shields.io/npm/v/thing) Query your PostgreSQL database. See `docker run x`.',
      '```sh',
      'kubectl apply -f thing.yaml',
      '```',
      '## Installation',
      'Run it in Docker on Kubernetes.',
    ].join('\n')
    expect(readmeIntro(readme)).toBe('# Thing Query your PostgreSQL database. See .')
    expect(guessCategoryFromHints({ name: 'thing', readme })?.slug).toBe('databases')
  })

  test('README words alone need two keywords and a lead, like any prose', () => {
    expect(guessCategoryFromHints({ name: 'thing', readme: 'Works with your calendar.' })).toBeNull()
    expect(guessCategoryFromHints({ name: 'thing', readme: 'Your calendar and your tasks.' })?.slug).toBe(
      'productivity',
    )
  })
})

describe('categorize', () => {
  test('a missing, unknown or catch-all category is a guess, Other when nothing is clear', () => {
    for (const raw of [undefined, null, '', 'Something New', 'Uncategorized', 'Other Tools and Integrations'])
      expect(categorize(raw, { name: 'thing', description: 'Does a thing.' })).toEqual({
        category: expect.objectContaining({ slug: 'other' }),
        guessed: true,
      })
  })

  test('the title counts, less than the name', () => {
    expect(scoreCategoryHints({ name: 'x', title: 'Weather Now' }).get('weather')).toBe(2)
    expect(scoreCategoryHints({ name: 'weather-now', title: 'Weather Now' }).get('weather')).toBe(3)
    expect(categorize(undefined, { name: 'x', title: 'Weather Now' }).category.slug).toBe('weather')
  })
})
