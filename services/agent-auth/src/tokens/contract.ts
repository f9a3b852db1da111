// A token's own public routes: the token of the request is the credential.
import { defineContract, err } from '@mcp-directory/shared/contracts'
import { IntrospectBody, Introspection, RevokeQuery, Success, TokenInfo } from './model'

export const revokeAgentToken = defineContract({
  method: 'POST',
  path: '/api/v1/agent/revoke',
  service: 'agent-auth',
  operationId: 'revokeAgentToken',
  tag: 'agent',
  limit: 'read',
  auth: 'bearer',
  revokesToken: true,
  summary:
    'Revoke the Bearer token of this request (any scope), or with `all=1` every live token of its agent; refused everywhere within a second',
  query: RevokeQuery,
  responses: {
    200: { description: 'Revoked', type: 'application/json', schema: Success },
    401: err('unauthorized: missing, invalid or already revoked token (WWW-Authenticate: Bearer …)'),
    429: err('rate_limited'),
  },
})

export const getAgentToken = defineContract({
  method: 'GET',
  path: '/api/v1/agent/me',
  service: 'agent-auth',
  operationId: 'getAgentToken',
  tag: 'agent',
  limit: 'read',
  auth: 'bearer',
  summary: 'The Bearer token of this request: its agent, scopes and expiry (additive to v1; any scope)',
  responses: {
    200: {
      description: 'The token',
      type: 'application/json',
      schema: TokenInfo,
    },
    401: err('unauthorized: missing, invalid, expired or revoked token (WWW-Authenticate: Bearer …)'),
    429: err('rate_limited'),
  },
})

/** `POST /internal/introspect`: the gateway's Bearer check (internal: never routed by the gateway). */
export const introspectToken = defineContract({
  method: 'POST',
  path: '/internal/introspect',
  service: 'agent-auth',
  operationId: 'introspectToken',
  tag: 'internal',
  limit: null,
  auth: null,
  hidden: true,
  summary: 'Whether an agent token is active, and whose it is and what it may do (Cache-Control: no-store)',
  body: IntrospectBody,
  responses: {
    200: { description: 'The token, active or not', type: 'application/json', schema: Introspection },
    400: err('invalid_body'),
    413: err('Body too large'),
  },
})
