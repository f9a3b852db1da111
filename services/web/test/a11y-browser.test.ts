// Every page type in a real browser, in light and dark: axe-core finds no serious or critical violation; search,
// copy and claim work from the keyboard alone; what each page costs to load (requests, bytes, no other origin);
// and the README's screenshots.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { OPERATOR } from './directory'
import { idOf, WITH_SETTINGS } from './fixtures'
import {
  type AxeProblem,
  pageTraffic,
  SCHEMES,
  screenshots,
  seriousViolations,
  startBrowser,
  type TestBrowser,
} from './browser-kit'
import { type RichDirectory, startRichDirectory, submitListing } from './rich-directory'

declare const document: any, navigator: any

let rich: RichDirectory
let browser: TestBrowser
/** The claim page of a pending listing on its own domain (DNS and website methods). */
let claimPath: string
let claimId: string
/** A listing whose install takes settings: its page has the settings form. */
let settingsId: string

/** Every page type, by name. */
const pageTypes = () => ({
  home: '/',
  search: '/?q=postgres',
  listing: `/servers/${rich.ids.postgres}`,
  'listing (with settings)': `/servers/${settingsId}`,
  'listing claim': `/servers/${rich.ids.postgres}/claim`,
  submit: '/submit',
  claim: claimPath,
  'claim (GitHub-hosted)': rich.hostedClaimPath,
  admin: '/admin',
  'admin conflicts': '/admin/conflicts',
  'status (listed)': '/status?url=https://github.com/acme/postgres-explorer',
  'status (unknown)': '/status?name=io.github.nobody/nothing-here',
  404: '/no-such-page',
})

beforeAll(async () => {
  rich = await startRichDirectory()
  await rich.dir.importEntries([WITH_SETTINGS])
  settingsId = await idOf(rich.dir.base, WITH_SETTINGS.name, 'postgres files')
  const own = await submitListing(rich.dir.base, 'keyboard-claimed-server', 'https://keyboard.example/mcp')
  claimId = own.id
  claimPath = new URL(own.claimUrl).pathname + new URL(own.claimUrl).search
  browser = await startBrowser(rich.dir.base)
  // The operator page is looked at signed in (its queue), as an operator sees it.
  const { page } = await browser.open('/admin')
  await page.fill('#token', OPERATOR)
  await page.click('button[type=submit]')
  await page.locator('table.queue').waitFor()
  await page.close()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await rich?.dir.stop()
})

describe('axe-core', () => {
  test('the check finds a violation when there is one', async () => {
    const { page } = await browser.open('/')
    await page.evaluate(() => {
      const input = document.createElement('input')
      input.type = 'text'
      document.querySelector('main').appendChild(input)
    })
    const ids = (await seriousViolations(page)).map((v) => v.id)
    expect(ids).toContain('label')
    await page.close()
  }, 60_000)

  for (const scheme of SCHEMES)
    test(`no serious or critical violation on any page type, ${scheme}`, async () => {
      const found: Record<string, AxeProblem[]> = {}
      for (const [name, path] of Object.entries(pageTypes())) {
        const { page } = await browser.open(path, scheme)
        found[name] = await seriousViolations(page)
        console.log(`axe ${scheme} ${name}: ${found[name].length} serious/critical`)
        await page.close()
      }
      const problems = Object.entries(found).filter(([, v]) => v.length)
      expect(problems).toEqual([])
    }, 120_000)
})

/** Presses Tab until the focused element matches `selector` (at most `max` times); false if it never does. */
async function tabTo(page: Page, selector: string, max = 60, key = 'Tab'): Promise<boolean> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key)
    if (await page.evaluate((s: string) => document.activeElement?.matches(s) ?? false, selector)) return true
  }
  return false
}

describe('keyboard only', () => {
  test('search, open a result and copy its config without a mouse', async () => {
    const { page } = await browser.open('/')
    expect(await tabTo(page, '#q')).toBe(true)
    await page.keyboard.type('postgres explorer')
    await page.keyboard.press('Enter')
    await page.waitForURL(/q=postgres\+explorer/)
    expect(await tabTo(page, `#results a[href="/servers/${rich.ids.postgres}"]`)).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForURL(`**/servers/${rich.ids.postgres}`)
    expect(await tabTo(page, 'button[data-copy="cfg-0"]')).toBe(true)
    await page.keyboard.press('Enter')
    await page.locator('button[data-copy="cfg-0"]', { hasText: 'Copied' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.locator('#cfg-0').innerText())
    // The client picker too: back to it, an arrow key picks the next client and the page shows its install.
    expect(await tabTo(page, '#client', 20, 'Shift+Tab')).toBe(true)
    await page.keyboard.press('ArrowDown')
    await page.waitForURL(/client=claude-code/)
    expect(await page.locator('.config.picked').getAttribute('data-client')).toBe('claude-code')
    await page.close()
  }, 60_000)

  test('claim: reach the verify button, send it, land on the result', async () => {
    const { page } = await browser.open(claimPath)
    const name = await page.locator('#dns-name-0').innerText()
    const value = await page.locator('#dns-value').innerText()
    expect(await tabTo(page, 'section[aria-labelledby="m-dns"] button[type=submit]')).toBe(true)
    await page.keyboard.press('Enter')
    await page.locator('#claim-result').waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('claim-result')
    expect(await page.locator('#claim-result h2').innerText()).toBe('Not verified yet')
    rich.dir.dns.setTxt(name, [value])
    expect(await tabTo(page, 'section[aria-labelledby="m-dns"] button[type=submit]')).toBe(true)
    await page.keyboard.press('Enter')
    await page.locator('#claim-result h2', { hasText: 'Verified' }).waitFor()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('claim-result')
    await page.close()
    expect((await fetch(`${rich.dir.base}/api/v1/servers/${claimId}`)).status).toBe(200)
  }, 60_000)
})

describe('what a page costs', () => {
  test('each page type: its requests and bytes on a first visit, none to another origin', async () => {
    for (const [name, path] of Object.entries(pageTypes())) {
      const t = await pageTraffic(browser, rich.dir.base, path)
      console.log(`${name}: ${t.requests} requests, ${(t.bytes / 1024).toFixed(1)} KiB transferred`)
      expect(t.foreign).toEqual([])
      expect(t.requests).toBeGreaterThan(0)
    }
  }, 120_000)
})

describe('screenshots', () => {
  test('home, listing, submit and claim at desktop and phone widths, light and dark', async () => {
    for (const [name, path] of Object.entries({
      home: '/',
      listing: `/servers/${rich.ids.postgres}`,
      submit: '/submit',
      claim: rich.hostedClaimPath,
    })) {
      const { page } = await browser.open(path)
      await screenshots(name, page)
      await page.close()
    }
  }, 120_000)

  test('no page broke its Content-Security-Policy or threw', () => {
    expect(browser.violations).toEqual([])
  })
})
