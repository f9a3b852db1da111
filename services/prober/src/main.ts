// The prober service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openMigratedDatabase, serve } from '@mcp-directory/shared/runtime'
import { createProberApp } from './app'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'

const config = loadConfigOrExit()
const log = createLogger('prober', config.logLevel)
const database = await openMigratedDatabase(config, log)
const bus = openBus(config, log)
const prober = createProberApp({
  config,
  database,
  bus,
  log,
  catalog: httpCatalogHandler(config.serviceUrls.catalog, log),
})
serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => prober.app.handle(req) },
  log,
  name: 'prober',
  close: async () => {
    await prober.close()
    await bus.close()
    await database.close()
  },
})
