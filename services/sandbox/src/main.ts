// The sandbox service as its own process (stack, compose, Kubernetes): the only file that reads the environment.
import { loadConfig } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { serve } from '@mcp-directory/shared/runtime'
import { httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
import { createSandboxApp } from './app'
import { bubblewrapAvailable } from './index'

const config = loadConfig()
const log = createLogger('sandbox', config.logLevel)
if (!bubblewrapAvailable())
  log.warn('bubblewrap cannot run here: every start will fail (see infra/README.md for the privileges it needs)')
const sandbox = createSandboxApp({ config, log, catalog: httpCatalogHandler(config.serviceUrls.catalog, log) })
serve({
  port: config.port,
  host: config.host,
  ready: async () => {},
  handler: { fetch: (req) => sandbox.app.handle(req) },
  log,
  name: 'sandbox',
  close: () => sandbox.close(),
})
