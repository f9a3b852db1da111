// The agent-auth app the attack tests drive, against the real PostgreSQL, Redis, NATS and an SMTP sink: clients are
// told apart by the address the gateway names (x-directory-client-ip); the clock is the service's own, moved by
// `tick`. Started before the file's tests and closed after them.
import { afterAll, beforeAll, expect } from 'bun:test'
import type { Logger } from '@mcp-directory/shared/log'
import { createSmtpMailer } from '@mcp-directory/shared/mail'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import { isolatedEnv, runToken, startBacking, testConfig } from '@mcp-directory/shared/testing'
import { type AgentAuthDeps, createAgentAuthApp } from '../src'

type Backing = Awaited<ReturnType<typeof startBacking>>
type AgentAuthApp = ReturnType<typeof createAgentAuthApp>

/** Starts the app with `log`, `secret` and the limits given (registrations per address: 100). */
export function agentAuthHarness(
  opts: { log: Logger; secret: string } & Pick<AgentAuthDeps, 'mailPerRecipientPerHour'>,
) {
  const run = runToken()
  const env = isolatedEnv(run, '')
  let backing: Backing | undefined
  let app: AgentAuthApp | undefined
  let now = new Date()

  beforeAll(async () => {
    backing = await startBacking(env, opts.log)
    app = createAgentAuthApp({
      config: testConfig({ PUBLIC_BASE_URL: 'http://dir.test' }),
      database: backing.database,
      bus: backing.bus,
      kv: backing.kv,
      log: opts.log,
      mailer: createSmtpMailer(backing.sink.url, 'no-reply@dir.test'),
      secret: opts.secret,
      registrationsPerAddressPerHour: 100,
      mailPerRecipientPerHour: opts.mailPerRecipientPerHour,
      now: () => now,
    })
  }, 30_000)
  afterAll(async () => {
    await app?.close()
    await backing?.close()
  })

  const post = (path: string, body: unknown, client: string, headers: Record<string, string> = {}) =>
    app!.app.handle(
      new Request(`http://agent-auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: client, ...headers },
        body: JSON.stringify(body),
      }),
    )
  const register = (email: string, client: string, extra: Record<string, unknown> = {}) =>
    post('/api/v1/agent/register', { email, ...extra }, client)
  const confirm = (email: string, code: string, client: string) =>
    post('/api/v1/agent/register/confirm', { email, code }, client)

  return {
    run,
    /** The backing services, once started. */
    get backing(): Backing {
      return backing!
    },
    /** The app, once started. */
    get app(): AgentAuthApp {
      return app!
    },
    post,
    register,
    confirm,
    /** Registers `email` from `client` and returns the code mailed for it. */
    async codeFrom(email: string, client: string, extra: Record<string, unknown> = {}): Promise<string> {
      const sink = backing!.sink
      await app!.flush() // mail of earlier registrations is out, so the next mail to `email` is this one's
      const before = sink.messages.length
      expect((await register(email, client, extra)).status).toBe(200)
      const until = Date.now() + 10_000
      for (;;) {
        const m = sink.messages.slice(before).find((x) => x.to.includes(email.toLowerCase()))
        if (m) return m.raw.match(/confirmation code is (\d{6})/)![1]!
        if (Date.now() > until) throw new Error(`no mail for ${email}`)
        await Bun.sleep(20)
      }
    },
    /** A 6-digit code that is none of `codes`. */
    wrongFor(codes: string[], n = 0): string {
      for (let i = n; ; i++) {
        const c = String((123_457 * (i + 1)) % 1_000_000).padStart(6, '0')
        if (!codes.includes(c)) return c
      }
    },
    /** Moves the service's clock on by `ms`. */
    tick(ms: number) {
      now = new Date(now.getTime() + ms)
    },
  }
}
