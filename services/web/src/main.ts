// The web service as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { publicApiClient } from '@mcp-directory/shared/public-api'
import { openStore, serve, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { createWebApp } from './app'

const config = loadConfigOrExit()
const log = createLogger('web', config.logLevel)
const secret = serverSecretFrom(config, log)
// Pages read the directory through the gateway's public API, on behalf of each visitor.
const api = publicApiClient({ gatewayUrl: config.gatewayUrl, secret })
// The operator page's sessions live in the shared store (Redis), so any replica serves a signed-in operator.
const kv = openStore(config)
const web = createWebApp({ config, log, api, secret, kv })
serve({
  port: config.port,
  host: config.host,
  handler: { fetch: (req) => web.app.handle(req) },
  log,
  name: 'web',
  close: async () => {
    await web.close()
    await kv.close()
  },
})
