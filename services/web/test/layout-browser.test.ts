// What a person sees, in a real browser: cards with labelled marks, the home page's sections and category counts,
// a listing page that puts its summary, the picked client's install and its tools first, the claim page's methods,
// submit errors in people's words, dark mode, code on a phone, the operator table.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { OPERATOR } from './directory'
import { startBrowser, type TestBrowser } from './browser-kit'
import { type RichDirectory, startRichDirectory } from './rich-directory'

declare const document: any, getComputedStyle: any, localStorage: any, window: any

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

/** The marks of the card of listing `id` on the page: key, visible label and tooltip. */
const cardMarks = (page: Page, id: string) =>
  page.evaluate((listing: string) => {
    const card = document.querySelector(`#results li.card[data-listing="${listing}"]`)
    return [...(card?.querySelectorAll('.mark') ?? [])].map((m: any) => ({
      key: m.getAttribute('data-mark'),
      label: m.firstChild.textContent,
      title: m.getAttribute('title') ?? '',
    }))
  }, id)

describe('cards and the home page', () => {
  test('a card shows the title with the registry name small, two lines of description and labelled marks with tooltips', async () => {
    const { page } = await browser.open('/?q=postgres')
    const card = page.locator(`li.card[data-listing="${rich.ids.postgres}"]`)
    expect(await card.locator('h3 a').innerText()).toBe('postgres-explorer')
    expect(await card.locator('.regname').innerText()).toBe('io.github.acme/postgres-explorer')
    expect(await card.locator('.desc').evaluate((p: any) => getComputedStyle(p).webkitLineClamp)).toBe('2')
    const marks = await cardMarks(page, rich.ids.postgres)
    const byKey = Object.fromEntries(marks.map((m) => [m.key, m]))
    expect(byKey.running?.label).toBe('Seen running')
    expect(byKey['transport-stdio']?.label).toBe('Local')
    expect(byKey.install?.label).toMatch(/^Install: /)
    // Stars come with the hit (no detail read per card).
    expect(byKey.stars?.label).toBe('★ 1,234')
    // Every mark is words, and says what it means and on what evidence.
    for (const m of marks) {
      expect(m.label.trim().length).toBeGreaterThan(2)
      expect(m.title.length).toBeGreaterThan(20)
    }
    await page.goto(`${rich.dir.base}/?q=weather`)
    const weather = Object.fromEntries((await cardMarks(page, rich.ids.weather)).map((m) => [m.key, m]))
    expect(weather.archived?.label).toBe('Archived')
    expect(weather.archived?.title).toContain('No longer maintained')
    await page.goto(`${rich.dir.base}/?q=remote+notes`)
    const notes = Object.fromEntries((await cardMarks(page, rich.ids.notes)).map((m) => [m.key, m]))
    expect(notes['transport-remote']?.label).toBe('Remote')
    expect(notes.health?.label).toBe('Health: Active')
    // The risk mark: its level as a word, the level in the tooltip (the findings are on the listing page).
    await page.goto(`${rich.dir.base}/?q=slack+bridge`)
    const slack = Object.fromEntries((await cardMarks(page, rich.ids.slack)).map((m) => [m.key, m]))
    expect(slack.risk?.label).toBe('Risk: high')
    expect(slack.risk?.title).toContain('high-level finding')
    // The API's title, as text: the hostile listing's markup stays words.
    await page.goto(`${rich.dir.base}/?q=xss+demo`)
    const hostile = page.locator(`li.card[data-listing="${rich.ids.hostile}"] h3 a`)
    expect(await hostile.innerText()).toContain('Hostile title')
    expect(await hostile.innerText()).toContain('<script>')
    await page.close()
  }, 60_000)

  test('home: the search first, then seen running, newly added, most installed, claimed, all by trust, and the categories with their counts', async () => {
    // One install counted through the API, before the sections are first read (they are kept a minute).
    expect(
      (await fetch(`${rich.dir.base}/api/v1/servers/${rich.ids.postgres}/installs`, { method: 'POST' })).status,
    ).toBe(202)
    await rich.dir.catalog.flush()
    const installed = async () =>
      ((await (await fetch(`${rich.dir.base}/api/v1/search?sort=installs&limit=1`)).json()) as any).servers[0]
    for (let i = 0; i < 200 && (await installed()).installs !== 1; i++) await Bun.sleep(50)
    const { page } = await browser.open('/')
    const order = await page.evaluate(() =>
      [...document.querySelectorAll('main form, main h2')].map((e: any) => e.id || e.tagName),
    )
    expect(order.slice(0, 6)).toEqual([
      'search-form',
      'running-heading',
      'new-heading',
      'installed-heading',
      'claimed-heading',
      'results-heading',
    ])
    const section = (heading: string) => page.locator(`section:has(#${heading})`)
    expect(await section('running-heading').locator(`li[data-listing="${rich.ids.notes}"]`).count()).toBe(1)
    // The newest listing first: the one submitted (and claimed) after the import.
    expect(await section('new-heading').locator('li.card').first().getAttribute('data-listing')).toBe(rich.ids.claimed)
    // Most installed shows only listings installed at least once, with the count.
    const installedCards = section('installed-heading').locator('li.card')
    expect(await installedCards.count()).toBe(1)
    expect(await installedCards.first().getAttribute('data-listing')).toBe(rich.ids.postgres)
    expect(await installedCards.first().locator('[data-mark="installs"]').innerText()).toContain('1 install')
    // Each section's "See all" asks the API the same search.
    const seeAll = await page.evaluate(() =>
      [...document.querySelectorAll('section.shelf p a')].map((a: any) => a.getAttribute('href')),
    )
    expect(seeAll).toEqual(['/?verified=1&sort=checked', '/?sort=new', '/?sort=installs', '/?claimed=1'])
    // A high risk finding keeps the Slack bridge out of "seen running" until an operator clears it.
    expect(await page.locator(`section:has(#running-heading) li[data-listing="${rich.ids.slack}"]`).count()).toBe(0)
    expect(await page.locator(`section:has(#claimed-heading) li[data-listing="${rich.ids.claimed}"]`).count()).toBe(1)
    const databases = page.locator('.categories a[href="/?category=databases"] .count')
    const total = ((await (await fetch(`${rich.dir.base}/api/v1/search?category=databases&limit=1`)).json()) as any)
      .total
    expect(total).toBeGreaterThan(0)
    expect((await databases.innerText()).match(/^[\d,]+/)?.[0]).toBe(String(total))
    // A section's full list: its order said in the heading, and kept when searching from it.
    await page.goto(`${rich.dir.base}/?sort=new`)
    expect(await page.locator('#results-heading').innerText()).toMatch(/^All servers, newest first/)
    expect(await page.locator('#results li.card').first().getAttribute('data-listing')).toBe(rich.ids.claimed)
    expect(await page.locator('#search-form select[name="sort"]').inputValue()).toBe('new')
    await page.goto(`${rich.dir.base}/?claimed=1`)
    expect(await page.locator('#results li.card').count()).toBe(1)
    await page.close()
  }, 60_000)
})

