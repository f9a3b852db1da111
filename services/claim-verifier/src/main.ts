// The claim-verifier as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBus, openMigratedDatabase, openStore, serve, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { claimVerifierDepsFrom, createClaimVerifierApp, httpHandler } from './index'

const config = loadConfigOrExit()
const log = createLogger('claim-verifier', config.logLevel)
const database = await openMigratedDatabase(config, log)
const kv = openStore(config)
const bus = openBus(config, log)
const service = createClaimVerifierApp({
  config,
  database,
  kv,
  bus,
  log,
  secret: serverSecretFrom(config, log),
  ...claimVerifierDepsFrom(config, log, {
    catalog: httpHandler('catalog', config.serviceUrls.catalog, log),
    submission: httpHandler('submission', config.serviceUrls.submission, log),
  }),
})
serve({
  port: config.port,
  host: config.host,
  ready: () => database.ping(),
  handler: { fetch: (req) => service.app.handle(req) },
  log,
  name: 'claim-verifier',
  close: async () => {
    await service.close()
    await bus.close()
    await kv.close()
    await database.close()
  },
})
