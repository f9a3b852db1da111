// The search page read at a glance, in a real browser: cards with two lines of description and a legend of their
// marks, an order control that works with and without script, live search that asks once per pause and announces
// only the count, and on a phone at least two results (and a listing's copy button) in the first screen.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { headlessChromium } from '@mcp-directory/shared/testing'
import { chromium } from 'playwright-core'
import { SCHEMES, seriousViolations, startBrowser, type TestBrowser } from './browser-kit'
import { startDirectory } from './directory'
import { fixtureEntries } from './fixtures'
import { type RichDirectory, startRichDirectory } from './rich-directory'

declare const document: any, getComputedStyle: any, window: any

let rich: RichDirectory
let browser: TestBrowser

beforeAll(async () => {
  rich = await startRichDirectory()
  browser = await startBrowser(rich.dir.base)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await rich?.dir.stop()
})

describe('cards', () => {
  test('two lines of description (the whole text in the page and its tooltip) and a legend of the marks', async () => {
    const { page } = await browser.open('/?q=postgres')
    const desc = page.locator(`li.card[data-listing="${rich.ids.postgres}"] .desc`)
    const m = await desc.evaluate((p: any) => ({
      clamp: getComputedStyle(p).webkitLineClamp,
      lines: Math.round(p.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(p).lineHeight)),
      text: p.textContent,
      title: p.getAttribute('title'),
    }))
    expect(m.clamp).toBe('2')
    expect(m.lines).toBeLessThanOrEqual(2)
    expect(m.text).toBe(m.title)
    expect(m.text.length).toBeGreaterThan(20)
    // A long description is cut at two lines on the screen, never in the page.
    await page.setViewportSize({ width: 390, height: 844 })
    const long = await page.evaluate(() => {
      const p = document.querySelector('li.card .desc')
      p.textContent = 'word '.repeat(80)
      return { shown: p.clientHeight, whole: p.scrollHeight, text: p.textContent.length }
    })
    expect(long.whole).toBeGreaterThan(long.shown)
    expect(long.text).toBe(400)
    await page.setViewportSize({ width: 1280, height: 800 })
    // The legend, folded by default, says what each kind of mark means.
    const legend = page.locator('#marks-legend')
    expect(await legend.getAttribute('open')).toBeNull()
    await legend.locator('summary').click()
    const entries = await legend.locator('li').allInnerTexts()
    expect(entries.some((e) => /^Install: guessed\s+no known install/.test(e))).toBe(true)
    expect(entries.some((e) => /^Seen running\s+the directory saw it run/.test(e))).toBe(true)
    // Each mark on a card carries its own evidence as text for screen readers, not only as a tooltip.
    const hidden = await page
      .locator(`li.card[data-listing="${rich.ids.postgres}"] [data-mark="running"] .visually-hidden`)
      .innerText()
    expect(hidden).toContain('The directory saw it run')
    await page.close()
  }, 60_000)

  test('a listing says what its numbers are and keeps its last change apart from what was checked', async () => {
    const { page } = await browser.open(`/servers/${rich.ids.postgres}`)
    const checked = await page.locator('#checked').innerText()
    expect(checked).toMatch(/^What the directory checked: .*\. This entry last changed \d{4}-\d\d-\d\d\.$/)
    expect(checked).not.toContain('listing updated')
    expect(await page.locator('#completeness').textContent()).toMatch(/^\d+ \/ 100 \(how complete the entry is: /)
    expect(await page.locator('#views-count').textContent()).toMatch(/once a day/)
    await page.close()
  }, 60_000)
})

