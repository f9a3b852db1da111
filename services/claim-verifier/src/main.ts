// The claim-verifier as its own process (stack, compose): the only file that reads the environment.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openBackends, serveService, serverSecretFrom } from '@mcp-directory/shared/runtime'
import { claimVerifierDepsFrom, createClaimVerifierApp, httpHandler } from './index'

const config = loadConfigOrExit()
const log = createLogger('claim-verifier', config.logLevel)
const backends = await openBackends(config, log)
const service = createClaimVerifierApp({
  config,
  ...backends,
  log,
  secret: serverSecretFrom(config, log),
  ...claimVerifierDepsFrom(config, log, {
    catalog: httpHandler('catalog', config.serviceUrls.catalog, log),
    submission: httpHandler('submission', config.serviceUrls.submission, log),
  }),
})
serveService('claim-verifier', config, log, backends, service)
