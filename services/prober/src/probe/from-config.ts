// The listing prober as the configuration sets it up: its readers (GitHub, npm/PyPI), the outbound-safety
// fetcher for remote endpoints, and the per-host limit.
import type { CatalogClient } from '@mcp-directory/shared/catalog-client'
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { addressResolver, createOutboundFetcher, OUTBOUND_USER_AGENT } from '@mcp-directory/shared/outbound'
import { HostLimiter } from '../limits'
import { githubReader } from './github'
import { listingProber } from './listing'
import { registryReader } from '@mcp-directory/shared/install'

/** What the configured prober is given besides the configuration. */
export interface ProberParts {
  database: Database
  catalog: CatalogClient
  log: Logger
  /** The fetch used for remote endpoints (default: the outbound-safety fetcher built from config). */
  outboundFetch?: typeof fetch
  /** The fetch used for the GitHub API (default: global fetch). */
  githubFetch?: typeof fetch
}

/** Probes one listing job (see listingProber), set up from the configuration. */
export function configuredProber(config: Config, parts: ProberParts) {
  const limits = config.probe
  const outbound = createOutboundFetcher({
    allowPrivate: config.outboundAllowPrivate,
    resolve: addressResolver(config.dnsServers),
    timeoutMs: limits.timeoutMs,
  })
  return listingProber({
    database: parts.database,
    catalog: parts.catalog,
    github: githubReader({
      apiUrl: config.githubApiUrl,
      token: config.githubToken,
      timeoutMs: limits.timeoutMs,
      fetch: parts.githubFetch,
      userAgent: OUTBOUND_USER_AGENT,
    }),
    registry: registryReader({
      npmUrl: config.npmRegistryUrl,
      pypiUrl: config.pypiUrl,
      timeoutMs: limits.timeoutMs,
      userAgent: OUTBOUND_USER_AGENT,
    }),
    outboundFetch: parts.outboundFetch ?? outbound.fetch,
    resolveRemote: addressResolver(config.dnsServers, { strict: true }),
    allowPrivate: config.outboundAllowPrivate,
    hosts: new HostLimiter(limits.perHost),
    timeoutMs: limits.timeoutMs,
    log: parts.log,
  })
}
