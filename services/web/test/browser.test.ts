// The pages in a real browser (Debian's chromium driven by playwright-core) against the whole directory in this
// process: search → listing → copy a config; submit → claim with a DNS TXT record on the loopback DNS server →
// official and searchable; script payloads rendered inert.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { startBrowser, type TestBrowser } from './browser-kit'
import { HOSTILE, fixtureEntries, idOf, PAYLOAD_MARK, storeReadme, WITH_SETTINGS } from './fixtures'
import { startDirectory, type TestDirectory } from './directory'

// Functions given to page.evaluate run in the browser; the project compiles without the DOM library.
declare const window: any, document: any, navigator: any
type HTMLInputElement = { labels: unknown[] | null }

let dir: TestDirectory
let browser: TestBrowser
let pgId: string
let hostileId: string
let settingsId: string

beforeAll(async () => {
  dir = await startDirectory()
  await dir.importEntries(fixtureEntries())
  pgId = await idOf(dir.base, 'io.github.acme/postgres-explorer', 'postgres explorer')
  hostileId = await idOf(dir.base, HOSTILE.name, 'xss demo')
  await dir.importEntries([WITH_SETTINGS])
  settingsId = await idOf(dir.base, WITH_SETTINGS.name, 'postgres files')
  await storeReadme(dir.catalog, hostileId, HOSTILE.readme)
  await storeReadme(
    dir.catalog,
    pgId,
    '# Postgres Explorer\n\nBrowse schemas, run read-only queries and explain plans.\n\n## Setup\n\n```sh\nnpx -y @acme/postgres-explorer\n```\n',
  )
  browser = await startBrowser(dir.base)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await dir?.stop()
})

const open = (path: string) => browser.open(path)

/** Every form control has an accessible name (a label, or aria-label). */
async function expectLabelled(page: Page) {
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]
      .filter((el) => !((el as HTMLInputElement).labels?.length || el.getAttribute('aria-label')))
      .map((el) => el.outerHTML),
  )
  expect(unlabelled).toEqual([])
}

