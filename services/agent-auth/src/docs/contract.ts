// The two public documents of directory-api §5.6: protected-resource metadata (RFC 9728) and /auth.md.
import { defineContract } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'

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
