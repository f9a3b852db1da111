import { describe, expect, test } from 'bun:test'
import { conflictsBody, type ImportConflict, type RegistryUpstream } from './conflicts-view'

const PAYLOAD = '<img src=x onerror="window.pwned=1">'

const conflict = (over: Partial<ImportConflict> = {}): ImportConflict => ({
  id: 7,
  origin: 'registry:https://evil.example',
  name: `io.github.mallory/${PAYLOAD}`,
  listingId: 'owned-server',
  reason: 'name',
  detail: `the name is held by owned-server (${PAYLOAD}, origin submission)`,
  state: 'open',
  entry: { description: `<script>alert(1)</script>`, repository: { url: `javascript:alert(2)//${PAYLOAD}` } },
  createdAt: '2026-11-26T20:01:02.000Z',
  updatedAt: '2026-11-26T20:01:02.000Z',
  resolvedAt: null,
  ...over,
})

const upstream: RegistryUpstream = {
  upstream: `https://evil.example/"><script>alert(3)</script>`,
  origin: `registry:https://evil.example/"><script>alert(3)</script>`,
  trustedOrigins: ['import'],
  syncedUpTo: null,
  lastSyncAt: '2026-11-26T20:00:00.000Z',
  lastError: `<b>boom</b>`,
  lastStop: 'repeated cursor <i>A</i>',
  lastStopAt: '2026-11-26T20:00:05.000Z',
}

const render = (conflicts: ImportConflict[], upstreams: RegistryUpstream[] = [upstream]) =>
  conflictsBody({ total: conflicts.length, conflicts, upstreams, csrf: 'tok', done: null, error: null }).value

describe('the conflicts page', () => {
  test("an entry's and an upstream's text is escaped: no element, attribute or link comes from it", () => {
    const page = render([conflict()])
    expect(page).not.toContain('<img')
    expect(page).not.toContain('<script')
    expect(page).not.toContain('<b>')
    expect(page).not.toContain('<i>')
    expect(page).not.toContain('href="javascript')
    expect(page).toContain('&lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;')
    expect(page).toContain('From the registry at evil.example')
  })

  test('each conflict: the listing it meets and why, when, and accept / dismiss with the form token', () => {
    const page = render([conflict()])
    expect(page).toContain('href="/servers/owned-server"')
    expect(page).toContain('holds the same name')
    expect(page).toContain('2026-11-26 20:01 UTC')
    expect(page).toContain('name="csrf" value="tok"')
    expect(page).toContain('value="accept"')
    expect(page).toContain('Accept as replacement')
    expect(page).toContain('value="dismiss"')
    // Past the new-listing cap there is no listing to replace: accepting makes a new one.
    const capped = render([conflict({ listingId: null, reason: 'new_listing_cap', detail: 'past the cap' })])
    expect(capped).toContain('Accept as a new listing')
    expect(capped).not.toContain('href="/servers/')
  })

  test('the upstreams: trust list, last stop and error; none yet says so', () => {
    const page = render([])
    expect(page).toContain('No open conflicts.')
    expect(page).toContain('repeated cursor &lt;i&gt;A&lt;/i&gt;')
    expect(page).toContain('Last error: &lt;b&gt;boom&lt;/b&gt;')
    expect(page).toContain('value="import"')
    expect(render([], [])).toContain('No upstream registry has been synced.')
    const many = conflictsBody({
      total: 450,
      conflicts: [conflict()],
      upstreams: [],
      csrf: 't',
      done: null,
      error: null,
    })
    expect(many.value).toContain('The newest 1 are shown')
    expect(render([], [{ ...upstream, trustedOrigins: [], lastStop: null }])).toContain('Trusts nobody')
  })
})
