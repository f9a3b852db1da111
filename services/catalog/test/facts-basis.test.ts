// A probe's facts land only on the endpoints that were probed. A probe reads a listing, then takes seconds to
// minutes; meanwhile its origin (or its owner) may point it at another remote or package. Facts sent with the basis
// of the listing as read are refused (409) once the listing has changed, so an old endpoint's tools, health and
// verified mark never show on the new one; the prober and the sandbox then probe it again.
import { describe, expect, test } from 'bun:test'
import { probeBasisOf } from '@mcp-directory/shared/contracts/catalog-internal'
import { eq, listings } from '@mcp-directory/shared/db'
import { freshCatalog } from './fresh-catalog'

const OPERATOR = 'facts-basis-test-operator-token'
const NAME = 'io.example/moved-remote'
const made = freshCatalog(OPERATOR)

const rowOf = async () => {
  const [row] = await made.database.db.select().from(listings).where(eq(listings.name, NAME))
  return row!
}
const call = (method: string, path: string, body?: unknown) =>
  made.catalog.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
/** The listing as the prober and the sandbox read it: the catalog's internal answer, as JSON. */
const readAsProber = async (id: string) => (await (await call('GET', `/internal/listings/${id}`)).json()).listing
const entry = (url: string) => ({
  name: NAME,
  description: 'A remote server that moves',
  remotes: [{ type: 'streamable-http', url }],
  packages: [{ registryType: 'npm', identifier: '@example/moved', version: '1.0.0', transport: { type: 'stdio' } }],
})
const facts = (basis: string, tool: string) => ({
  checkedAt: new Date().toISOString(),
  basis,
  remote: { health: 'active', verified: true, tools: [{ name: tool, description: `The ${tool} tool` }] },
})

describe("a probe's basis", () => {
  test('the basis read through the internal API is the one the catalog computes from its row', async () => {
    await made.catalog.importDocument([entry('https://old.example.com/mcp')])
    const row = await rowOf()
    expect(probeBasisOf(await readAsProber(row.id))).toBe(probeBasisOf(row))
  })

  test('facts read before the remote moved are refused, and leave the listing as it was', async () => {
    const { id } = await rowOf()
    const read = probeBasisOf(await readAsProber(id))
    expect((await call('PUT', `/internal/listings/${id}/facts`, facts(read, 'search'))).status).toBe(200)
    expect((await rowOf()).tools.map((t) => t.name)).toEqual(['search'])

    // The probe of the old endpoint is under way when the origin points the listing elsewhere.
    const inFlight = probeBasisOf(await readAsProber(id))
    await made.catalog.importDocument([entry('https://new.example.com/mcp')])
    const moved = await rowOf()
    expect(moved.remotes.map((r) => r.url)).toEqual(['https://new.example.com/mcp'])

    const res = await call('PUT', `/internal/listings/${id}/facts`, facts(inFlight, 'exfiltrate'))
    expect(res.status).toBe(409)
    expect((await res.json()).message).toContain('changed since it was read')
    const after = await rowOf()
    expect(after.tools).toEqual(moved.tools)
    expect(after.isVerifiedActive).toBe(moved.isVerifiedActive)
    expect(after.health).toBe(moved.health)

    // Probed again, as it now is: written.
    const now = probeBasisOf(await readAsProber(id))
    expect(now).not.toBe(inFlight)
    expect((await call('PUT', `/internal/listings/${id}/facts`, facts(now, 'lookup'))).status).toBe(200)
    expect((await rowOf()).tools.map((t) => t.name)).toEqual(['lookup'])
  })

  test('a changed package version changes the basis; the same listing read twice does not', async () => {
    const { id } = await rowOf()
    const first = probeBasisOf(await readAsProber(id))
    expect(probeBasisOf(await readAsProber(id))).toBe(first)
    const bumped = { ...entry('https://new.example.com/mcp') }
    bumped.packages = [{ ...bumped.packages[0]!, version: '1.0.1' }]
    await made.catalog.importDocument([bumped])
    expect(probeBasisOf(await readAsProber(id))).not.toBe(first)
  })

  test('a basis that is not one is a 400', async () => {
    const { id } = await rowOf()
    const res = await call('PUT', `/internal/listings/${id}/facts`, facts('not-a-basis', 'search'))
    expect(res.status).toBe(400)
  })
})
