import { ownershipOf } from '../claims/service'
import { describe, expect, test } from 'bun:test'
import { namespaceOf, publisherOf } from './publisher'

const repo = (url: string | null) => ({ repositoryUrl: url, websiteUrl: null, isOfficial: false, origin: 'import' })

describe('namespaces as the official registry rules them', () => {
  test('reads io.github.<owner>, com.github.<owner> and reverse-DNS namespaces', () => {
    expect(namespaceOf('io.github.Acme/x')).toEqual({ kind: 'github', namespace: 'io.github.Acme', owner: 'acme' })
    expect(namespaceOf('com.github.acme/x')).toMatchObject({ kind: 'github', owner: 'acme' })
    expect(namespaceOf('com.example.mcp/x')).toMatchObject({ kind: 'domain', domain: 'mcp.example.com' })
    expect(namespaceOf('short-name')).toEqual({ kind: 'none' })
    expect(namespaceOf('@scope/pkg')).toEqual({ kind: 'none' })
  })

  test('a github namespace is proven only by a repository of that owner on github.com', () => {
    expect(publisherOf({ name: 'io.github.acme/x', ...repo('https://github.com/ACME/x.git') }).publisherVerified).toBe(
      true,
    )
    expect(publisherOf({ name: 'io.github.acme/x', ...repo('https://github.com/acme-evil/x') }).publisherVerified).toBe(
      false,
    )
    expect(publisherOf({ name: 'io.github.acme/x', ...repo('https://gitlab.com/acme/x') }).publisherVerified).toBe(
      false,
    )
    expect(publisherOf({ name: 'io.github.acme/x', ...repo('https://github.com/acme') }).publisherVerified).toBe(false)
    expect(publisherOf({ name: 'io.github.acme/x', ...repo(null) }).publisherVerified).toBe(false)
  })

  test('a domain namespace is proven by a website or repository homepage on the domain, not a look-alike host', () => {
    const base = { name: 'com.example/x', repositoryUrl: null, isOfficial: false, origin: 'import' }
    expect(publisherOf({ ...base, websiteUrl: 'https://example.com' }).publisherVerified).toBe(true)
    expect(publisherOf({ ...base, websiteUrl: 'https://docs.example.com/a' }).publisherVerified).toBe(true)
    expect(publisherOf({ ...base, websiteUrl: 'https://example.com.evil.test' }).publisherVerified).toBe(false)
    expect(publisherOf({ ...base, websiteUrl: 'https://notexample.com' }).publisherVerified).toBe(false)
    expect(
      publisherOf({ ...base, websiteUrl: null, githubHomepage: 'https://www.example.com/mcp' }).publisherEvidence,
    ).toBe('namespace com.example: repository homepage on example.com')
  })

  test('a submitted name counts once a claim proved it; demo data never', () => {
    const l = { name: 'io.github.acme/x', repositoryUrl: 'https://github.com/acme/x', websiteUrl: null }
    const proven = { ...l, provenRepository: 'acme/x' }
    expect(publisherOf({ ...proven, origin: 'submission', isOfficial: false }).publisherVerified).toBe(false)
    expect(publisherOf({ ...proven, origin: 'submission', isOfficial: true }).publisherVerified).toBe(true)
    // Claimed by a badge elsewhere: the repository it names is not proven.
    expect(publisherOf({ ...l, origin: 'submission', isOfficial: true }).publisherVerified).toBe(false)
    // Proven, then pointed at another repository by an edit: no longer the proven one.
    const moved = { ...proven, repositoryUrl: 'https://github.com/acme/y' }
    expect(publisherOf({ ...moved, origin: 'submission', isOfficial: true }).publisherVerified).toBe(false)
    // A website on the domain is the submitter's word too.
    const site = { name: 'com.example/x', repositoryUrl: null, websiteUrl: 'https://www.example.com/' }
    expect(publisherOf({ ...site, origin: 'submission', isOfficial: true }).publisherVerified).toBe(false)
    expect(publisherOf({ ...site, origin: 'import', isOfficial: false }).publisherVerified).toBe(true)
    expect(publisherOf({ ...proven, origin: 'demo', isOfficial: false }).publisherVerified).toBe(false)
  })

  test('a DNS claim of the domain proves a reverse-DNS namespace; a publisher token proves its own namespace', () => {
    const l = { name: 'com.example/x', repositoryUrl: 'https://github.com/someone/x', websiteUrl: null }
    expect(publisherOf({ ...l, origin: 'submission', isOfficial: true }).publisherVerified).toBe(false)
    const claimed = { ...l, origin: 'submission', isOfficial: true, provenDomain: 'example.com' }
    expect(publisherOf(claimed).publisherEvidence).toBe('namespace com.example: DNS claim of example.com')
    expect(publisherOf({ ...claimed, provenDomain: 'example.com.evil.test' }).publisherVerified).toBe(false)
    expect(publisherOf({ ...l, origin: 'publisher:com.example', isOfficial: false }).publisherVerified).toBe(true)
    expect(publisherOf({ ...l, origin: 'publisher:com.other', isOfficial: false }).publisherVerified).toBe(false)
  })

  test('a claim names its agent as owner, and a DNS claim its proven domain', () => {
    const dns = {
      claimId: 'c1',
      claimant: 'agent:ag_1',
      claimantKey: 'agent:ag_1',
      method: 'dns',
      evidence: { checks: [{ method: 'dns', where: 'TXT records at _mcp-directory.Example.com', ok: true }] },
    }
    expect(ownershipOf(dns as never)).toEqual({ ownerAgent: 'ag_1', provenDomain: 'example.com' })
    expect(ownershipOf({ ...dns, method: 'github', claimantKey: 'claim-url:abc' } as never)).toEqual({})
    const readme = { method: 'github', where: 'README of Acme/Tool.js', ok: true }
    expect(
      ownershipOf({ ...dns, method: 'github', evidence: { checks: [readme] }, claimantKey: 'claim-url:abc' } as never),
    ).toEqual({ provenRepository: 'acme/tool.js' })
    // A badge on a page proves neither a domain nor a repository.
    const page = { method: 'website_badge', where: 'https://www.uni.edu/~mallory/', ok: true }
    expect(ownershipOf({ ...dns, method: 'website_badge', evidence: { checks: [page] } } as never)).toEqual({
      ownerAgent: 'ag_1',
    })
  })
})
