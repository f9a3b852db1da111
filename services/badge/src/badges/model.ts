// The badge's request (directory-api §4.12, contract §6): a value outside its list is a 400 naming the parameter,
// never a silent default. Parameters the API does not define (a README's `?v=2` cache buster) are ignored.
import { BADGE_METRICS, BADGE_STYLES, BADGE_THEMES } from '@mcp-directory/shared/badges'
import { t, type Static } from 'elysia'

const oneOf = <T extends string>(values: readonly T[], description: string) =>
  t.Optional(
    t.Union(
      values.map((v) => t.Literal(v)),
      { default: values[0], description },
    ),
  )

/** The badge's query parameters; the first value of each list is its default. */
export const BadgeQuery = t.Object({
  style: oneOf(
    BADGE_STYLES,
    'shield and flat-square look like shields.io badges; featured and directory are larger cards',
  ),
  metric: oneOf(
    BADGE_METRICS,
    'What the badge shows: official/listed and health, or a count (abbreviated: 1.2k, 3.4M)',
  ),
  theme: oneOf(BADGE_THEMES, 'Colour theme of the badge'),
})
export type BadgeQuery = Static<typeof BadgeQuery>
