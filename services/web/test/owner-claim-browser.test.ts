// Claiming an imported listing from its page, in Chromium with script turned off (plain forms only): an e-mail code,
// the DNS challenge, a failed verification that says where it looked, the TXT record on the loopback DNS server,
// then Verified and the Official mark. Each step's token is used once and revoked; none reaches a page or a log.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { agents, agentTokens, eq } from '@mcp-directory/shared/db'
import { headlessChromium } from '@mcp-directory/shared/testing'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { seriousViolations } from './browser-kit'
import { startDirectory, type TestDirectory } from './directory'
import { idOf } from './fixtures'

const ENTRY = {
  name: 'example.claimable/tools',
  title: 'Claimable Tools',
  description: 'Tools of a company that owns its domain',
  websiteUrl: 'https://claimable.example',
  remotes: [{ type: 'streamable-http', url: 'https://mcp.claimable.example/mcp' }],
  packages: [],
}
const OTHER = {
  ...ENTRY,
  name: 'example.second/tools',
  title: 'Second Tools',
  websiteUrl: 'https://second.example',
  remotes: [],
}
const EMAIL = 'owner@claimable.example'
const OTHER_EMAIL = 'owner@second.example'
const TOKEN_SHAPE = /mcpdir_[A-Za-z0-9]{8,}/

let dir: TestDirectory
let browser: Browser
let context: BrowserContext
/** A context with script, for axe-core (which runs as script in the page); the pages work the same in both. */
let scripted: BrowserContext
let id: string
let otherId: string
/** Every page the browser was sent, to check no token is ever in one. */
const pagesSeen: string[] = []

beforeAll(async () => {
  dir = await startDirectory()
  await dir.importEntries([ENTRY, OTHER])
  id = await idOf(dir.base, ENTRY.name, 'claimable tools')
  otherId = await idOf(dir.base, OTHER.name, 'second tools')
  browser = await chromium.launch(headlessChromium())
  context = await browser.newContext({ javaScriptEnabled: false })
  scripted = await browser.newContext()
  for (const c of [context, scripted])
    c.on('response', async (r) => {
      if ((r.headers()['content-type'] ?? '').startsWith('text/html')) pagesSeen.push(await r.text().catch(() => ''))
    })
}, 120_000)

afterAll(async () => {
  await context?.close()
  await scripted?.close()
  await browser?.close()
  await dir?.stop()
})

/** The code of the next mail to `email` after `after` mails. */
async function nextCode(email: string, after: number): Promise<string> {
  const until = Date.now() + 10_000
  for (;;) {
    const m = dir.sink.messages.slice(after).find((x) => x.to.includes(email))
    if (m) return m.raw.match(/confirmation code is (\d{6})/)![1]!
    if (Date.now() > until) throw new Error(`no mail for ${email}`)
    await Bun.sleep(20)
  }
}

/** Clicks a button that e-mails a code to `email`, then types the code and presses `submit`. */
async function withCode(page: Page, email: string, button: string, submit: string) {
  const before = dir.sink.messages.length
  await page.click(`button:has-text("${button}")`)
  await page.locator('#code').waitFor()
  await page.fill('#code', await nextCode(email, before))
  await page.click(`button:has-text("${submit}")`)
}

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([])
}

