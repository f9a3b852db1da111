// The badge service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openMigratedDatabase, openStore, serve } from '@mcp-directory/shared/runtime'
import { createBadgeApp } from './app'

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
  // Badges answer within the gateway's timeout: a slow catalog is given 5 s.
  catalog: httpCatalogHandler(config.serviceUrls.catalog, log, 5000),
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
