// One entry point for every badge style.
import type { BadgeMetric, BadgeStyle, BadgeTheme } from '@mcp-directory/shared/badges'
import { renderDirectory, renderFeatured } from './card'
import type { BadgeFacts } from './facts'
import { renderShield } from './shield'

export { abbreviate, cleanText, xmlEscape } from './format'
export { factsOf, type BadgeFacts, type ListingForBadge } from './facts'

/** Bumped whenever any design changes, so cached renders of the old design are never served again. */
export const RENDER_VERSION = '2'

/** What a request asks for besides the listing. */
export interface BadgeOptions {
  style: BadgeStyle
  metric: BadgeMetric
  theme: BadgeTheme
}

/** Renders one badge as an SVG document. */
export function renderBadge(f: BadgeFacts, o: BadgeOptions): string {
  switch (o.style) {
    case 'shield':
      return renderShield(f, o.metric, o.theme, 'flat')
    case 'flat-square':
      return renderShield(f, o.metric, o.theme, 'flat-square')
    case 'featured':
      return renderFeatured(f, o.metric, o.theme)
    case 'directory':
      return renderDirectory(f, o.metric, o.theme)
  }
}