describe('order', () => {
  test('the order control sends the search API one of its sort values, and says the order in the heading', async () => {
    const { page } = await browser.open('/?q=acme')
    const values = await page.locator('#sort option').evaluateAll((os: any[]) => os.map((o) => o.value))
    expect(values).toEqual(['', 'checked', 'new', 'installs'])
    await page.selectOption('#sort', 'new')
    await page.locator('#results-heading', { hasText: 'newest first' }).waitFor({ timeout: 10_000 })
    expect(page.url()).toContain('sort=new')
    // The first card is the newest acme listing, as the API orders it.
    const api = (await (await fetch(`${rich.dir.base}/api/v1/search?q=acme&sort=new&limit=1`)).json()) as any
    expect(await page.locator('#results li.card').first().getAttribute('data-listing')).toBe(api.servers[0].id)
    await page.close()
  }, 60_000)

  test('without script the order is a plain form: picking it and pressing Search loads the ordered results', async () => {
    const plain = await chromium.launch(headlessChromium())
    try {
      const context = await plain.newContext({ javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(`${rich.dir.base}/?q=acme`)
      await page.selectOption('#sort', 'installs')
      await page.click('#search-form button[type=submit]')
      await page.waitForURL(/sort=installs/)
      expect(await page.locator('#results-heading').innerText()).toContain('most installed first')
      expect(await page.locator('#sort').inputValue()).toBe('installs')
      // The client picker's button is there without script (with script, a pick sends the form itself).
      await page.goto(`${rich.dir.base}/servers/${rich.ids.postgres}`)
      expect(await page.locator('#client-picker button[type=submit]').isVisible()).toBe(true)
    } finally {
      await plain.close()
    }
  }, 60_000)
})

describe('live search', () => {
  test('typing asks for the results block once per pause, and only the count is announced', async () => {
    const { page } = await browser.open('/')
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'fetch') asked.push(r.url())
    })
    // The results are not a live region: the status line is, and it says only the count.
    expect(await page.locator('#results').getAttribute('aria-live')).toBeNull()
    await page.locator('#q').pressSequentially('postgres explorer', { delay: 20 })
    await page.locator('#results-heading', { hasText: 'for “postgres explorer”' }).waitFor({ timeout: 10_000 })
    expect(asked.length).toBe(1)
    expect(new URL(asked[0]!).searchParams.get('part')).toBe('results')
    expect(new URL(asked[0]!).searchParams.get('q')).toBe('postgres explorer')
    const total = ((await (await fetch(`${rich.dir.base}/api/v1/search?q=postgres+explorer&limit=1`)).json()) as any)
      .total
    const status = page.locator('#search-status')
    expect(await status.getAttribute('aria-live')).toBe('polite')
    await page.locator('#search-status', { hasText: 'found' }).waitFor()
    expect(await status.textContent()).toBe(`${total} ${total === 1 ? 'server' : 'servers'} found`)
    expect(page.url()).toContain('q=postgres+explorer')
    expect(page.url()).not.toContain('part=')
    // The block alone came back: no second page shell inside the page.
    expect(await page.locator('header.site').count()).toBe(1)
    // The same search again (a space typed and removed) asks nothing.
    await page.locator('#q').press('End')
    await page.keyboard.type(' ')
    await page.keyboard.press('Backspace')
    await page.locator('#sort').focus()
    await page.locator('#results-heading').waitFor()
    await page.waitForFunction(() => document.readyState === 'complete')
    expect(asked.length).toBe(1)
    await page.close()
  }, 60_000)

  test('over the rate limit, the page says so and when to try again, and keeps the results it had', async () => {
    const limited = await startDirectory({ RATE_LIMIT_PER_MINUTE: '12' })
    const tight = await startBrowser(limited.base)
    try {
      await limited.importEntries(fixtureEntries())
      const { page } = await tight.open('/?q=postgres')
      const note = page.locator('#search-note')
      expect(await note.isVisible()).toBe(false)
      let before = await page.locator('#results-heading').innerText()
      let status = 0
      for (let i = 0; i < 12 && status !== 429; i++) {
        const [res] = await Promise.all([
          page.waitForResponse((r) => new URL(r.url()).searchParams.get('part') === 'results'),
          page.fill('#q', `postgres ${i}`),
        ])
        status = res.status()
        // An answer that came is on the page before the next search: what a refusal must leave as it is.
        if (status === 200) {
          await page.locator('#results-heading', { hasText: `postgres ${i}` }).waitFor()
          before = await page.locator('#results-heading').innerText()
        }
      }
      expect(status).toBe(429)
      await note.waitFor()
      expect(await note.innerText()).toMatch(/^Too many searches .*Try again in \d+ s\.$/)
      expect(await page.locator('#search-status').textContent()).toContain('Try again in')
      expect(await page.locator('#results-heading').innerText()).toBe(before)
    } finally {
      await tight.close()
      await limited.stop()
    }
  }, 90_000)
})

