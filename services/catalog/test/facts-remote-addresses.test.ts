// The remotes' address facts as the catalog keeps them: as reported, or none while the operator allows private
// addresses (OUTBOUND_ALLOW_PRIVATE=1), so nothing is withheld then.
import { describe, expect, test } from 'bun:test'
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
