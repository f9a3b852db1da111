// The two public documents of directory-api §5.6, cacheable for an hour.
import { mount } from '@mcp-directory/shared/service'
import { NOSNIFF } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import { authMarkdown, protectedResourceMetadata } from './auth-docs'
import { getAuthDocument, getProtectedResourceMetadata } from './contract'

const HOUR = { 'cache-control': 'public, max-age=3600' }

/** Protected-resource metadata (RFC 9728) and /auth.md. */
export const docsRoutes = (baseUrl: string) =>
  new Elysia()
    .use(
      mount(getProtectedResourceMetadata, ({ set }) => {
        Object.assign(set.headers, HOUR)
        return protectedResourceMetadata(baseUrl)
      }),
    )
    .use(
      mount(getAuthDocument, ({ set }) => {
        Object.assign(set.headers, HOUR, NOSNIFF)
        return authMarkdown(baseUrl)
      }),
    )
