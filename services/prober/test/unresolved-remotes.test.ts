// Remotes the directory could not vouch for stay withheld, against a real DNS server on loopback: a remote past the
// first sixteen of a listing is resolved too (the install line prefers streamable HTTP wherever it is listed); a name
// the directory's resolver gets no answer for (split horizon: its name server may answer 127.0.0.1 to everyone else)
// is withheld until it resolves publicly; and an import that renames a probed remote leaves the new name withheld
// until a probe resolves it, which the import's event brings at once, even in a round that already probed it.
// The endpoints themselves are never contacted here: a stand-in fetch answers every probe.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { inwardStack, PUBLIC_V4 } from './inward-stack'

const stack = await inwardStack('UNRESOLVED')
const { dns, probed, json, text, id, probeRound, hitOf } = stack
const CORP = 'https://mcp.corp-inward.test/mcp'
const ROT1 = 'https://mcp.rot1-inward.test/mcp'
const ROT2 = 'https://mcp.rot2-inward.test/mcp'
// Split horizon: the attacker's name server fails (or stalls) for the directory's resolver, answers 127.0.0.1 to users.
const SPLIT = 'https://mcp.split-inward.test/mcp'

beforeAll(async () => {
  await stack.start()
  dns.setA('mcp.corp-inward.test', ['10.1.2.3'])
  dns.fail('mcp.split-inward.test', 'A')
  dns.fail('mcp.split-inward.test', 'AAAA')
  dns.setA('mcp.rot1-inward.test', ['10.1.2.4'])
  dns.setA('mcp.rot2-inward.test', ['10.1.2.5'])
  for (let i = 0; i < 16; i++) dns.setA(`pub${i}.outward.test`, [PUBLIC_V4])
  const many = [
    ...Array.from({ length: 16 }, (_, i) => ({ type: 'sse', url: `https://pub${i}.outward.test/sse` })),
    { type: 'streamable-http', url: CORP },
  ]
  const doc = [
    { name: 'io.test/many-inward', description: 'An inward server', remotes: many },
    { name: 'io.test/rot-inward', description: 'An inward server', remotes: [{ type: 'streamable-http', url: ROT1 }] },
    {
      name: 'io.test/split-inward',
      description: 'An inward server',
      remotes: [{ type: 'streamable-http', url: SPLIT }],
    },
  ]
  expect(await stack.importAll(doc)).toBe(3)
}, 60_000)

afterAll(() => stack.close())

/** The listing's detail once `until` holds for it (the catalog's view after an event-driven probe). */
async function detailWhen(
  name: string,
  until: (server: { installWithheld: { url: string; reason: string }[] }) => boolean,
) {
  const deadline = Date.now() + 30_000
  for (;;) {
    await stack.catalog.flush()
    const { server } = await json(`/api/v1/servers/${id(name)}`)
    if (until(server)) return server
    if (Date.now() > deadline) throw new Error(`${name}: ${JSON.stringify(server.installWithheld)}`)
    await Bun.sleep(200)
  }
}

describe('remotes the directory has not vouched for are withheld', () => {
  test('a 17th remote that resolves inward is resolved too, and is not the install line', async () => {
    await probeRound(stack.prober.currentRound())
    const { server } = await json(`/api/v1/servers/${id('io.test/many-inward')}`)
    expect(server.install?.url).not.toBe(CORP)
    const corp = server.installWithheld.find((w: { url: string }) => w.url === CORP)
    expect(corp?.reason).toContain('resolves to')
    // The public ones it declares are not withheld, and one of them is the install line.
    expect(server.installWithheld).toHaveLength(1)
    expect(server.install?.url).toBe('https://pub0.outward.test/sse')
  })

  test('a remote whose name gave the directory no answer is not installable, and says why', async () => {
    const { server } = await json(`/api/v1/servers/${id('io.test/split-inward')}`)
    expect(server.install?.url).not.toBe(SPLIT)
    expect(server.installWithheld).toEqual([
      expect.objectContaining({ url: SPLIT, reason: expect.stringContaining('its name did not resolve') }),
    ])
    const md = await text(`/api/v1/mcp/${id('io.test/split-inward')}/markdown`)
    expect(md).toContain(`Withheld endpoint: ${SPLIT}`)
    const hit = await hitOf('io.test/split-inward')
    expect(hit).toBeDefined()
    expect(JSON.stringify(hit?.install ?? null)).not.toContain(SPLIT)
  })

  test('an import that renames a withheld remote to a new inward name leaves it withheld, and probes it at once', async () => {
    const before = await json(`/api/v1/servers/${id('io.test/rot-inward')}`)
    expect(before.server.install).toBeNull()
    const doc = [
      {
        name: 'io.test/rot-inward',
        description: 'An inward server',
        remotes: [{ type: 'streamable-http', url: ROT2 }],
      },
    ]
    await stack.catalog.importDocument(doc)
    await stack.catalog.flush()
    const { server } = await json(`/api/v1/servers/${id('io.test/rot-inward')}`)
    expect(server.install?.url).not.toBe(ROT2)
    // The import's event probes it again in this same round: the new name is seen inward, with its reason.
    const probedAgain = await detailWhen('io.test/rot-inward', (s) =>
      s.installWithheld.some((w) => w.url === ROT2 && w.reason.includes('resolves to')),
    )
    expect(probedAgain.install).toBeNull()
  })

  test('once the unanswered name resolves publicly, the next probe gives its install line back', async () => {
    dns.heal('mcp.split-inward.test', 'A')
    dns.heal('mcp.split-inward.test', 'AAAA')
    dns.setA('mcp.split-inward.test', [PUBLIC_V4])
    await probeRound(stack.prober.currentRound() + 1)
    const { server } = await json(`/api/v1/servers/${id('io.test/split-inward')}`)
    expect(server.install?.url).toBe(SPLIT)
    expect(server.installWithheld).toEqual([])
  })
})