describe('shared links', () => {
  /** The Open Graph and Twitter card tags of a page, by property or name. */
  const cardOf = async (path: string) => {
    const text = await (await fetch(rich.dir.base + path)).text()
    const tags: Record<string, string> = {}
    for (const m of text.matchAll(/<meta (?:property|name)="((?:og|twitter):[a-z_]+)" content="([^"]*)">/g))
      tags[m[1]!] = m[2]!
    return { tags, text }
  }

  test('home, search and listing pages carry their title, description, address and type; listing text escaped', async () => {
    for (const [path, url] of [
      ['/', `${rich.dir.base}/`],
      ['/?q=postgres&cursor=', `${rich.dir.base}/?q=postgres`],
      [`/servers/${rich.ids.postgres}`, `${rich.dir.base}/servers/${rich.ids.postgres}`],
    ] as const) {
      const { tags } = await cardOf(path)
      expect(tags['og:url']).toBe(url)
      expect(tags['og:type']).toBe('website')
      expect(tags['twitter:card']).toBe('summary')
      expect(tags['og:title']!.length).toBeGreaterThan(10)
      expect(tags['og:description']!.length).toBeGreaterThan(20)
    }
    expect((await cardOf('/?q=postgres')).tags['og:description']).toMatch(/^\d+ MCP servers found for “postgres”/)
    const hostile = await cardOf(`/servers/${rich.ids.hostile}`)
    expect(hostile.tags['og:title']).toContain('&lt;script&gt;')
    expect(hostile.text.match(/<meta property="og:title"[^>]*>/)![0]).not.toContain('<script')
  }, 60_000)
})

describe('on a phone (390×844)', () => {
  test('after a search at least two result cards are in the first screen', async () => {
    const { page } = await browser.open('/?q=acme')
    await page.setViewportSize({ width: 390, height: 844 })
    const tops = await page.evaluate(() =>
      [...document.querySelectorAll('#results li.card h3')].map((h: any) => h.getBoundingClientRect().bottom),
    )
    expect(tops.length).toBeGreaterThan(2)
    expect(tops[1]).toBeLessThanOrEqual(844)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.close()
  }, 60_000)

  test("a listing's copy button is in the first screen", async () => {
    const { page } = await browser.open(`/servers/${rich.ids.postgres}`)
    await page.setViewportSize({ width: 390, height: 844 })
    const copy = page.locator('.config.picked button[data-copy="cfg-0"]')
    expect(await copy.isVisible()).toBe(true)
    const box = await copy.evaluate((b: any) => b.getBoundingClientRect().bottom + window.scrollY)
    expect(box).toBeLessThanOrEqual(844)
    await page.close()
  }, 60_000)

  test('axe-core finds no serious or critical violation on home, search (legend open) and listing, light and dark', async () => {
    const found: Record<string, unknown[]> = {}
    for (const scheme of SCHEMES)
      for (const path of ['/', '/?q=acme&sort=new', `/servers/${rich.ids.postgres}`]) {
        const { page } = await browser.open(path, scheme)
        await page.setViewportSize({ width: 390, height: 844 })
        if (path.includes('q=')) await page.locator('#marks-legend summary').click()
        found[`${scheme} ${path}`] = await seriousViolations(page)
        await page.close()
      }
    const problems = Object.entries(found).filter(([, v]) => v.length)
    if (problems.length) console.log(JSON.stringify(problems, null, 1))
    expect(problems).toEqual([])
  }, 120_000)

  test('no page broke its Content-Security-Policy or threw', () => {
    expect(browser.violations).toEqual([])
  })
})