describe('listing page', () => {
  test('on a 1280×900 desktop: at most 2,550 px tall with one client open, the tools within the first 1,200 px', async () => {
    const { page } = await browser.open(`/servers/${rich.ids.postgres}`)
    await page.setViewportSize({ width: 1280, height: 900 })
    const m = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      tools: document.getElementById('tools-heading').getBoundingClientRect().top + window.scrollY,
      open: document.querySelectorAll('details.config[open]').length,
      closed: document.querySelectorAll('details.config:not([open])').length,
    }))
    console.log(`listing page at 1280×900: ${m.height} px tall, tools at ${Math.round(m.tools)} px`)
    // 2,500 before the folded readiness line joined the tools; it stays one line until opened.
    expect(m.height).toBeLessThanOrEqual(2550)
    expect(m.tools).toBeLessThanOrEqual(1200)
    expect(m.open).toBe(0)
    expect(m.closed).toBeGreaterThan(3)
    // The summary comes first: marks, facts with when they were checked, the install; then tools, README, the rest.
    const order = await page.evaluate(() => [...document.querySelectorAll('article h2')].map((h: any) => h.id))
    expect(order).toEqual([
      'install-heading',
      'tools-heading',
      'readme-heading',
      'clients-heading',
      'badges-heading',
      'claim-heading',
    ])
    expect(await page.locator('#checked').innerText()).toMatch(
      /^What the directory checked: .*started in the sandbox: 4 tools listed \(\d{4}-\d\d-\d\d\)/,
    )
    expect(await page.locator('.tools li', { hasText: 'list_tables' }).locator('.params').innerText()).toBe(
      'Parameters: schema',
    )
    await page.close()
  }, 60_000)

  test('the client the visitor picks is shown with its install button, and remembered for the next listing', async () => {
    const { page } = await browser.open(`/servers/${rich.ids.postgres}`)
    expect(await page.locator('.config.picked').getAttribute('data-client')).toBe('claude-desktop')
    await page.selectOption('#client', 'cursor')
    await page.waitForURL(/client=cursor/)
    const picked = page.locator('.config.picked')
    expect(await picked.getAttribute('data-client')).toBe('cursor')
    expect(await picked.locator('a.button', { hasText: 'Install in Cursor' }).getAttribute('href')).toMatch(
      /^cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?/,
    )
    expect(await page.locator('details.config[data-client="claude-desktop"]').count()).toBe(1)
    await page.goto(`${rich.dir.base}/servers/${rich.ids.slack}`)
    expect(await page.locator('.config.picked').getAttribute('data-client')).toBe('cursor')
    // Risk findings stand inline with the tool they are about.
    const finding = page.locator('.tools li', { hasText: 'post_message' }).locator('.finding')
    expect(await finding.innerText()).toContain('Risk: high')
    await page.close()
  }, 60_000)
})

