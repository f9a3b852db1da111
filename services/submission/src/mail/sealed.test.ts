import { expect, test } from 'bun:test'
import { mailKey, openMail, sealMail } from './sealed'

test('a sealed mail opens with the same key only, and hides its text', () => {
  const key = mailKey('a-server-secret-of-at-least-32-characters')
  const m = { to: 'a@example.com', subject: 'Claim', text: 'https://dir.test/claim/x?token=SECRET123' }
  const sealed = sealMail(key, m)
  expect(sealed).not.toContain('SECRET123')
  expect(openMail(key, sealed)).toEqual(m)
  expect(() => openMail(mailKey('another-server-secret-of-32-characters!!'), sealed)).toThrow()
  const tampered = sealed.slice(0, -4) + (sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA')
  expect(() => openMail(key, tampered)).toThrow()
})
