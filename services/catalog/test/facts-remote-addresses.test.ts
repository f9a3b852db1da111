// The remotes' address facts as the catalog keeps them: as reported, or none while the operator allows private
// addresses (OUTBOUND_ALLOW_PRIVATE=1), so nothing is withheld then; a failed look-up does not undo a private one.
import { describe, expect, test } from 'bun:test'
import { observe } from '../src/facts/observe'
import { listingFactsOf } from '../src/facts/rules'

const body = {
  checkedAt: '2026-12-01T00:00:00.000Z',
  remoteAddresses: [
    { url: 'https://mcp.inward.example/mcp', address: 'private' as const, reason: 'resolves to 10.0.0.5' },
  ],
}

describe('remote address facts', () => {
  test('kept as reported', () => {
    expect(listingFactsOf(body).remoteAddresses).toEqual(body.remoteAddresses)
  })

  test('none kept while private addresses are allowed', () => {
    expect(listingFactsOf(body, true).remoteAddresses).toEqual([])
  })

  test('absent from the facts: left as they were', () => {
    expect('remoteAddresses' in listingFactsOf({ checkedAt: body.checkedAt })).toBe(false)
  })
})

describe('remote addresses observed', () => {
  const url = 'https://mcp.inward.example/mcp'
  const seenPrivate = { url, address: 'private' as const, reason: 'resolves to 10.0.0.5', checkedAt: body.checkedAt }
  // The row as the catalog holds it: nothing else observed, the remote seen private at the last probe.
  const row = {
    health: null,
    sandbox: null,
    seenRunning: false,
    isVerifiedActive: false,
    risk: null,
    riskClearedHash: null,
    remoteAddresses: [seenPrivate],
  } as unknown as Parameters<typeof observe>[0]
  const at = '2026-12-02T00:00:00.000Z'

  test('a look-up that now fails keeps the remote withheld, with what was last seen', () => {
    const w = observe(row, { checkedAt: at, remoteAddresses: [{ url, address: 'unresolvable', reason: 'SERVFAIL' }] })
    expect(w.set.remoteAddresses).toEqual([seenPrivate])
    expect(w.changed).not.toContain('install')
  })

  test('a public answer gives it back, and the install the public sees changed', () => {
    const w = observe(row, { checkedAt: at, remoteAddresses: [{ url, address: 'public' }] })
    expect(w.set.remoteAddresses).toEqual([{ url, address: 'public', checkedAt: at }])
    expect(w.changed).toContain('install')
  })

  test('a public name that stops resolving is withheld: the install the public sees changed', () => {
    const seenPublic = { ...row, remoteAddresses: [{ url, address: 'public', checkedAt: body.checkedAt }] }
    const w = observe(seenPublic as typeof row, {
      checkedAt: at,
      remoteAddresses: [{ url, address: 'unresolvable', reason: 'SERVFAIL' }],
    })
    expect(w.set.remoteAddresses).toEqual([{ url, address: 'unresolvable', reason: 'SERVFAIL', checkedAt: at }])
    expect(w.changed).toContain('install')
  })
})
