// Multi-tenant hosts: judged by registrable domain (Public Suffix List through tldts), case and trailing dots ignored.
import { describe, expect, test } from 'bun:test'
import { hostStanding, normalizeHost, registrableDomainsOf } from '../src/hosts'

describe('hostStanding', () => {
  test('code, package and hosting sites are shared, whatever the subdomain, case or trailing dot', () => {
    const shared = [
      'github.com',
      'github.com.',
      'GitHub.COM',
      'gist.github.com',
      'docs.github.com',
      'raw.githubusercontent.com',
      'gitlab.com',
      'bitbucket.org',
      'codeberg.org',
      'huggingface.co',
      'www.npmjs.com',
      'registry.npmjs.org',
      'pypi.org',
      'smithery.ai',
      'glama.ai',
      'sites.google.com',
    ]
    for (const h of shared) expect(hostStanding(h).sharedReason).toContain('is a shared host')
  })
  test("a bare public suffix is no one's site", () => {
    for (const h of ['github.io', 'vercel.app', 'co.uk', 'localhost'])
      expect(hostStanding(h).sharedReason).not.toBeNull()
  })
  test("a tenant name under a private PSL entry is its own site, but its DNS is the platform's", () => {
    for (const h of ['alice.github.io', 'tool.vercel.app', 'tool.netlify.app', 'tool.pages.dev']) {
      const s = hostStanding(h)
      expect(s).toMatchObject({ sharedReason: null, registrableDomain: h })
      expect(s.dnsReason).toContain('whose DNS the hosting platform runs')
    }
  })
  test("an owner's own domain counts for pages and DNS; an IP address for pages only", () => {
    expect(hostStanding('Docs.Owner.Example.')).toEqual({
      host: 'docs.owner.example',
      isIp: false,
      registrableDomain: 'owner.example',
      sharedReason: null,
      dnsReason: null,
    })
    expect(hostStanding('mcp.acme.co.uk').registrableDomain).toBe('acme.co.uk')
    expect(hostStanding('203.0.113.7')).toMatchObject({
      isIp: true,
      sharedReason: null,
      dnsReason: expect.stringContaining('IP address'),
    })
  })
  test("extra shared domains (the directory's own) count as shared", () => {
    expect(hostStanding('www.dir.example', registrableDomainsOf('https://dir.example')).sharedReason).toContain(
      'dir.example',
    )
    expect(registrableDomainsOf('http://127.0.0.1:3000')).toEqual([])
    expect(normalizeHost(' [::1] ')).toBe('::1')
  })
})
