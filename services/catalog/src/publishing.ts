/**
 * Builds the publishing API and the owners' operations from the catalog's configuration: SERVER_SECRET signs the tokens, DNS_SERVERS,
 * GITHUB_API_URL, NPM_REGISTRY_URL and PYPI_URL are where proofs and packages are read, PUBLISH_AUTH_NONE=1 opens
 * `/auth/none` (development), PUBLISH_MODERATION=1 makes a new published listing wait for an operator.
 */
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import type { Logger } from '@mcp-directory/shared/log'
import { addressResolver, resolvedRemotesReason } from '@mcp-directory/shared/outbound'
import { serverSecretFrom } from '@mcp-directory/shared/runtime'
import { Elysia } from 'elysia'
import type { Importer } from './import/importer'
import { ownerRoutes } from './owners/routes'
import { ownerService } from './owners/service'
import { changeListingStatus } from './moderation/service'
import { registryService } from './registry/service'
import { registryAuth } from './publish/auth-service'
import { packageReader, type PackageReader } from './publish/packages'
import { publishRoutes } from './publish/routes'
import { publishService } from './publish/service'
import { proofSources, type ProofSources } from './publish/sources'
import { registryTokens } from './publish/token'
import { roleCheck } from './publish/org-role'
import { recheckRoles, startRoleRecheck } from './publish/role-recheck'

/** What tests (and a host process) may set instead of the environment. */
export interface PublishingOptions {
  allowAnonymous?: boolean
  moderate?: boolean
  /** The key file's address for a domain (tests: a loopback stand-in over plain HTTP). */
  wellKnownUrl?: (domain: string) => string
  sources?: Partial<ProofSources>
  readPackage?: PackageReader
  now?: () => number
}

export function publishing(deps: {
  config: Config
  database: Database
  log: Logger
  /** Where signed timestamps already used are remembered (shared by replicas). */
  kv: KeyValueStore
  /** Signs registry tokens (default: SERVER_SECRET, see shared/src/runtime). */
  secret?: string
  namespace: string
  importDocument: Importer
  nudge: () => void
  publishing?: PublishingOptions
}) {
  const { config, database, log } = deps
  const o = deps.publishing ?? {}
  const env = (k: string) => (typeof Bun !== 'undefined' ? Bun.env[k] : process.env[k])
  const sources = {
    ...proofSources({
      dnsServers: config.dnsServers,
      githubApiUrl: config.githubApiUrl,
      githubToken: config.githubToken,
      allowPrivate: config.outboundAllowPrivate,
      wellKnownUrl: o.wellKnownUrl,
    }),
    ...o.sources,
  }
  // A remote's name is resolved where it is written, through the resolver outbound fetches use (DNS_SERVERS).
  const remoteResolving = {
    allowPrivate: config.outboundAllowPrivate,
    resolve: addressResolver(config.dnsServers, { strict: true }),
  }
  const tokens = registryTokens(() => deps.secret ?? serverSecretFrom(config, log), o.now)
  const readPackage = o.readPackage ?? packageReader({ npmUrl: config.npmRegistryUrl, pypiUrl: config.pypiUrl })
  const auth = registryAuth({
    log: log.child({ part: 'registry-auth' }),
    tokens,
    sources,
    allowAnonymous: o.allowAnonymous ?? env('PUBLISH_AUTH_NONE') === '1',
    firstUse: async (key, windowMs) => (await deps.kv.hit(key, windowMs)).count === 1,
    now: o.now,
  })
  const roles = roleCheck({ sources, database, log: log.child({ part: 'org-role' }), nudge: deps.nudge })
  const publish = publishService({
    database,
    log: log.child({ part: 'publish' }),
    readPackage,
    importDocument: deps.importDocument,
    nudge: deps.nudge,
    roles,
    moderate: o.moderate ?? env('PUBLISH_MODERATION') === '1',
    refusedRemotes: (remotes) => resolvedRemotesReason(remotes, remoteResolving),
    flag: async (id) => {
      await changeListingStatus(database, id, 'flagged', 'published: waiting for moderation')
      deps.nudge()
    },
  })
  const registry = registryService({ database, baseUrl: config.publicBaseUrl, namespace: deps.namespace })
  const owners = ownerService({
    database,
    log: log.child({ part: 'owners' }),
    tokens,
    readPackage,
    nudge: deps.nudge,
    roles,
    allowPrivateRemotes: config.outboundAllowPrivate,
    refusedRemotes: (remotes) => resolvedRemotesReason(remotes, remoteResolving),
  })
  const routes = new Elysia({ name: 'catalog:publishing' })
    .use(publishRoutes({ auth, publish, registry, baseUrl: config.publicBaseUrl }))
    .use(ownerRoutes(owners, database))
  // Marks follow their roles between uses too: each pair asked again about daily, the first pass minutes after start.
  const roleRecheck = startRoleRecheck(database, roles, log.child({ part: 'org-role' }))
  return {
    auth,
    publish,
    owners,
    routes,
    /** Asks the standing publisher marks' organisation roles again now, least recently checked first (operators, tests). */
    recheckRoles: () => recheckRoles(database, roles, log.child({ part: 'org-role' })),
    stop: roleRecheck.stop,
  }
}
