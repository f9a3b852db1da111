/** The claim-verifier's public face: its factory, the wiring from configuration, and its clients. */
import type { Config } from '@mcp-directory/shared/config'
import type { Logger } from '@mcp-directory/shared/log'
import { addressResolver, createOutboundFetcher } from '@mcp-directory/shared/outbound'
import type { ClaimVerifierDeps } from './app'
import { txtLookup } from './checks/dns'
import { githubReadme } from './checks/github'
import { catalogClient } from '@mcp-directory/shared/catalog-client'
import { submissionClient, type Handler } from './clients'
import { githubHomepage } from './sites'

export { createClaimVerifierApp, CLAIM_ATTEMPTS, type ClaimVerifierDeps, type ClaimVerifierService } from './app'
export { httpHandler, submissionClient, type Handler } from './clients'
export { catalogClient } from '@mcp-directory/shared/catalog-client'
export { proofFor, DNS_LABEL, TXT_PREFIX, META_NAME } from './proof'

/** The outside world as configuration names it: DNS_SERVERS, GITHUB_API_URL/TOKEN, OUTBOUND_ALLOW_PRIVATE. */
export function claimVerifierDepsFrom(
  config: Config,
  log: Logger,
  services: { catalog: Handler; submission: Handler },
): Pick<ClaimVerifierDeps, 'catalog' | 'submission' | 'outbound' | 'txt' | 'readme' | 'homepage'> {
  return {
    catalog: catalogClient(services.catalog),
    submission: submissionClient(services.submission),
    outbound: createOutboundFetcher({
      allowPrivate: config.outboundAllowPrivate,
      resolve: addressResolver(config.dnsServers),
    }),
    txt: txtLookup(config.dnsServers),
    readme: githubReadme(config.githubApiUrl, config.githubToken),
    homepage: githubHomepage(config.githubApiUrl, config.githubToken, log),
  }
}
