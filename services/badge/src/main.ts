// The badge service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createLogger } from '@mcp-directory/shared/log'
import { openBackends, serveService } from '@mcp-directory/shared/runtime'
import { createBadgeApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('badge', config.logLevel)
const backends = await openBackends(config, log)
const badge = createBadgeApp({
  config,
  ...backends,
  log,
  // Badges answer within the gateway's timeout: a slow catalog is given 5 s.
  catalog: httpCatalogHandler(config.serviceUrls.catalog, log, 5000),
})
serveService('badge', config, log, backends, badge)
