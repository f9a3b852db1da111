// Registration (step 1: a code by e-mail) and confirmation (step 2: the code for a token).
import { RateLimited } from '@mcp-directory/shared/errors'
import { clientKey, jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import { mount } from '@mcp-directory/shared/service'
import type { MailAdmission } from '@mcp-directory/shared/mail'
import { Elysia } from 'elysia'
import type { RegistrationCounter } from './limit'
import { codeMail } from './mail'
import { confirmAgentRegistration, registerAgent } from './contract'
import { acceptConfirmation, acceptRegistration } from './rules'
import { confirmCode } from './confirm'
import { issueCode, type RegistrationDeps, retryAfter } from './service'

/** What the registration routes need. */
export interface RegistrationRouteDeps {
  registration: RegistrationDeps
  baseUrl: string
  log: Logger
  /** Registrations per address per hour. */
  perAddress: number
  counter: RegistrationCounter
  admitMail: (email: string) => Promise<MailAdmission>
  /** Sends a mail in the background with retries: a slow SMTP server never fails or delays an answer. */
  sendMail: (mail: { to: string; subject: string; text: string }) => void
  /** Called after a change (the outbox relay is nudged). */
  changed: () => void
  maxBodyBytes: number
}

/**
 * The client a request comes from: the address the gateway names in its own header (set after its trusted-hop
 * reading of X-Forwarded-For; a client's copy is stripped), else the peer; an IPv6 client is its /64.
 */
const clientOf = (request: Request) =>
  clientKey(request.headers.get(CLIENT_IP_HEADER) ?? peerAddress(request) ?? 'local')

/** Step 1: a code by e-mail, limited per address (wrong codes never refuse it: the owner can always ask again). */
const registration = (deps: RegistrationRouteDeps) =>
  mount(
    registerAgent,
    async ({ body, request }) => {
      const input = acceptRegistration(body)
      const hit = await deps.counter.hit(input.email)
      if (hit.count > deps.perAddress) {
        const retry = retryAfter(hit.resetMs)
        throw new RateLimited(`Too many registrations for this address; retry in ${retry} s`, retry)
      }
      const issued = await issueCode(deps.registration, input, () => deps.admitMail(input.email), clientOf(request))
      deps.changed()
      deps.sendMail(codeMail(deps.baseUrl, issued))
      deps.log.info({ scopes: issued.scopes }, 'agent registration: code issued')
      return {
        success: true,
        message: `A 6-digit confirmation code was sent to ${issued.email}; confirm it before ${issued.expiresAt.toISOString()}`,
        email: issued.email,
        scopes: issued.scopes,
        expiresAt: issued.expiresAt.toISOString(),
        confirm_url: `${deps.baseUrl}/api/v1/agent/register/confirm`,
      }
    },
    { parse: jsonBody(deps.maxBodyBytes) },
  )

/** Step 2: the code for a token, shown this once. */
const confirmation = (deps: RegistrationRouteDeps) =>
  mount(
    confirmAgentRegistration,
    async ({ body, request, set }) => {
      const minted = await confirmCode(deps.registration, acceptConfirmation(body), clientOf(request))
      deps.changed()
      deps.log.info({ tokenId: minted.tokenId, agentId: minted.agentId, scopes: minted.scopes }, 'agent token minted')
      // RFC 6749 §5.1: a response carrying a token must not be cached.
      Object.assign(set.headers, { 'cache-control': 'no-store', pragma: 'no-cache' })
      const base = deps.baseUrl
      return {
        success: true,
        message: 'Token issued. It is shown only this once: store it as a secret.',
        token: minted.token,
        tokenType: 'Bearer' as const,
        scopes: minted.scopes,
        expiresAt: minted.expiresAt.toISOString(),
        docs: {
          claim: `${base}/api/v1/agent/claim`,
          revoke: `${base}/api/v1/agent/revoke`,
          authSpec: `${base}/auth.md`,
        },
      }
    },
    { parse: jsonBody(deps.maxBodyBytes) },
  )

/** Register and confirm. */
export const registrationRoutes = (deps: RegistrationRouteDeps) =>
  new Elysia().use(registration(deps)).use(confirmation(deps))
