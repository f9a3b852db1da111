// A whole directory in this process for the web tests, as all-in-one builds it: the gateway with every service
// mounted in-process, on the real PostgreSQL, Redis and NATS (a fresh database, stream and key prefix), a real
// SMTP sink and a real DNS server on loopback, served by Bun.serve on a free port.
import { createAgentAuthApp } from '@mcp-directory/agent-auth'
import { createBadgeApp } from '@mcp-directory/badge'
import { createCatalogApp } from '@mcp-directory/catalog'
import { claimVerifierDepsFrom, createClaimVerifierApp } from '@mcp-directory/claim-verifier'
import { createSubmissionApp } from '@mcp-directory/submission'
import { createLogger } from '@mcp-directory/shared/log'
import { createSmtpMailer } from '@mcp-directory/shared/mail'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import {
  freePort,
  isolatedEnv,
  runToken,
  startBacking,
  startDnsServer,
  testConfig,
} from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../../../gateway/src/app'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createWebApp } from '../src'

export const OPERATOR = 'web-test-operator-token-0123456789'
export const SECRET = 'web-test-server-secret-0123456789abcdef'

/** Starts the directory; `stop()` closes everything and drops the run's database and stream. */
export async function startDirectory(overrides: Record<string, string> = {}) {
  // Every log line of every service, kept so tests can check that no secret is ever written.
  const logLines: string[] = []
  const log = createLogger('test', 'debug', { write: (line: string) => void logLines.push(line) })
  const env = isolatedEnv(runToken(), '')
  const backing = await startBacking(env, log)
  const dns = await startDnsServer()
  const port = freePort()
  const base = `http://127.0.0.1:${port}`
  const config = testConfig({
    PUBLIC_BASE_URL: base,
    DNS_SERVERS: dns.address,
    VIEW_FLUSH_MS: '100',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_WRITE_PER_HOUR: '100000',
    ...overrides,
  })
  const { database, kv, bus, sink } = backing
  const mailer = createSmtpMailer(sink.url, 'no-reply@dir.test')
  const catalog = createCatalogApp({ config, database, bus, log, operatorToken: OPERATOR })
  const badge = createBadgeApp({
    config,
    database,
    kv,
    bus,
    log,
    catalog: (r) => catalog.app.handle(r),
    consumerName: `badge-${runToken()}`,
  })
  const submission = createSubmissionApp({
    config,
    database,
    bus,
    log,
    operatorToken: OPERATOR,
    secret: SECRET,
    catalog: (r) => catalog.app.handle(r),
    mailer,
  })
  const agentAuth = createAgentAuthApp({ config, database, bus, kv, log, mailer, secret: SECRET })
  const claims = createClaimVerifierApp({
    config,
    database,
    kv,
    bus,
    log,
    secret: SECRET,
    ...claimVerifierDepsFrom(config, log, {
      catalog: (r) => catalog.app.handle(r),
      submission: (r) => submission.app.handle(r),
    }),
  })
  // `gateway` is only used once requests arrive, after it is built below.
  const web = createWebApp({
    config,
    log,
    secret: SECRET,
    kv,
    api: publicApiClient({ gatewayUrl: base, secret: SECRET, handler: (r) => gateway.app.handle(r) }),
  })
  const gateway = createGatewayApp({
    config,
    log,
    kv,
    bus,
    operatorToken: OPERATOR,
    secret: SECRET,
    upstreams: {
      catalog: inProcessUpstream('catalog', (r) => catalog.app.handle(r)),
      badge: inProcessUpstream('badge', (r) => badge.app.handle(r)),
      submission: inProcessUpstream('submission', (r) => submission.app.handle(r)),
      'agent-auth': inProcessUpstream('agent-auth', (r) => agentAuth.app.handle(r)),
      'claim-verifier': inProcessUpstream('claim-verifier', (r) => claims.app.handle(r)),
      web: inProcessUpstream('web', (r) => web.app.handle(r)),
    },
  })
  const server = Bun.serve({ hostname: '127.0.0.1', port, fetch: (req) => gateway.app.handle(req) })

  /** Imports registry entries through the operator API. */
  const importEntries = async (entries: unknown[]) => {
    const res = await fetch(`${base}/api/v1/admin/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify(entries),
    })
    if (res.status !== 200) throw new Error(`import failed: ${res.status} ${await res.text()}`)
    return (await res.json()) as { created: number }
  }

  return {
    base,
    config,
    database,
    kv,
    dns,
    sink,
    catalog,
    importEntries,
    /** Everything logged so far. */
    logs: () => logLines.join(''),
    stop: async () => {
      server.stop(true)
      await gateway.close()
      await web.close()
      await claims.close()
      await agentAuth.close()
      await submission.close()
      await badge.close()
      await catalog.close()
      await dns.close()
      await backing.close()
    },
  }
}

/** The directory started by `startDirectory`. */
export type TestDirectory = Awaited<ReturnType<typeof startDirectory>>
