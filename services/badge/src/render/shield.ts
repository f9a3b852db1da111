// `shield` and `flat-square`: shields.io badges drawn by badge-maker, which measures text as shields does.
import type { BadgeMetric, BadgeTheme } from '@mcp-directory/shared/badges'
import { makeBadge } from 'badge-maker'
import { isUnhealthy, metricText, type BadgeFacts } from './facts'
import { xmlEscape } from './format'

// Label side per theme: a dark grey label, or a light one (badge-maker picks dark text on it by brightness).
const LABEL_COLOR: Record<BadgeTheme, string> = { dark: '#30363d', light: '#eaeef2' }

function valueColor(f: BadgeFacts, metric: BadgeMetric): string {
  if (metric === 'status') return isUnhealthy(f.health) ? '#cf222e' : f.isOfficial ? '#0969da' : '#1f883d'
  return { upvotes: '#8250df', views: '#0969da', installs: '#1f883d' }[metric]
}

/** A shields-like badge; its accessible title also names the listing. */
export function renderShield(
  f: BadgeFacts,
  metric: BadgeMetric,
  theme: BadgeTheme,
  style: 'flat' | 'flat-square',
): string {
  const { label, value } = metricText(f, metric)
  const svg = makeBadge({
    label: metric === 'status' ? label : `MCP ${label}`,
    message: value,
    color: valueColor(f, metric),
    labelColor: LABEL_COLOR[theme],
    style,
  })
  // badge-maker titles the image "label: message"; screen readers should also hear which server it is.
  const accessible = xmlEscape(`${f.name} on the MCP Directory: ${metric === 'status' ? value : `${value} ${label}`}`)
  // Replacer functions, not strings: a name such as `$&` must not be read as a replacement pattern.
  return svg
    .replace(/aria-label="[^"]*"/, () => `aria-label="${accessible}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${accessible}</title>`)
}