describe('claiming a listing from its page, without script', () => {
  test('e-mail code → DNS challenge → not yet → TXT record → verified and official', async () => {
    const page = await context.newPage()
    await page.goto(`${dir.base}/servers/${id}`)
    await page.click('a:has-text("Claim this server")')
    await page.waitForURL(`**/servers/${id}/claim`)
    await page.fill('#email', EMAIL)
    await withCode(page, EMAIL, 'E-mail me a code', 'Show what to publish')

    await page.locator('#dns-value').waitFor()
    const name = await page.locator('#dns-name-0').innerText()
    const value = await page.locator('#dns-value').innerText()
    expect(name).toBe('_mcp-directory.claimable.example')
    expect(value).toMatch(/^mcp-directory-claim=/)

    // Verifying before the record exists: a clear reason, naming where it looked, and the methods again.
    await withCode(page, EMAIL, 'Verify with DNS', 'Verify the DNS TXT record')
    await page.locator('#claim-result').waitFor()
    expect(await page.locator('#claim-result h2').innerText()).toBe('Not verified yet')
    expect(await page.locator('#claim-result').innerText()).toContain('_mcp-directory.claimable.example')
    expect(await page.locator('#dns-value').innerText()).toBe(value)

    dir.dns.setTxt(name, [value])
    await withCode(page, EMAIL, 'Verify with DNS', 'Verify the DNS TXT record')
    await page.locator('#claim-result h2', { hasText: 'Verified' }).waitFor()
    await page.click('#claim-result a')
    await page.waitForURL(`**/servers/${id}`)
    expect(await page.locator('.mark.official').first().getAttribute('data-mark')).toBe('official')
    // Claimed: the page offers no claim any more.
    expect(await page.locator('a:has-text("Claim this server")').count()).toBe(0)
    await page.close()

    // The listing is the agent's of that address; every token a step made is revoked, and none was shown or logged.
    const [agent] = await dir.database.db.select().from(agents).where(eq(agents.email, EMAIL))
    const tokens = await dir.database.db.select().from(agentTokens).where(eq(agentTokens.agentId, agent!.id))
    expect(tokens.length).toBe(3)
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true)
    const detail = (await (await fetch(`${dir.base}/api/v1/servers/${id}`)).json()) as {
      server: { isOfficial: boolean }
    }
    expect(detail.server.isOfficial).toBe(true)
    expect(pagesSeen.length).toBeGreaterThan(5)
    for (const html of pagesSeen) expect(html).not.toMatch(TOKEN_SHAPE)
    expect(dir.logs()).not.toMatch(TOKEN_SHAPE)
  }, 120_000)

  test('every step passes axe-core; a wrong code is refused on the page and another can be sent', async () => {
    const page = await scripted.newPage()
    await page.goto(`${dir.base}/servers/${otherId}/claim`)
    await expectAccessible(page)
    await page.fill('#email', OTHER_EMAIL)
    const before = dir.sink.messages.length
    await page.click('button:has-text("E-mail me a code")')
    await nextCode(OTHER_EMAIL, before)
    await expectAccessible(page)
    await page.fill('#code', '000000')
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.click('button:has-text("Show what to publish")'),
    ])
    expect(answer.status()).toBe(400)
    expect(await page.locator('[role=alert] h2').innerText()).toBe('That code did not work')
    await expectAccessible(page)
    await withCode(page, OTHER_EMAIL, 'Send another code', 'Show what to publish')
    await page.locator('#dns-value').waitFor()
    const name = await page.locator('#dns-name-0').innerText()
    expect(name).toBe('_mcp-directory.second.example')
    await expectAccessible(page)
    await withCode(page, OTHER_EMAIL, 'Verify with DNS', 'Verify the DNS TXT record')
    await page.locator('#claim-result h2', { hasText: 'Not verified yet' }).waitFor()
    await expectAccessible(page)
    dir.dns.setTxt(name, [await page.locator('#dns-value').innerText()])
    await withCode(page, OTHER_EMAIL, 'Verify with DNS', 'Verify the DNS TXT record')
    await page.locator('#claim-result h2', { hasText: 'Verified' }).waitFor()
    await expectAccessible(page)

    // Claimed: its claim page offers nothing more to do.
    await page.goto(`${dir.base}/servers/${otherId}/claim`)
    expect(await page.locator('#email').count()).toBe(0)
    expect(await page.locator('main').innerText()).toContain('claimed it already')
    await expectAccessible(page)
    await page.close()
  }, 120_000)

  test('a post another site made the browser send is refused, and no mail goes out', async () => {
    const before = dir.sink.messages.length
    const res = await fetch(`${dir.base}/servers/${id}/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ step: 'code', next: 'challenge', email: 'victim@claimable.example' }).toString(),
    })
    expect(res.status).toBe(403)
    await Bun.sleep(200)
    expect(dir.sink.messages.length).toBe(before)
  }, 60_000)
})
