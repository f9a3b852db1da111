// Provenance on the pages, in a real browser: a listing page names its origin in words and marks demo data; the
// operator's conflicts page lists the conflicts a real import through the operator API kept (hostile text inert),
// dismisses and accepts them, shows the followed upstream with its trust list and last stop and sets its trust,
// refuses forms without the session's token or from another site, and has no serious axe finding in light or dark.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { OPERATOR } from './directory'
import { SCHEMES, seriousViolations, startBrowser, type TestBrowser, VIEWPORTS } from './browser-kit'
import { idOf, PAYLOAD_MARK } from './fixtures'
import { type RichDirectory, startRichDirectory } from './rich-directory'

declare const window: any, document: any

const FROM_REGISTRY = 'io.github.upstreamco/registry-only'
const DEMO = 'io.github.sample/demo-notes'
const HOSTILE_ENTRY = `io.github.mallory/twin<img src=x onerror="window.${PAYLOAD_MARK}=11">`

let rich: RichDirectory
let browser: TestBrowser
let upstream: ReturnType<typeof Bun.serve>
let upstreamUrl: string
const ids: Record<string, string> = {}

/** The registry stand-in: one page of one entry, as the official registry's read API serves it. */
function startUpstream() {
  const server = {
    name: FROM_REGISTRY,
    description: 'Served by the upstream registry',
    version: '1.0.0',
    repository: { url: 'https://github.com/upstreamco/registry-only', source: 'github' },
    packages: [
      { registryType: 'npm', identifier: '@upstreamco/registry-only', version: '1.0.0', transport: { type: 'stdio' } },
    ],
  }
  const meta = {
    status: 'active',
    isLatest: true,
    publishedAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
  }
  return Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: () =>
      Response.json({
        servers: [{ server, _meta: { 'io.modelcontextprotocol.registry/official': meta } }],
        metadata: {},
      }),
  })
}

/** The id of a listing once search knows it (the index follows the listing events). */
async function idWhenListed(name: string, q: string): Promise<string> {
  for (let i = 0; ; i++) {
    try {
      return await idOf(rich.dir.base, name, q)
    } catch (err) {
      if (i >= 50) throw err
      await Bun.sleep(100)
    }
  }
}

const operatorApi = async (path: string) =>
  (await (await fetch(rich.dir.base + path, { headers: { authorization: `Bearer ${OPERATOR}` } })).json()) as any

beforeAll(async () => {
  rich = await startRichDirectory()
  upstream = startUpstream()
  upstreamUrl = `http://127.0.0.1:${upstream.port}`
  const synced = await rich.dir.catalog.syncFromRegistry(upstreamUrl)
  expect(synced.created).toBe(1)
  ids.registry = await idWhenListed(FROM_REGISTRY, 'registry only')
  // The operator's file import meets three listings of other origins: each entry is kept as a conflict.
  const summary = (await rich.dir.importEntries([
    { name: FROM_REGISTRY, description: 'The operator file says otherwise', version: '2.0.0' },
    { name: 'example-claimed-server', description: 'Wants the claimed name', version: '1.0.0' },
    {
      name: HOSTILE_ENTRY,
      description: `<script>window.${PAYLOAD_MARK}=12</script>`,
      version: '1.0.0',
      repository: { url: 'https://github.com/someone/hosted-on-github', source: 'github' },
    },
  ])) as unknown as { conflicts: unknown[] }
  expect(summary.conflicts.length).toBe(3)
  // Demo data, loaded after the real import (the next real import removes it).
  await rich.dir.catalog.importDocument(
    [{ name: DEMO, description: 'A sample notes server of the demo catalog', version: '1.0.0' }],
    undefined,
    { origin: 'demo' },
  )
  await rich.dir.catalog.flush()
  ids.demo = await idWhenListed(DEMO, 'demo notes')
  browser = await startBrowser(rich.dir.base)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  upstream?.stop(true)
  await rich?.dir.stop()
})

/** Signs the browser in as the operator and opens the conflicts page. */
async function conflictsPage(): Promise<Page> {
  const { page } = await browser.open('/admin')
  if (await page.locator('#token').count()) {
    await page.fill('#token', OPERATOR)
    await page.click('button[type=submit]')
    await page.locator('table.queue').first().waitFor()
  }
  await page.goto(`${rich.dir.base}/admin/conflicts`)
  return page
}

