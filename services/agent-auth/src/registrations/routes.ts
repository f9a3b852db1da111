// Registration (step 1: a code by e-mail) and confirmation (step 2: the code for a token).
import { AppError } from '@mcp-directory/shared/errors'
import { clientKey, json, jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { CLIENT_IP_HEADER } from '@mcp-directory/shared/public-api'
import { peerAddress } from '@mcp-directory/shared/runtime'
import type { MailAdmission } from '@mcp-directory/shared/mail'
import { Elysia } from 'elysia'
import type { RegistrationCounter } from './limit'
import { codeMail } from './mail'
import { ConfirmBody, RegisterBody } from './model'
import { acceptConfirmation, acceptRegistration } from './rules'
import { confirmCode } from './confirm'
import { issueCode, type RegistrationDeps } from './service'

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

/** Register and confirm. */
export function registrationRoutes(deps: RegistrationRouteDeps) {
  const { registration, baseUrl: base, log } = deps
  return new Elysia()
    .post(
      '/api/v1/agent/register',
      async ({ body, request }) => {
        // Wrong codes never refuse a registration: whoever typed them, the owner can always ask for a code.
        const input = acceptRegistration(body)
        const hit = await deps.counter.hit(input.email)
        if (hit.count > deps.perAddress) {
          const retry = String(Math.max(1, Math.ceil(hit.resetMs / 1000)))
          throw new AppError(
            429,
            'rate_limited',
            `Too many registrations for this address; retry in ${retry} s`,
            undefined,
            {
              'retry-after': retry,
            },
          )
        }
        const issued = await issueCode(registration, input, () => deps.admitMail(input.email), clientOf(request))
        deps.changed()
        deps.sendMail(codeMail(base, issued))
        log.info({ scopes: issued.scopes }, 'agent registration: code issued')
        return json({
          success: true,
          message: `A 6-digit confirmation code was sent to ${issued.email}; confirm it before ${issued.expiresAt.toISOString()}`,
          email: issued.email,
          scopes: issued.scopes,
          expiresAt: issued.expiresAt.toISOString(),
          confirm_url: `${base}/api/v1/agent/register/confirm`,
        })
      },
      { parse: jsonBody(deps.maxBodyBytes), body: RegisterBody },
    )
    .post(
      '/api/v1/agent/register/confirm',
      async ({ body, request }) => {
        const minted = await confirmCode(registration, acceptConfirmation(body), clientOf(request))
        deps.changed()
        log.info({ tokenId: minted.tokenId, agentId: minted.agentId, scopes: minted.scopes }, 'agent token minted')
        return json(
          {
            success: true,
            message: 'Token issued. It is shown only this once: store it as a secret.',
            token: minted.token,
            tokenType: 'Bearer',
            scopes: minted.scopes,
            expiresAt: minted.expiresAt.toISOString(),
            docs: {
              claim: `${base}/api/v1/agent/claim`,
              revoke: `${base}/api/v1/agent/revoke`,
              authSpec: `${base}/auth.md`,
            },
          },
          200,
          // RFC 6749 §5.1: a response carrying a token must not be cached.
          { 'cache-control': 'no-store', pragma: 'no-cache' },
        )
      },
      { parse: jsonBody(deps.maxBodyBytes), body: ConfirmBody },
    )
}
