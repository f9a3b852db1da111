// The API reference page at /docs: its assets are ours (from swagger-ui-dist in the lockfile), under a CSP that
// allows only our own scripts; and in Debian's chromium, with every request to another origin blocked, it renders
// the reference of the whole API without a policy violation.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createMemoryStore } from '@mcp-directory/shared/kv'
import { createLogger } from '@mcp-directory/shared/log'
import { headlessChromium, testConfig } from '@mcp-directory/shared/testing'
import { chromium } from 'playwright-core'
import { createGatewayApp } from '../src/app'
import { DOCS_ASSET_PREFIX } from '../src/docs'

// Functions given to page.evaluate run in the browser; the project compiles without the DOM library.
declare const window: { inlineRan?: boolean }
declare const document: {
  createElement(tag: 'script'): { textContent: string }
  body: { appendChild(node: unknown): void }
}

const log = createLogger('test', 'silent')
let server: ReturnType<typeof Bun.serve>
let base: string
let gateway: ReturnType<typeof createGatewayApp>

beforeAll(() => {
  gateway = createGatewayApp({
    config: testConfig({ PUBLIC_BASE_URL: 'http://localhost:3000' }),
    log,
    kv: createMemoryStore(),
    operatorToken: 'docs-test-operator-token',
    upstreams: {},
  })
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: (r) => gateway.app.handle(r) })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(async () => {
  server?.stop(true)
  await gateway?.close()
})

/** The addresses a page's HTML points at: script and image sources, stylesheet and other links. */
const referencesOf = (html: string) => [...html.matchAll(/\b(?:src|href)\s*=\s*["']?([^"' >]+)/gi)].map((m) => m[1]!)

describe('/docs', () => {
  test('the page references nothing on another origin and carries a CSP allowing only our scripts', async () => {
    const res = await fetch(`${base}/docs`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|https?:|\*)/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    const html = await res.text()
    expect(html).not.toMatch(/https?:\/\/|\/\/[a-z0-9]|@latest|cdn/i)
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i) // no inline script
    const refs = referencesOf(html)
    expect(refs.length).toBeGreaterThanOrEqual(3)
    for (const ref of refs) expect(ref).toMatch(/^\/(?!\/)/)
    // A way back to the directory's pages, before the reference.
    expect(html).toMatch(/<nav aria-label="Directory"><p><a href="\/">[^<]*Back to the MCP Server Directory<\/a>/)
  })

  test('its script and stylesheet are served 200 with their types, at a path naming the package version', async () => {
    const html = await (await fetch(`${base}/docs`)).text()
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!)
    expect(scripts).toContain(`${DOCS_ASSET_PREFIX}/swagger-ui-bundle.js`)
    expect(DOCS_ASSET_PREFIX).toMatch(/^\/docs\/assets\/swagger-ui-dist@\d+\.\d+\.\d+$/)
    for (const src of scripts) {
      const res = await fetch(`${base}${src}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect(res.headers.get('cache-control')).toContain('immutable')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect((await res.text()).length).toBeGreaterThan(100)
    }
    const css = await fetch(`${base}${DOCS_ASSET_PREFIX}/swagger-ui.css`)
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toMatch(/^text\/css/)
  })

  test('nothing else of the package (or outside it) is served; the assets are not API operations', async () => {
    for (const file of [
      'package.json',
      'index.html',
      'swagger-initializer.js',
      '..%2Fpackage.json',
      '..%2F..%2F..%2Fpackage.json',
      'constructor',
      '__proto__',
    ]) {
      const res = await fetch(`${base}${DOCS_ASSET_PREFIX}/${file}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toMatchObject({ error: 'not_found', status: 404 })
    }
    expect((await fetch(`${base}/docs/assets/swagger-ui-dist@0.0.1/swagger-ui-bundle.js`)).status).toBe(404)
    const doc = (await (await fetch(`${base}/docs/json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/docs'))).toEqual([])
  })

  test('in chromium with the network blocked, the page renders the reference without a CSP violation', async () => {
    const launch = headlessChromium()
    const userDataDir = mkdtempSync(join(tmpdir(), 'docs-test-chromium-'))
    const context = await chromium.launchPersistentContext(userDataDir, {
      ...launch,
    })
    try {
      const outside: string[] = []
      const problems: string[] = []
      // Only our origin answers: anything else is recorded and aborted, as offline.
      await context.route('**/*', (route) => {
        const url = route.request().url()
        if (url.startsWith(`${base}/`) || url.startsWith('data:')) return route.continue()
        outside.push(url)
        return route.abort('internetdisconnected')
      })
      const page = await context.newPage()
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(m.text())
      })
      page.on('pageerror', (e) => problems.push(e.message))
      await page.goto(`${base}/docs`)
      await page
        .locator('.swagger-ui .info .title', { hasText: 'MCP Server Directory API' })
        .waitFor({ timeout: 30_000 })
      await page.locator('#operations-catalog-searchServers').waitFor({ timeout: 30_000 })
      expect(await page.locator('.opblock').count()).toBeGreaterThan(20)
      // An operation opened shows its parameters and responses, drawn under the same policy.
      await page.locator('#operations-catalog-searchServers .opblock-summary-control').click()
      await page
        .locator('#operations-catalog-searchServers .parameters', { hasText: 'category' })
        .waitFor({ timeout: 30_000 })
      await page.locator('#operations-catalog-searchServers .responses-table').first().waitFor({ timeout: 30_000 })
      expect(outside).toEqual([])
      expect(problems).toEqual([])
      // The control: an inline script is refused by the policy, and the refusal is seen.
      await page.evaluate(() => {
        const s = document.createElement('script')
        s.textContent = 'window.inlineRan = true'
        document.body.appendChild(s)
      })
      await Bun.sleep(200)
      expect(await page.evaluate(() => window.inlineRan === true)).toBe(false)
      expect(problems.some((p) => /Content Security Policy/i.test(p))).toBe(true)
    } finally {
      await context.close()
      rmSync(userDataDir, { recursive: true, force: true })
    }
  }, 90_000)
})
