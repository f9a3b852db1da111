// A remote seen resolving to a private address, or not resolving, or not yet resolved once the listing was probed,
// gets no install model; another remote of the listing still may.
import { describe, expect, test } from 'bun:test'
import type { RemoteAddressSeen } from '../contracts/listing'
import { deriveInstallModel } from './model'
import { withheldRemotes } from './withheld'

const INWARD = 'https://mcp.inward.example/mcp'
const OUTWARD = 'https://mcp.outward.example/sse'
const at = '2026-12-01T00:00:00.000Z'
const listing = (remoteAddresses: RemoteAddressSeen[] | null) => ({
  name: 'io.test/two-remotes',
  packages: [],
  remotes: [
    { type: 'streamable-http' as const, url: INWARD, headers: [] },
    { type: 'sse' as const, url: OUTWARD, headers: [] },
  ],
  repositoryUrl: null,
  url: null,
  source: 'registry',
  remoteAddresses,
})

describe('withheld remotes', () => {
  test('a remote seen private is skipped for the next one, and named with its reason', () => {
    const l = listing([
      { url: INWARD, address: 'private', reason: 'mcp.inward.example resolves to 10.0.0.5', checkedAt: at },
      { url: OUTWARD, address: 'public', checkedAt: at },
    ])
    expect(deriveInstallModel(l)).toMatchObject({ kind: 'remote', url: OUTWARD, transport: 'sse' })
    expect(withheldRemotes(l)).toEqual([
      { url: INWARD, reason: 'mcp.inward.example resolves to 10.0.0.5', checkedAt: at },
    ])
  })

  test('every remote private: no install model at all (no guess in its place)', () => {
    const l = listing([
      { url: INWARD, address: 'private', checkedAt: at },
      { url: OUTWARD, address: 'private', checkedAt: at },
    ])
    expect(deriveInstallModel(l)).toBeNull()
    expect(withheldRemotes(l).map((w) => w.url)).toEqual([INWARD, OUTWARD])
  })

  test('public, or never probed: the remote keeps its install line', () => {
    for (const seen of [null, [{ url: INWARD, address: 'public' as const, checkedAt: at }]]) {
      expect(deriveInstallModel(listing(seen))).toMatchObject({ kind: 'remote', url: INWARD })
      expect(withheldRemotes(listing(seen)).map((w) => w.url)).not.toContain(INWARD)
    }
  })

  test('a name the directory got no answer for is withheld (split horizon), with why', () => {
    const l = listing([
      { url: INWARD, address: 'unresolvable', reason: 'mcp.inward.example did not resolve (SERVFAIL)', checkedAt: at },
      { url: OUTWARD, address: 'public', checkedAt: at },
    ])
    expect(deriveInstallModel(l)).toMatchObject({ kind: 'remote', url: OUTWARD })
    expect(withheldRemotes(l)).toEqual([
      {
        url: INWARD,
        reason: 'its name did not resolve (mcp.inward.example did not resolve (SERVFAIL))',
        checkedAt: at,
      },
    ])
  })

  test('once probed, a remote with no fact of its own (added or renamed since) is withheld until resolved', () => {
    const l = listing([{ url: OUTWARD, address: 'public', checkedAt: at }])
    expect(deriveInstallModel(l)).toMatchObject({ kind: 'remote', url: OUTWARD })
    expect(withheldRemotes(l)).toEqual([
      { url: INWARD, reason: expect.stringContaining('not yet resolved'), checkedAt: at },
    ])
  })
})
