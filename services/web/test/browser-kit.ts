// What the browser tests share: Debian's chromium driven by playwright-core, a tab that records Content-Security-
// Policy violations and page errors, axe-core run inside the page, the page's traffic, and the README's screenshots.
import { expect } from 'bun:test'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { headlessChromium } from '@mcp-directory/shared/testing'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

// Functions given to page.evaluate run in the browser; the project compiles without the DOM library.
declare const window: any, document: any

// The README's screenshots are rewritten only when asked (UPDATE_SCREENSHOTS=1), so a test run leaves the tree clean;
// otherwise they are taken into a temporary folder, which still renders each page at both widths.
const SCREENSHOTS =
  process.env.UPDATE_SCREENSHOTS === '1'
    ? new URL('../../../docs/screenshots/', import.meta.url).pathname
    : `${mkdtempSync(join(tmpdir(), 'screenshots-'))}/`
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const
export const SCHEMES = ['light', 'dark'] as const
export type Scheme = (typeof SCHEMES)[number]

// axe-core's browser build, evaluated in the page by the test driver (not a <script> of the page, so the page's own
// Content-Security-Policy stays as it is).
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A browser for one test file, on `base`. */
export async function startBrowser(base: string) {
  const launch = headlessChromium()
  const userDataDir = mkdtempSync(join(tmpdir(), 'web-test-chromium-'))
  const context: BrowserContext = await chromium.launchPersistentContext(userDataDir, {
    ...launch,
    viewport: VIEWPORTS.desktop,
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base })
  mkdirSync(SCREENSHOTS, { recursive: true })
  /** Content-Security-Policy reports and page errors seen by any page (must stay empty). */
  const violations: string[] = []

  /** A new tab that records CSP violations, page errors and dialogs, opened at `path`. */
  async function open(path: string, scheme: Scheme = 'light'): Promise<{ page: Page; dialogs: string[] }> {
    const page = await context.newPage()
    await page.emulateMedia({ colorScheme: scheme })
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.dismiss()
    })
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()))
        violations.push(`${path}: ${m.text()}`)
    })
    page.on('pageerror', (e) => violations.push(`${path}: ${e.message}`))
    await page.goto(base + path)
    return { page, dialogs }
  }

  return {
    context,
    violations,
    open,
    close: async () => {
      await context.close()
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

export type TestBrowser = Awaited<ReturnType<typeof startBrowser>>

/**
 * Saves screenshots of the page at both widths in both colour schemes (`<name>-<width>.png` in light,
 * `<name>-<width>-dark.png` in dark), and checks nothing overflows the phone's width.
 */
export async function screenshots(name: string, page: Page) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const [kind, size] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(size)
      await page.evaluate(() => window.scrollTo(0, 0))
      if (kind === 'phone')
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
      await page.screenshot({ path: `${SCREENSHOTS}${name}-${kind}${scheme === 'dark' ? '-dark' : ''}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.setViewportSize(VIEWPORTS.desktop)
}

/** One axe-core violation as the test prints it. */
export interface AxeProblem {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

/** Runs axe-core (WCAG 2 A/AA and best practices) in the page; the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<AxeProblem[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE)
  const result = (await page.evaluate(() =>
    window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    }),
  )) as { violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }))
}

/** What loading a page cost: its requests, the bytes that came over the wire, and any other origin asked. */
export async function pageTraffic(browser: TestBrowser, base: string, path: string) {
  const page = await browser.context.newPage()
  const requests: string[] = []
  let bytes = 0
  page.on('request', (r) => {
    requests.push(r.url())
  })
  page.on('requestfinished', async (r) => {
    const sizes = await r.sizes().catch(() => null)
    if (sizes) bytes += sizes.responseBodySize + sizes.responseHeadersSize
  })
  // A first visit: nothing in the cache.
  const cdp = await browser.context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await page.goto(base + path, { waitUntil: 'networkidle' })
  await page.waitForTimeout(100)
  await page.close()
  const origin = new URL(base).origin
  const foreign = requests.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin)
  return { requests: requests.length, bytes, foreign }
}
