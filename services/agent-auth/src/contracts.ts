import { CodeSent, ConfirmBody, RegisterBody, Success, TokenInfo, TokenIssued } from './model'
import { Type as t } from '@sinclair/typebox'
import { defineContract, err, type Contract } from '@mcp-directory/shared/contracts'

export const registerAgent = defineContract({
  method: 'POST',
  path: '/api/v1/agent/register',
  service: 'agent-auth',
  operationId: 'registerAgent',
  tag: 'agent',
  limit: 'write',
  auth: null,
  summary: 'Step 1: e-mail a 6-digit confirmation code (valid 10 minutes; limited per client and per address)',
  body: RegisterBody,
  responses: {
    200: {
      description: 'Code sent',
      type: 'application/json',
      schema: CodeSent,
    },
    400: err('invalid_body (invalid e-mail or payload) or invalid_scope'),
    429: err('rate_limited'),
  },
})

export const confirmAgentRegistration = defineContract({
  method: 'POST',
  path: '/api/v1/agent/register/confirm',
  service: 'agent-auth',
  operationId: 'confirmAgentRegistration',
  tag: 'agent',
  limit: 'write',
  auth: null,
  summary: 'Step 2: exchange the code for a Bearer token (shown once; valid 90 days). 5 wrong tries kill the code',
  body: ConfirmBody,
  responses: {
    200: {
      description: 'Token issued (Cache-Control: no-store)',
      type: 'application/json',
      schema: TokenIssued,
    },
    400: err('invalid_code (missing, expired or incorrect code), too_many_attempts, invalid_body'),
    429: err('rate_limited'),
    503: err('service_unavailable: the attempt counter is unavailable (fails closed)'),
  },
})

export const revokeAgentToken = defineContract({
  method: 'POST',
  path: '/api/v1/agent/revoke',
  service: 'agent-auth',
  operationId: 'revokeAgentToken',
  tag: 'agent',
  limit: 'read',
  auth: 'bearer',
  revokesToken: true,
  summary: 'Revoke the Bearer token of this request (any scope); refused everywhere within a second',
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

export const getProtectedResourceMetadata = defineContract({
  method: 'GET',
  path: '/.well-known/oauth-protected-resource',
  service: 'agent-auth',
  operationId: 'getProtectedResourceMetadata',
  tag: 'agent',
  limit: 'read',
  auth: null,
  summary: 'OAuth 2.0 protected-resource metadata (RFC 9728)',
  responses: {
    200: {
      description: 'Metadata',
      type: 'application/json',
      schema: t.Object({
        resource: t.String({ format: 'uri' }),
        resource_name: t.String(),
        scopes_supported: t.Array(t.String()),
        bearer_methods_supported: t.Array(t.String()),
        resource_documentation: t.String({ format: 'uri' }),
      }),
    },
  },
})

export const getAuthDocument = defineContract({
  method: 'GET',
  path: '/auth.md',
  service: 'agent-auth',
  operationId: 'getAuthDocument',
  tag: 'agent',
  limit: 'read',
  auth: null,
  summary: 'How an agent gets, uses and revokes a token (Markdown, with curl examples and MCP tool equivalents)',
  responses: { 200: { description: 'Markdown document', type: 'text/markdown', schema: t.String() } },
})

/** The agent-auth service's public routes. */
export const AGENT_AUTH_CONTRACTS: Contract[] = [
  registerAgent,
  confirmAgentRegistration,
  revokeAgentToken,
  getAgentToken,
  getProtectedResourceMetadata,
  getAuthDocument,
]