describe('claim page and forms', () => {
  test('a GitHub-hosted listing: only the README method, complete, and why DNS and a website cannot prove it', async () => {
    const { page } = await browser.open(rich.hostedClaimPath)
    const methods = await page.evaluate(() => [...document.querySelectorAll('.method h2')].map((h: any) => h.innerText))
    expect(methods).toEqual(['1. Badge in the repository README'])
    expect(await page.locator('.method code').first().innerText()).toBe('someone/hosted-on-github')
    expect(await page.locator('#github-md').innerText()).toContain('](')
    const body = await page.locator('main').innerText()
    expect(body).not.toContain('Add a TXT record')
    const reasons = await page.locator('.not-offered li').allInnerTexts()
    expect(reasons.length).toBe(2)
    expect(reasons[0]).toMatch(/^A DNS TXT record cannot prove it: the listing points to no DNS name of its own/)
    expect(reasons[1]).toMatch(/^A badge on a website cannot prove it: /)
    for (const r of reasons) expect(r).toMatch(/[a-z0-9)]\.$/i)
    await page.close()
  }, 60_000)

  test("submit errors speak people's words by each field; the API's own answer is below, for agents", async () => {
    const { page } = await browser.open('/submit')
    await page.fill('#name', 'people-words')
    await page.fill('#url', 'example.com/mcp')
    await page.click('button[type=submit]')
    await page.locator('#url-error').waitFor()
    expect(await page.locator('#url-error').innerText()).toBe(
      'Enter the full address, starting with https:// (for example https://github.com/you/your-server).',
    )
    expect(await page.locator('#description-error').innerText()).toBe('Say in a sentence what the server does.')
    expect(await page.locator('#form-errors').innerText()).not.toContain('Invalid body')
    const detail = page.locator('#api-detail')
    expect(await detail.getAttribute('open')).toBeNull()
    expect(await detail.textContent()).toContain('absolute http(s) URI')
    await page.close()
  }, 60_000)
})

describe('colour schemes and small screens', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor)

  test('dark follows the system; the toggle overrides it and is remembered', async () => {
    const { page } = await browser.open('/', 'dark')
    expect(await background(page)).toBe('rgb(18, 22, 28)')
    const toggle = page.locator('#theme-toggle')
    expect(await toggle.innerText()).toBe('Light mode')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await toggle.click()
    expect(await background(page)).toBe('rgb(255, 255, 255)')
    await page.reload()
    expect(await background(page)).toBe('rgb(255, 255, 255)')
    await page.locator('#theme-toggle').click()
    await page.emulateMedia({ colorScheme: 'light' })
    await page.reload()
    expect(await background(page)).toBe('rgb(18, 22, 28)')
    await page.evaluate(() => localStorage.removeItem('mcpdir-theme'))
    await page.close()
  }, 60_000)

  test('on a phone, code blocks scroll sideways instead of breaking, and the page does not overflow', async () => {
    const { page } = await browser.open(`/servers/${rich.ids.postgres}`)
    await page.setViewportSize({ width: 390, height: 844 })
    const pres = await page.evaluate(() =>
      [...document.querySelectorAll('.readme pre, .copyrow pre')].map((p: any) => ({
        whiteSpace: getComputedStyle(p).whiteSpace,
        scrolls: p.scrollWidth > p.clientWidth,
      })),
    )
    expect(pres.every((p) => p.whiteSpace === 'pre')).toBe(true)
    expect(pres.some((p) => p.scrolls)).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.close()
  }, 60_000)

  test('the operator table gives each column its room: no category breaks inside a word', async () => {
    const { page } = await browser.open('/admin')
    await page.fill('#token', OPERATOR)
    await page.click('button[type=submit]')
    await page.locator('table.queue').waitFor()
    const lines = await page.evaluate(() =>
      [...document.querySelectorAll('table.queue th:nth-child(2), table.queue tbody td:nth-child(2)')].map(
        (td: any) => {
          const range = document.createRange()
          range.selectNodeContents(td)
          return new Set([...range.getClientRects()].map((r: any) => Math.round(r.top))).size
        },
      ),
    )
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.every((n) => n === 1)).toBe(true)
    // The listing's text has the room: its column is the widest, the short ones are sized for their content.
    const widths = await page.evaluate(() =>
      [...document.querySelectorAll('table.queue thead th')].map((th: any) => th.getBoundingClientRect().width),
    )
    expect(widths[0]).toBeGreaterThan(Math.max(...widths.slice(1)))
    await page.close()
  }, 60_000)

  test('no page broke its Content-Security-Policy or threw', () => {
    expect(browser.violations).toEqual([])
  })
})
