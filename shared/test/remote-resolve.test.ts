// Remotes whose names resolve to the user's own machine or network, refused where they are written: names served by
// a real DNS server on loopback (and a silent one, for a name that gets no answer), never the network.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createSocket, type Socket } from 'node:dgram'
import { addressResolver, remoteAddressOf, resolvedRemoteReason, resolvedRemotesReason } from '../src/outbound'
import { startDnsServer } from '../src/testing'

let dns: Awaited<ReturnType<typeof startDnsServer>>
let silent: Socket
let silentAddress = ''
const opts = () => ({ allowPrivate: false, resolve: addressResolver([dns.address]) })

beforeAll(async () => {
  dns = await startDnsServer()
  dns.setA('localtest.me', ['127.0.0.1'])
  dns.setA('intranet.example.com', ['10.1.2.3'])
  dns.setAaaa('v6.example.com', ['fd00::5'])
  dns.setA('mixed.example.com', ['93.184.215.14', '192.168.0.7'])
  dns.setA('mcp.example.com', ['93.184.215.14'])
  dns.setAaaa('mcp.example.com', ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'])
  dns.setA('x.tenants.example.com', ['93.184.215.14'])
  dns.setA('x.rebind.example.com', ['127.0.0.1'])
  dns.setA('*.wild.example.com', ['10.0.0.9'])
  dns.setA('halfway.example.com', ['93.184.215.14'])
  dns.fail('halfway.example.com', 'AAAA')
  dns.setA('private-apex.example.net', ['10.9.9.9'])
  // A DNS server that reads every question and answers none.
  silent = createSocket('udp4')
  await new Promise<void>((done) => silent.bind(0, '127.0.0.1', done))
  silentAddress = `127.0.0.1:${silent.address().port}`
})

afterAll(async () => {
  await dns?.close()
  silent?.close()
})

describe('resolvedRemoteReason', () => {
  test.each([
    ['http://localtest.me/mcp', 'a loopback'],
    ['https://intranet.example.com/mcp', 'a private'],
    ['https://v6.example.com/mcp', 'unique-local'],
    ['https://mixed.example.com/mcp', 'a private'],
    ['https://{tenant}.rebind.example.com/mcp', 'a loopback'],
    ['https://anything.wild.example.com/mcp', 'a private'],
  ])('%s is refused: its name resolves to %s address', async (url, kind) => {
    const why = await resolvedRemoteReason(url, opts())
    expect(why).toContain('resolves to')
    expect(why).toContain(kind)
    expect(why).toContain("users' clients would connect to their own machine or network")
  })

  test('a name whose every address is public is accepted, as is an IP literal (judged without resolving)', async () => {
    expect(await resolvedRemoteReason('https://mcp.example.com/mcp', opts())).toBeNull()
    expect(await resolvedRemoteReason('https://{tenant}.tenants.example.com/mcp', opts())).toBeNull()
    const before = dns.queries.length
    expect(await resolvedRemoteReason('https://8.8.8.8/mcp', opts())).toBeNull()
    expect(dns.queries.length).toBe(before)
  })

  test('the literal checks still come first: localhost and 127.0.0.1 are refused without a question', async () => {
    const before = dns.queries.length
    expect(await resolvedRemoteReason('http://127.0.0.1:8080/mcp', opts())).toContain('loopback')
    expect(await resolvedRemoteReason('http://api.localhost/mcp', opts())).toContain('own machine')
    expect(dns.queries.length).toBe(before)
  })

  test('a name that does not resolve is refused as such', async () => {
    const why = await resolvedRemoteReason('https://nowhere.example.com/mcp', opts())
    expect(why).toContain('nowhere.example.com does not resolve')
  })

  test('a name whose resolver does not answer is refused once the bound is reached', async () => {
    const resolve = addressResolver([silentAddress])
    const why = await resolvedRemoteReason('https://slow.example.com/mcp', {
      allowPrivate: false,
      resolve,
      timeoutMs: 300,
    })
    expect(why).toContain('slow.example.com could not be resolved (no answer within')
  })

  test('OUTBOUND_ALLOW_PRIVATE=1 resolves nothing and allows private names, never a metadata address', async () => {
    const before = dns.queries.length
    const allow = { ...opts(), allowPrivate: true }
    expect(await resolvedRemoteReason('http://localtest.me/mcp', allow)).toBeNull()
    expect(await resolvedRemoteReason('http://169.254.169.254/latest', allow)).toContain('metadata')
    expect(dns.queries.length).toBe(before)
  })

  test('the first refused remote of a list is named by its place', async () => {
    const remotes = [{ url: 'https://mcp.example.com/mcp' }, { url: 'http://localtest.me/sse' }]
    expect(await resolvedRemotesReason(remotes, opts())).toStartWith('remotes[1]: localtest.me resolves to')
    expect(await resolvedRemotesReason(undefined, opts())).toBeNull()
  })
})

describe('what a value or a half answer cannot get past', () => {
  const strict = () => ({ allowPrivate: false, resolve: addressResolver([dns.address], { strict: true }) })

  test.each([
    'http://127.0.0.{n}/mcp',
    'https://1{x}7.0.0.1/mcp',
    'https://127.0.0.1.{x}/mcp',
    'https://{host}/mcp',
    'https://{a}.{b}/mcp',
    'https://x{t}.example.com/mcp',
  ])('%s: a {variable} that is not a leading label of a fixed domain is refused', async (url) => {
    expect(await resolvedRemoteReason(url, opts())).toContain('may stand only for its leading labels')
  })

  test('a tenant label under a fixed public domain is accepted; under a private one it is refused', async () => {
    expect(await resolvedRemoteReason('https://{tenant}.tenants.example.com/mcp', opts())).toBeNull()
    expect(await resolvedRemoteReason('https://mcp.example.com/{tenant}/mcp', opts())).toBeNull()
    expect(await resolvedRemoteReason('https://{tenant}.private-apex.example.net/mcp', opts())).toContain(
      'private-apex.example.net resolves to',
    )
  })

  test('an A answer with a failing AAAA query is not enough to call a name public', async () => {
    expect(await resolvedRemoteReason('https://halfway.example.com/mcp', strict())).toContain('could not be resolved')
    // A name that simply has no AAAA record is fine.
    expect(await resolvedRemoteReason('https://x.tenants.example.com/mcp', strict())).toBeNull()
  })
})

describe('remoteAddressOf (a listed remote, as the prober sees it at each probe)', () => {
  const strict = () => ({ resolve: addressResolver([dns.address], { strict: true }), timeoutMs: 2_000 })
  test.each([
    ['https://intranet.example.com/mcp', 'private', '10.1.2.3'],
    ['https://v6.example.com/mcp', 'private', 'fd00::5'],
    ['https://mixed.example.com/mcp', 'private', '192.168.0.7'],
    ['http://localtest.me/mcp', 'private', '127.0.0.1'],
    ['http://[::1]:8080/mcp', 'private', '::1'],
    ['https://{tenant}.wild.example.com/mcp', 'private', '10.0.0.9'],
    ['https://mcp.example.com/mcp', 'public', null],
    ['https://8.8.8.8/mcp', 'public', null],
    ['https://nowhere.example.org/mcp', 'unresolvable', 'did not resolve'],
    ['https://halfway.example.com/mcp', 'unresolvable', 'a query failed'],
  ])('%s is %s', async (url, address, said) => {
    const seen = await remoteAddressOf(url, strict())
    expect(seen).toMatchObject({ url, address })
    if (said) expect(seen?.reason).toContain(said)
    else expect(seen?.reason).toBeUndefined()
  })

  test('no URL, no fact', async () => {
    expect(await remoteAddressOf('not a url', strict())).toBeNull()
  })
})
