// The catalog service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBackends, operatorTokenFrom, serveService } from '@mcp-directory/shared/runtime'
import { createCatalogApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('catalog', config.logLevel)
// The store is shared by every catalog replica: which clients' installs were counted today, which signed timestamps
// were used.
const backends = await openBackends(config, log)
const { token } = operatorTokenFrom(config)
const catalog = createCatalogApp({ config, ...backends, log, operatorToken: token })
// An upstream registry to follow (one replica syncs at a time: the sync holds a lease in the database).
if (config.registryUpstreamUrl) catalog.followRegistry(config.registryUpstreamUrl, config.registrySyncMinutes * 60_000)
serveService('catalog', config, log, backends, catalog)
