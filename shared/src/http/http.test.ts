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

test('client keys: every spelling of one IPv4-mapped address is its IPv4 address; of one IPv6 /64, that /64', () => {
  for (const spelling of [
    '::ffff:203.0.113.5',
    '::FFFF:cb00:7105',
    '::ffff:cb00:7105',
    '0:0:0:0:0:ffff:203.0.113.5',
    '0000:0000:0000:0000:0000:ffff:cb00:7105',
  ])
    expect(clientKey(spelling)).toBe('203.0.113.5')
  // Two IPv4 clients written as mapped addresses are two clients, not one /64 of zeros.
  expect(clientKey('::ffff:cb00:7106')).toBe('203.0.113.6')
  expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  // One address written out in full with leading zeros, in upper case, and with its longest run of zeros as `::`:
  // one key.
  const group = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff }))
  fc.assert(
    fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (groups) => {
      const hex = groups.map((g) => g.toString(16))
      const full = groups.map((g) => g.toString(16).padStart(4, '0')).join(':')
      let best = { at: -1, length: 0 }
      for (let i = 0; i < 8; i++) {
        let n = 0
        while (i + n < 8 && groups[i + n] === 0) n++
        if (n > best.length) best = { at: i, length: n }
      }
      const short =
        best.length > 1
          ? `${hex.slice(0, best.at).join(':')}::${hex.slice(best.at + best.length).join(':')}`
          : hex.join(':')
      const key = clientKey(full)
      expect(clientKey(full.toUpperCase())).toBe(key)
      expect(clientKey(short)).toBe(key)
      expect(key).toBe(
        groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
          ? [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.')
          : `${hex.slice(0, 4).join(':')}::/64`,
      )
    }),
    { numRuns: 3000 },
  )
})
