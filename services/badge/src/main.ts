// The badge service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openMigratedDatabase, openStore, serve } from '@mcp-directory/shared/runtime'
import { createBadgeApp } from './app'
import { catalogListingReader, httpCatalogHandler } from './listings/client'

const config = loadConfigOrExit()
const log = createLogger('badge', config.logLevel)
const database = await openMigratedDatabase(config, log)
const kv = openStore(config)
const bus = openBus(config, log)
const badge = createBadgeApp({
  config,
  database,
  kv,
  bus,
  log,
  fetchListing: catalogListingReader(httpCatalogHandler(config.serviceUrls.catalog, log)),
})
serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => badge.app.handle(req) },
  log,
  name: 'badge',
  close: async () => {
    await badge.close()
    await bus.close()
    await kv.close()
    await database.close()
  },
})
