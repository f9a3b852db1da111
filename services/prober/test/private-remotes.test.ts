// Imported remotes whose names point inward, against a real DNS server on loopback: the prober resolves every
// remote's name at each probe and tells the catalog what it saw; a remote whose name resolves to a private (10.x) or
// loopback (::1) address gets no install line, config, search hint or Markdown snippet, and the detail says why.
// Once the name resolves publicly, the next probe gives the line back. The endpoints themselves are never contacted
// here: a stand-in fetch answers every probe, so nothing leaves this machine.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { inwardStack, PUBLIC_V4, PUBLIC_V6 } from './inward-stack'

const stack = await inwardStack('PRIVREMOTES')
const { dns, probed, json, text, id, probeRound, hitOf } = stack
const CORP = 'https://mcp.corp-inward.test/mcp'
const LOOP = 'https://mcp.loop-inward.test/mcp'

beforeAll(async () => {
  await stack.start()
  dns.setA('mcp.corp-inward.test', ['10.1.2.3'])
  dns.setAaaa('mcp.loop-inward.test', ['::1'])
  const doc = [
    { name: 'io.test/corp-inward', description: 'An inward server', remotes: [{ type: 'streamable-http', url: CORP }] },
    { name: 'io.test/loop-inward', description: 'An inward server', remotes: [{ type: 'sse', url: LOOP }] },
  ]
  expect(await stack.importAll(doc)).toBe(2)
}, 60_000)

afterAll(() => stack.close())

describe('an imported remote whose name resolves inward', () => {
  test('before any probe, the import kept its install line (names are resolved by the prober)', async () => {
    const { server } = await json(`/api/v1/servers/${id('io.test/corp-inward')}`)
    expect(server.install).toMatchObject({ kind: 'remote', url: CORP })
    expect(server.installWithheld).toEqual([])
  })

  test('after a probe: no install line, config, hint or snippet, and the detail says why', async () => {
    await probeRound(stack.prober.currentRound())
    for (const [name, url, seen] of [
      ['io.test/corp-inward', CORP, '10.1.2.3'],
      ['io.test/loop-inward', LOOP, '::1 is a loopback address'],
    ] as const) {
      const { server } = await json(`/api/v1/servers/${id(name)}`)
      expect(server.install).toBeNull()
      expect(server.configs).toBeNull()
      expect(server.installWithheld).toHaveLength(1)
      expect(server.installWithheld[0].url).toBe(url)
      expect(server.installWithheld[0].reason).toContain(seen)
      expect(server.installWithheld[0].reason).toContain('resolves to')
      expect((await hitOf(name))?.install).toBeNull()
      const md = await text(`/api/v1/mcp/${id(name)}/markdown`)
      expect(md).toContain('Withheld endpoint')
      expect(md).not.toContain(`"url": "${url}"`)
    }
    // Refused before any connection: the probe's own guard also saw the inward address.
    expect(probed).toEqual([])
  })

  test('once the name resolves publicly, the next probe gives the install line back', async () => {
    dns.setA('mcp.corp-inward.test', [PUBLIC_V4])
    dns.remove('mcp.loop-inward.test')
    dns.setAaaa('mcp.loop-inward.test', [PUBLIC_V6])
    // The answers' TTL is 1 s (startDnsServer): a resolver may keep the old ones until then.
    await Bun.sleep(1_500)
    await probeRound(stack.prober.currentRound() + 1)
    for (const [name, url] of [
      ['io.test/corp-inward', CORP],
      ['io.test/loop-inward', LOOP],
    ] as const) {
      const { server } = await json(`/api/v1/servers/${id(name)}`)
      expect(server.installWithheld).toEqual([])
      expect(server.install).toMatchObject({ kind: 'remote', url })
      expect(server.configs.length).toBeGreaterThan(0)
      expect(await hitOf(name)).toMatchObject({ install: { kind: 'remote', client: 'claude-code' } })
      expect(await text(`/api/v1/mcp/${id(name)}/markdown`)).not.toContain('Withheld endpoint')
    }
  })
})
