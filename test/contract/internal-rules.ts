// The internal API's contracts (never in the gateway's route table: the services call each other directly), checked
// as the public routes are: each one, called on the service that answers it with inputs generated from its own
// models, is never refused as invalid nor fails, and answers only as its contract declares, of its models: a success,
// the Error object of a refusal declared with `err(...)`, or a refusal's own model (the 409 that names the listing
// holding an address). A change writes only about listings that do not exist (404), so the run leaves the catalog as
// it found it but for pending listings; one known input meets the 409.
import { describe, expect, test } from 'bun:test'
import { introspectToken } from '@mcp-directory/agent-auth/contracts'
import { readProberStatus, readProbeState } from '@mcp-directory/prober/contracts'
import { readSandboxStatus } from '@mcp-directory/sandbox/contracts'
import type { Contract } from '@mcp-directory/shared/contracts'
import * as catalogInternal from '@mcp-directory/shared/contracts/catalog-internal'
import * as claims from '@mcp-directory/shared/contracts/claims'
import { verifyClaimToken } from '@mcp-directory/submission/contracts'
import { sendInput } from './answers'
import { describeInput, type Input, validInputs } from './route-rules'

const isContract = (x: unknown): x is Contract =>
  typeof x === 'object' && x !== null && 'operationId' in x && 'responses' in x && 'path' in x

/** Every internal contract: the catalog's (listings, facts, moderation, claims, cached hits) and the other services'. */
export const INTERNAL_CONTRACTS: Contract[] = [
  ...(Object.values(catalogInternal) as unknown[]).filter(isContract),
  ...(Object.values(claims) as unknown[]).filter(isContract),
  introspectToken,
  verifyClaimToken,
  readProbeState,
  readProberStatus,
  readSandboxStatus,
].filter((c) => c.path.startsWith('/internal/'))

/** What the suite needs from the mode under test. */
export interface InternalTarget {
  /** The gateway's base URL (a real listing is found through search). */
  base(): string
  /** The base URL of a running service; undefined when the mode does not run it. */
  serviceBase(service: Contract['service']): string | undefined
}

const UNKNOWN_ID = 'contract-test-unknown'

/**
 * What an internal route is known to do with some inputs its models accept, each with why; its answers are still
 * checked against its models. `refuses`: it checks its input beyond its model (a probe's facts are read member by
 * member, and a `startedBefore` the pattern accepts but no calendar has, such as month 00).
 */
const KNOWN: Record<string, { refuses: string }> = {
  putListingFacts: { refuses: 'the facts are checked member by member beyond the body model' },
  listSandboxTargets: { refuses: 'a startedBefore of a day no calendar has (month 00) is a 400' },
}
const writes = (c: Contract) => c.method !== 'GET'

/** Registers the internal contracts' tests for one mode. */
export function internalRules(mode: string, t: InternalTarget) {
  let listing: { id: string; url: string; category: string } | undefined

  /** A read names a real listing; a change an unknown one, so that it writes nothing. */
  const pathOf = (c: Contract) =>
    c.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      encodeURIComponent(name === 'id' ? (writes(c) ? UNKNOWN_ID : (listing?.id ?? UNKNOWN_ID)) : 'contract'),
    )

  const send = (c: Contract, base: string, input: Input) => sendInput(c, new URL(`${base}${pathOf(c)}`), input)

  /**
   * Known inputs beside the generated ones, each with the status it must get: a new listing at an address another
   * holds (the 409 and its holder), a `startedBefore` of month 00 (a 400, never a 500).
   */
  const known = (c: Contract): { input: Input; status: number }[] =>
    c.operationId === 'createListingFromSubmission' && listing
      ? [
          {
            input: {
              body: { name: 'Contract duplicate', url: listing.url, description: 'Held', category: listing.category },
            },
            status: 409,
          },
        ]
      : c.operationId === 'listSandboxTargets'
        ? [{ input: { query: { startedBefore: '2026-00-01T00:00:00Z' } }, status: 400 }]
        : []

  describe(`${mode}: every internal contract answers as it declares`, () => {
    test('a listing to read', async () => {
      const search = (await (await fetch(`${t.base()}/api/v1/search?limit=1`)).json()) as { servers: { id: string }[] }
      const id = search.servers[0]?.id
      const base = t.serviceBase('catalog')
      expect(id && base).toBeTruthy()
      const res = await fetch(`${base}/internal/listings/${encodeURIComponent(id!)}`)
      listing = ((await res.json()) as { listing: { id: string; url: string; category: string } }).listing
      expect(listing.id).toBe(id!)
    })

    for (const c of INTERNAL_CONTRACTS)
      test(`${c.method} ${c.path} (${c.service})`, async () => {
        const base = t.serviceBase(c.service)
        // A service this mode does not run (the prober, the sandbox) answers no one here.
        if (!base) return
        const drifts: string[] = []
        const statuses = new Set<number>()
        const inputs = validInputs(c)
        for (const input of [...inputs, ...known(c).map((k) => k.input)]) {
          const got = await send(c, base, input)
          statuses.add(got.status)
          const route = describeInput(c, input)
          const refusedAsInvalid =
            got.status === 400 && /^invalid_(parameter|body)$/.test(got.error ?? '') && !KNOWN[c.operationId]?.refuses
          expect({ route, refusedAsInvalid, status: got.status, answer: got.text }).toMatchObject({
            route,
            refusedAsInvalid: false,
          })
          expect({ route, status: got.status, answer: got.text }).not.toMatchObject({ status: 500 })
          if (got.drift.length) drifts.push(route, ...got.drift)
        }
        expect(drifts).toEqual([])
        for (const { status } of known(c)) expect([...statuses]).toContain(status)
      }, 60_000)
  })
}
