import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLogger } from '../log'
import { createUnsentMailer } from './index'

const ROOT = join(import.meta.dir, '../../..')

describe('without SMTP_URL', () => {
  test("a service process's mailer logs a warning with the subject only, never the text it would have sent", async () => {
    const lines: string[] = []
    const log = createLogger('test', 'debug', { write: (line: string) => void lines.push(line) })
    await createUnsentMailer(log).send({
      to: 'victim@example.com',
      subject: 'Your confirmation code',
      text: 'Your confirmation code is 493817. Claim: https://dir.example/claim/abc?token=s3cr3t',
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('mail not sent: SMTP_URL is unset')
    expect(lines[0]).toContain('Your confirmation code')
    for (const secret of ['493817', 's3cr3t', 'victim@example.com']) expect(lines[0]).not.toContain(secret)
  })

  test('only the all-in-one writes mail to its log: the service processes that send mail drop it', () => {
    for (const main of ['services/agent-auth/src/main.ts', 'services/submission/src/main.ts']) {
      const source = readFileSync(join(ROOT, main), 'utf8')
      expect(source).toContain('createUnsentMailer(log)')
      expect(source).not.toContain('createLogMailer')
    }
  })
})