describe('in a browser', () => {
  test('search → open a listing → copy a config: the clipboard has it and the installs count goes up', async () => {
    const { page } = await open('/')
    await expectLabelled(page)
    expect(await page.locator('h1').count()).toBe(1)
    // Keyboard: the first stop is the skip link, which leads to the content; the search box comes next.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip')
    await page.keyboard.press('Enter')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('q')
    // Live search: typing swaps in the server-rendered results without a page load.
    await page.fill('#q', 'postgres explorer')
    await page.locator('#results-heading', { hasText: 'for “postgres explorer”' }).waitFor({ timeout: 10_000 })
    expect(page.url()).toContain('q=postgres+explorer')
    expect(await page.locator('#results li.card').count()).toBeLessThan(20)
    const link = page.locator(`#results a[href="/servers/${pgId}"]`)
    await link.click()
    await page.waitForURL(`**/servers/${pgId}`)
    expect(await page.locator('h1').innerText()).toContain('postgres-explorer')
    expect(await page.locator('#installs-count').innerText()).toBe('0')

    const button = page.locator('button[data-copy="cfg-0"]')
    await button.click()
    await page.locator('button[data-copy="cfg-0"]', { hasText: 'Copied' }).waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await page.locator('#cfg-0').innerText())
    expect(copied).toContain('"mcpServers"')
    await page.locator('#installs-count', { hasText: '1' }).waitFor()
    // The count is the catalog's, written in its batch: a reload shows it.
    await dir.catalog.flush()
    await page.reload()
    expect(await page.locator('#installs-count').innerText()).toBe('1')
    await page.close()
  }, 60_000)

  test('submit → claim link → DNS TXT record → verify: the listing is official, published and found by search', async () => {
    const { page } = await open('/submit')
    await expectLabelled(page)
    // First a mistake: what to fix appears by each field.
    await page.fill('#name', 'example-claimed-server')
    await page.fill('#url', 'example.com/mcp')
    await page.click('button[type=submit]')
    await page.locator('#url-error').waitFor()
    expect(await page.locator('#url-error').innerText()).toContain('starting with https://')
    expect(await page.locator('#description-error').innerText()).toContain('what the server does')
    expect(await page.inputValue('#name')).toBe('example-claimed-server')
    // The error summary takes the focus, and links to each field.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('form-errors')
    expect(await page.locator('#form-errors a[href="#url"]').count()).toBe(1)

    await page.fill('#url', 'https://example.com/mcp')
    await page.fill('#description', 'A server proved by its DNS record')
    await page.selectOption('#category', 'databases')
    await page.fill('#email', 'owner@example.com')
    await page.click('button[type=submit]')
    await page.locator('h1', { hasText: 'Submitted' }).waitFor()
    const claimHref = await page.locator('a.button', { hasText: 'Open the claim page' }).getAttribute('href')
    expect(claimHref).toMatch(/\/claim\/example-claimed-server\?token=/)
    const id = 'example-claimed-server'
    // Pending: not yet a public page.
    expect((await fetch(`${dir.base}/api/v1/servers/${id}`)).status).toBe(404)

    await page.click('a.button')
    await page.waitForURL('**/claim/**')
    expect(await page.evaluate(() => document.referrer)).toBe('')
    await page.locator('#dns-value').waitFor()
    const name = await page.locator('#dns-name-0').innerText()
    const value = await page.locator('#dns-value').innerText()
    expect(name).toBe('_mcp-directory.example.com')
    expect(value).toMatch(/^mcp-directory-claim=/)

    // Verifying before the record exists: a clear reason, naming where it looked.
    await page.click('button:has-text("Verify with DNS")')
    await page.locator('#claim-result').waitFor()
    expect(await page.locator('#claim-result h2').innerText()).toBe('Not verified yet')
    expect(await page.locator('#claim-result').innerText()).toContain('_mcp-directory.example.com')

    dir.dns.setTxt(name, [value])
    await page.click('button:has-text("Verify with DNS")')
    await page.locator('#claim-result h2', { hasText: 'Verified' }).waitFor()
    await page.click('#claim-result a')
    await page.waitForURL(`**/servers/${id}`)
    expect(await page.locator('.mark.official').first().getAttribute('data-mark')).toBe('official')

    await page.goto(`${dir.base}/?q=${encodeURIComponent('example claimed server')}`)
    const card = page.locator(`#results li.card:has(a[href="/servers/${id}"])`)
    await card.waitFor()
    expect(await card.locator('.mark[data-mark="official"]').count()).toBe(1)
    // The DNS claim proved its publisher too: the card's line and its Verified publisher mark say so.
    expect(await card.locator('.byline').innerText()).toContain('verified by a DNS claim here')
    expect(await card.locator('.mark[data-mark="publisher"]').count()).toBe(1)
    await page.close()
    // The claim secret went through the gateway, the web service and the claim-verifier, and into no log line.
    const secret = new URL(claimHref!, dir.base).searchParams.get('token')!
    expect(secret.length).toBeGreaterThan(20)
    expect(dir.logs()).toContain('request')
    expect(dir.logs()).not.toContain(secret)
  }, 60_000)

  test('a listing whose name, title, description and README carry script payloads renders them inert', async () => {
    const { page, dialogs } = await open(`/servers/${hostileId}`)
    await page.waitForLoadState('load')
    // Give any injected handler (onerror of a broken image, onload) its chance to run.
    await page.waitForTimeout(500)
    await page.hover('.readme').catch(() => {})
    const state = await page.evaluate(
      (mark) => ({
        ran: (window as unknown as Record<string, unknown>)[mark] ?? null,
        scripts: [...document.scripts].map((s) => s.getAttribute('src')),
        handlers: [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName}[${a.name}]`),
        ),
        injected: document.querySelectorAll(
          '#injected-img, #injected-link, #injected-frame, #injected-div, iframe, object, embed, main style, .readme script, svg',
        ).length,
        jsLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
          /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
        ).length,
      }),
      PAYLOAD_MARK,
    )
    expect(dialogs).toEqual([])
    expect(state.ran).toBeNull()
    expect(state.scripts.length).toBe(1)
    expect(state.scripts[0]).toMatch(/^\/assets\/app\.[0-9a-f]{12}\.js$/)
    expect(state.handlers).toEqual([])
    expect(state.injected).toBe(0)
    expect(state.jsLinks).toBe(0)
    // The text is shown as text.
    expect(await page.locator('h1').innerText()).toContain('<script>')
    expect(await page.locator('.lead').innerText()).toContain('<svg onload=')

    // The same payloads as a search query.
    const search = await open(`/?q=${encodeURIComponent(`<img src=x onerror="window.${PAYLOAD_MARK}=9">`)}`)
    await search.page.waitForTimeout(300)
    expect(search.dialogs).toEqual([])
    expect(
      await search.page.evaluate((mark) => (window as unknown as Record<string, unknown>)[mark] ?? null, PAYLOAD_MARK),
    ).toBeNull()
    await search.page.close()
    await page.close()
  }, 60_000)

  test('the settings form: a value typed in is in every config and command, escaped; Copy copies it; clearing restores', async () => {
    const { page } = await open(`/servers/${settingsId}`)
    const form = page.locator('#settings-form')
    await form.waitFor()
    await expectLabelled(page)
    // [hidden] wins over a rule that gives an element a display (button{display:inline-block}).
    expect(
      await page.evaluate(() => {
        const b = document.querySelector('button[data-copy]')
        b.hidden = true
        const display = window.getComputedStyle(b).display
        b.hidden = false
        return display
      }),
    ).toBe('none')
    const text = (selector: string) => page.evaluate((s: string) => document.querySelector(s).textContent, selector)
    const block = (client: string, format: string) => `.config[data-client="${client}"] pre[data-format="${format}"]`
    const original = await text('#cfg-0')
    expect(original).toContain('"DATABASE_URI": "<DATABASE_URI>"')
    expect(await page.evaluate(() => document.querySelector('.install-links').hidden)).toBe(false)

    // A value with a quote, a double quote and a backslash, and a folder with a space and a quote.
    const uri = `postgres://me:it's"x\\y@db.example/app`
    const folder = "/home/me/My Data's"
    await page.fill('input[data-variable="DATABASE_URI"]', uri)
    await page.fill('input[data-variable="allowed-folder"]', folder)
    await page.click('#settings-form details summary')
    await page.selectOption('select[data-variable="LOG_LEVEL"]', 'debug')
    await page.click('button[data-copy="cfg-0"]')
    await page.locator('button[data-copy="cfg-0"]', { hasText: 'Copied' }).waitFor()
    const copied = await page.evaluate(() => navigator.clipboard.readText())
    expect(copied).toBe(await text('#cfg-0'))
    expect(copied).not.toContain('<DATABASE_URI>')
    expect(copied).not.toContain('<allowed-folder>')
    const entry = (config: any) => Object.values(config.mcpServers ?? config.servers)[0] as any
    const desktop = entry(JSON.parse(copied))
    expect(desktop.env).toEqual({ DATABASE_URI: uri, LOG_LEVEL: 'debug' })
    expect(desktop.args.at(-1)).toBe(folder)

    // VS Code: the value in place of ${input:…}, the input it no longer asks for gone.
    const vs = JSON.parse(await text(block('vs-code', 'json')))
    expect(entry(vs).env.DATABASE_URI).toBe(uri)
    expect(vs.inputs).toBeUndefined()
    // Codex's TOML, parsed by a TOML reader.
    const codex = Bun.TOML.parse(await text(block('codex', 'toml'))) as any
    const codexEntry = Object.values(codex.mcp_servers)[0] as any
    expect(codexEntry.env).toEqual({ DATABASE_URI: uri, LOG_LEVEL: 'debug' })
    expect(codexEntry.args.at(-1)).toBe(folder)
    // The commands, as a POSIX shell reads them: Claude Code's JSON word and the cli's -e words.
    const words = (command: string) => {
      const run = Bun.spawnSync(['sh', '-c', `printf '%s\\0' ${command}`])
      expect(run.exitCode).toBe(0)
      return run.stdout.toString().split('\0').slice(0, -1)
    }
    const addJson = words(await text(block('claude-code', 'shell')))
    expect(addJson.slice(0, 3)).toEqual(['claude', 'mcp', 'add-json'])
    const claudeEntry = JSON.parse(addJson.at(-1)!)
    expect(claudeEntry.env).toEqual({ DATABASE_URI: uri, LOG_LEVEL: 'debug' })
    expect(claudeEntry.args.at(-1)).toBe(folder)
    const cli = words(await text('.config[data-client="cli"] pre[data-format="shell"]'))
    expect(cli).toContain(`DATABASE_URI=${uri}`)
    expect(cli).toContain('LOG_LEVEL=debug')
    expect(cli.at(-1)).toBe(folder)
    // The install links carry the config without the values: hidden, and the line says why.
    expect(await page.evaluate(() => [...document.querySelectorAll('.install-links')].every((l) => l.hidden))).toBe(
      true,
    )
    expect(await page.evaluate(() => document.querySelector('.links-off').hidden)).toBe(false)

    // Cleared: the placeholders are back, and the links.
    await page.fill('input[data-variable="DATABASE_URI"]', '')
    await page.fill('input[data-variable="allowed-folder"]', '')
    await page.selectOption('select[data-variable="LOG_LEVEL"]', '')
    expect(await text('#cfg-0')).toBe(original)
    await page.click('button[data-copy="cfg-0"]')
    await page.waitForFunction((o: string) => navigator.clipboard.readText().then((t: string) => t === o), original)
    expect(await page.evaluate(() => document.querySelector('.install-links').hidden)).toBe(false)
    // Nothing was sent: the form has no action and Enter in a field leaves the page where it is.
    await page.fill('input[data-variable="DATABASE_URI"]', 'postgres://db/app')
    await page.press('input[data-variable="DATABASE_URI"]', 'Enter')
    expect(page.url()).toBe(`${dir.base}/servers/${settingsId}`)
    await page.close()
  }, 60_000)

  test('no page broke its Content-Security-Policy or threw', () => {
    expect(browser.violations).toEqual([])
  })
})
