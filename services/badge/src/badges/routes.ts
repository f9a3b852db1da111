// GET /api/badge/:id: the image, cacheable, with a strong ETag; every badge shown is an impression.
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { mount, NotModified } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import type { CachedBadge } from '../cache/badge-cache'
import type { BadgeOptions } from '../render'
import { getBadge } from './contract'
import { matches } from './service'

/** Headers of every badge image: cacheable for two minutes, and inert if opened directly. */
const IMAGE_HEADERS = {
  // The bare media type, as badges have always been served (no charset parameter).
  'content-type': 'image/svg+xml',
  'cache-control': 'public, max-age=120',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  // READMEs on other sites embed the image.
  'cross-origin-resource-policy': 'cross-origin',
}

/** The badge route over a reader of badges and the impression counter. */
export const badgeRoutes = (
  badge: (id: string, o: BadgeOptions) => Promise<CachedBadge>,
  countImpression: (id: string) => void,
) =>
  new Elysia().use(
    mount(getBadge, async ({ params, query, request, set }) => {
      // The model fills in the defaults; they are named again only for the type.
      const o: BadgeOptions = {
        style: query.style ?? BADGE_STYLES[0],
        metric: query.metric ?? BADGE_METRICS[0],
        theme: query.theme ?? BADGE_THEMES[0],
      }
      const b = await badge(params.id, o)
      // An impression is a badge shown, whether its bytes were sent or the client's copy was still good.
      countImpression(params.id)
      if (matches(request.headers.get('if-none-match'), b.etag)) {
        Object.assign(set.headers, { etag: b.etag, 'cache-control': IMAGE_HEADERS['cache-control'] })
        return new NotModified()
      }
      Object.assign(set.headers, IMAGE_HEADERS, { etag: b.etag })
      return b.svg
    }),
  )