/** The row of the conflict whose entry is named `name`. */
const rowOf = (page: Page, name: string) =>
  page.locator('tr[data-conflict]', { has: page.getByText(name, { exact: true }) })

describe('the listing page says where a listing came from', () => {
  const originOf = async (id: string) => {
    const { page } = await browser.open(`/servers/${id}`)
    const text = await page.locator('#origin').innerText()
    const banner = await page.locator('#demo-banner').count()
    await page.close()
    return { text, banner }
  }

  test('imported, synced from a registry, submitted: in words, no demo banner', async () => {
    expect(await originOf(rich.ids.postgres)).toEqual({ text: 'Imported by the operator', banner: 0 })
    expect(await originOf(ids.registry!)).toEqual({
      text: `From the registry at 127.0.0.1:${upstream.port}`,
      banner: 0,
    })
    expect(await originOf(rich.ids.claimed)).toEqual({ text: 'Submitted', banner: 0 })
  }, 60_000)

  test('demo data: the fact and a banner in the summary; no serious axe finding in light or dark', async () => {
    for (const scheme of SCHEMES) {
      const { page } = await browser.open(`/servers/${ids.demo}`, scheme)
      expect(await page.locator('#origin').innerText()).toBe('Demo data — not a real listing')
      const banner = page.locator('.summary #demo-banner')
      expect(await banner.innerText()).toContain('Demo data — not a real listing')
      expect(await seriousViolations(page)).toEqual([])
      await page.close()
    }
  }, 60_000)

  test('the verified publisher mark in the summary carries its evidence in the tooltip', async () => {
    const { page } = await browser.open(`/servers/${rich.ids.postgres}`)
    const mark = page.locator('.summary [data-mark="publisher"]')
    expect(await mark.innerText()).toContain('Verified publisher')
    const detail = (await (await fetch(`${rich.dir.base}/api/v1/servers/${rich.ids.postgres}`)).json()) as any
    expect(detail.server.publisherVerified).toBe(true)
    expect(await mark.getAttribute('title')).toContain(detail.server.publisherEvidence)
    await page.close()
  }, 60_000)
})

