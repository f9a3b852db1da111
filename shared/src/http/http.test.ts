import { expect, test } from 'bun:test'
import fc from 'fast-check'
import { clientKey, isValidHostHeader } from './index'

test('host[:port] forms a server is named by are valid', () => {
  for (const h of [
    'example.com',
    'Example.COM.',
    'localhost:3000',
    '127.0.0.1',
    '127.0.0.1:65535',
    '[::1]',
    '[::1]:8080',
    '[2001:db8::1]',
    'gateway_1:3000',
    'xn--hlo-bma.example',
    `${'a'.repeat(63)}.example`,
  ]) {
    expect({ h, ok: isValidHostHeader(h) }).toEqual({ h, ok: true })
  }
})

test('anything else is not: missing, empty, slashes, spaces, user parts, bad ports, brackets, percent, non-ASCII', () => {
  for (const h of [
    null,
    '',
    ' ',
    'a/b',
    'a b',
    'a\tb',
    'user@host',
    'host:',
    'host:x',
    'host:99999',
    'host:80:80',
    '[::1',
    '::1',
    '[zz::1]',
    '[::1]x',
    'a?b',
    'a#b',
    'a\\b',
    '%41',
    'a..b',
    '.a',
    'héllo',
    'a,b',
    `${'a'.repeat(64)}.example`,
    'a.'.repeat(130),
  ]) {
    expect({ h, ok: isValidHostHeader(h) }).toEqual({ h, ok: false })
  }
})

test('a host judged valid can never change the path, user or query of the URL built from it (property)', () => {
  const chars = fc.constantFrom(...'aZ09.-_:[]/@?#% \\\t'.split(''))
  fc.assert(
    fc.property(fc.oneof(fc.string(), fc.string({ unit: chars, maxLength: 30 })), (h) => {
      if (!isValidHostHeader(h)) return
      const url = new URL(`http://${h}/p?q`)
      expect(url.pathname).toBe('/p')
      expect(url.search).toBe('?q')
      expect(url.username).toBe('')
      expect(url.hash).toBe('')
    }),
    { numRuns: 5000 },
  )
})

test('client keys: IPv4 as it is, IPv4-mapped IPv6 as IPv4, IPv6 by its /64', () => {
  expect(clientKey('203.0.113.5')).toBe('203.0.113.5')
  expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5')
  expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
  expect(clientKey('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64')
  expect(clientKey('::1')).toBe('0:0:0:0::/64')
  expect(clientKey('local')).toBe('local')
})
