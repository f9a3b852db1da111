// The catalog service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openMigratedDatabase, openStore, operatorTokenFrom, serve } from '@mcp-directory/shared/runtime'
import { createCatalogApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('catalog', config.logLevel)
const database = await openMigratedDatabase(config, log)
const bus = openBus(config, log)
// Shared by every catalog replica: which clients' installs were counted today, which signed timestamps were used.
const kv = openStore(config)
const { token } = operatorTokenFrom(config)
const catalog = createCatalogApp({ config, database, bus, kv, log, operatorToken: token })
// An upstream registry to follow (one replica syncs at a time: the sync holds a lease in the database).
if (config.registryUpstreamUrl) catalog.followRegistry(config.registryUpstreamUrl, config.registrySyncMinutes * 60_000)
serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => catalog.app.handle(req) },
  log,
  name: 'catalog',
  close: async () => {
    await catalog.close()
    await bus.close()
    await kv.close()
    await database.close()
  },
})