describe('the operator conflicts page', () => {
  test('lists each conflict the import kept, with the listing it meets and why; hostile text stays text', async () => {
    const page = await conflictsPage()
    expect(await page.locator('h2#conflicts-heading').innerText()).toBe('3 open')
    const registry = rowOf(page, FROM_REGISTRY)
    expect(await registry.locator('td').nth(0).innerText()).toContain('Imported by the operator')
    expect(await registry.locator(`a[href="/servers/${ids.registry}"]`).count()).toBe(1)
    expect(await registry.locator('td').nth(1).innerText()).toContain('holds the same name')
    expect(await rowOf(page, 'example-claimed-server').locator('td').nth(1).innerText()).toContain(rich.ids.claimed)
    expect(await rowOf(page, HOSTILE_ENTRY).locator('td').nth(1).innerText()).toContain('lists the same repository')
    expect(await page.locator('#injected-img, main img').count()).toBe(0)
    expect(await page.evaluate(() => window.pwned)).toBeUndefined()
    // The upstream the directory synced, its trust list (nobody) and how its last sync ended.
    const up = page.locator(`tr[data-upstream="${upstreamUrl}"]`)
    expect(await up.innerText()).toContain('Trusts nobody')
    expect(await up.innerText()).toContain('Ran to its end')
    await page.close()
  }, 60_000)

  for (const scheme of SCHEMES)
    test(`no serious or critical axe finding, ${scheme}`, async () => {
      const page = await conflictsPage()
      await page.emulateMedia({ colorScheme: scheme })
      expect(await seriousViolations(page)).toEqual([])
      await page.close()
    }, 60_000)

  test('on a phone the rows stack and nothing is wider than the screen', async () => {
    const page = await conflictsPage()
    await page.setViewportSize(VIEWPORTS.phone)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width)
    await page.close()
  }, 60_000)

  test('a form without the session token, or sent from another site, changes nothing', async () => {
    const page = await conflictsPage()
    const csrf = await page.locator('input[name=csrf]').first().getAttribute('value')
    const id = await rowOf(page, 'example-claimed-server').getAttribute('data-conflict')
    const cookie = (await browser.context.cookies(`${rich.dir.base}/admin`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ')
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${rich.dir.base}/admin/conflicts/resolve`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
        body: new URLSearchParams(fields).toString(),
      })
    expect((await post({ id: id!, action: 'dismiss' })).status).toBe(403)
    expect((await post({ id: id!, action: 'dismiss', csrf: 'forged' })).status).toBe(403)
    expect((await post({ id: id!, action: 'dismiss', csrf: csrf! }, { 'sec-fetch-site': 'cross-site' })).status).toBe(
      403,
    )
    // Without the session cookie: to the sign-in page.
    const signedOut = await fetch(`${rich.dir.base}/admin/conflicts`, { redirect: 'manual' })
    expect(signedOut.status).toBe(303)
    expect((await operatorApi('/api/v1/admin/import-conflicts?state=open')).total).toBe(3)
    await page.close()
  }, 60_000)

  test('dismiss: the conflict leaves the list and the claimed listing stays as it was', async () => {
    const page = await conflictsPage()
    await rowOf(page, 'example-claimed-server')
      .getByRole('button', { name: /^Dismiss/ })
      .click()
    await page.locator('.notice.ok', { hasText: 'dismissed' }).waitFor()
    expect(await rowOf(page, 'example-claimed-server').count()).toBe(0)
    expect(await page.locator('h2#conflicts-heading').innerText()).toBe('2 open')
    const dismissed = await operatorApi('/api/v1/admin/import-conflicts?state=dismissed')
    expect(dismissed.conflicts.map((c: any) => c.name)).toEqual(['example-claimed-server'])
    const claimed = (await (await fetch(`${rich.dir.base}/api/v1/servers/${rich.ids.claimed}`)).json()) as any
    expect(claimed.server.origin).toBe('submission')
    await page.close()
  }, 60_000)

  test('accept: the entry replaces the listing it met, as the import origin', async () => {
    const page = await conflictsPage()
    await rowOf(page, FROM_REGISTRY)
      .getByRole('button', { name: /^Accept as replacement/ })
      .click()
    await page.locator('.notice.ok', { hasText: 'accepted' }).waitFor()
    expect(await page.locator('.notice.ok').innerText()).toContain(ids.registry!)
    expect(await rowOf(page, FROM_REGISTRY).count()).toBe(0)
    const detail = (await (await fetch(`${rich.dir.base}/api/v1/servers/${ids.registry}`)).json()) as any
    expect(detail.server.origin).toBe('import')
    expect(detail.server.description).toBe('The operator file says otherwise')
    const { page: listing } = await browser.open(`/servers/${ids.registry}`)
    expect(await listing.locator('#origin').innerText()).toBe('Imported by the operator')
    await listing.close()
    await page.close()
  }, 60_000)

  test("the upstream's trust: saved from its form; a submitted origin is refused with the API's reason", async () => {
    const page = await conflictsPage()
    const up = page.locator(`tr[data-upstream="${upstreamUrl}"]`)
    await up.getByLabel('Origins it may replace').fill('submission')
    await up.getByRole('button', { name: 'Save trust' }).click()
    await page.locator('.notice.bad', { hasText: 'never submitted, published or demo' }).waitFor()
    await page.locator(`tr[data-upstream="${upstreamUrl}"]`).getByLabel('Origins it may replace').fill('import')
    await page.locator(`tr[data-upstream="${upstreamUrl}"]`).getByRole('button', { name: 'Save trust' }).click()
    await page.locator('.notice.ok', { hasText: 'trust list was saved' }).waitFor()
    expect(await page.locator(`tr[data-upstream="${upstreamUrl}"] .trusts`).innerText()).toBe('import')
    const list = await operatorApi('/api/v1/admin/registry-upstreams')
    expect(list.upstreams.find((u: any) => u.upstream === upstreamUrl).trustedOrigins).toEqual(['import'])
    await page.close()
  }, 60_000)

  test('no page broke its Content-Security-Policy or threw', () => {
    expect(browser.violations).toEqual([])
  })
})
