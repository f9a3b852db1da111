// The two public documents of directory-api §5.6, cacheable for an hour.
import { json } from '@mcp-directory/shared/http'
import { textDocument } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import { authMarkdown, protectedResourceMetadata } from './auth-docs'

/** Protected-resource metadata (RFC 9728) and /auth.md. */
export const docsRoutes = (baseUrl: string) =>
  new Elysia()
    .get('/.well-known/oauth-protected-resource', () =>
      json(protectedResourceMetadata(baseUrl), 200, { 'cache-control': 'public, max-age=3600' }),
    )
    .get('/auth.md', () =>
      textDocument(authMarkdown(baseUrl), 'text/markdown; charset=utf-8', {
        headers: { 'cache-control': 'public, max-age=3600' },
      }),
    )
