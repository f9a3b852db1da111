// `featured` and `directory`: larger cards of our own design. Each theme has its own background and a border
// that keeps the card's edge visible on GitHub's light and dark pages alike. Every listing string is escaped;
// there is no script, no external reference, no foreignObject, no style element: only shapes and text.
import type { BadgeMetric, BadgeTheme } from '@mcp-directory/shared/badges'
import { isHealthy, isUnhealthy, metricText, type BadgeFacts } from './facts'
import { fitText, textWidth, xmlEscape } from './format'

interface Palette {
  bg: string
  border: string
  text: string
  muted: string
  accent: string
  accentText: string
  pill: string
}

const PALETTES: Record<BadgeTheme, Palette> = {
  dark: {
    bg: '#0d1117',
    border: '#3d444d',
    text: '#f0f6fc',
    muted: '#9198a1',
    accent: '#2f81f7',
    accentText: '#ffffff',
    pill: '#21262d',
  },
  light: {
    bg: '#ffffff',
    border: '#d1d9e0',
    text: '#1f2328',
    muted: '#59636e',
    accent: '#0969da',
    accentText: '#ffffff',
    pill: '#eff2f5',
  },
}

const FONT = 'Verdana,Geneva,DejaVu Sans,sans-serif'

const dotColor = (f: BadgeFacts, p: Palette) =>
  isUnhealthy(f.health) ? '#f85149' : isHealthy(f.health) ? '#3fb950' : f.health ? '#d29922' : p.muted

/** The directory mark: three linked nodes on the accent colour, drawn at (x, y) with side `s`. */
function mark(x: number, y: number, s: number, p: Palette): string {
  const u = s / 40
  const at = (a: number, b: number) => `${(x + a * u).toFixed(1)} ${(y + b * u).toFixed(1)}`
  return [
    `<rect x="${x}" y="${y}" width="${s}" height="${s}" rx="${(9 * u).toFixed(1)}" fill="${p.accent}"/>`,
    `<path d="M${at(12, 27)}L${at(20, 13)}L${at(28, 27)}Z" fill="none" stroke="${p.accentText}" stroke-width="${(2.2 * u).toFixed(1)}" stroke-linejoin="round"/>`,
    ...[
      [12, 27],
      [20, 13],
      [28, 27],
    ].map(
      ([a, b]) =>
        `<circle cx="${(x + a * u).toFixed(1)}" cy="${(y + b * u).toFixed(1)}" r="${(3.6 * u).toFixed(1)}" fill="${p.accentText}"/>`,
    ),
  ].join('')
}

/** The line under the name: status with a health dot, or a count with its unit. */
function metricLine(f: BadgeFacts, metric: BadgeMetric): string {
  const { label, value } = metricText(f, metric)
  if (metric !== 'status') return `${value} ${label}`
  return `${f.isOfficial ? 'Official' : 'Listed'}${f.isVerifiedActive ? ' · seen running' : ''}${f.health ? ` · ${f.health}` : ''}`
}

const svgOpen = (w: number, h: number, title: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${title}"><title>${title}</title>`

/** `featured`: a 320×76 card: the mark, "FEATURED ON MCP DIRECTORY", the server's name and the metric. */
export function renderFeatured(f: BadgeFacts, metric: BadgeMetric, theme: BadgeTheme): string {
  const p = PALETTES[theme]
  const W = 320
  const H = 76
  const left = 72
  const line = metricLine(f, metric)
  const name = fitText(f.name, W - left - 16, 15, true)
  const title = xmlEscape(`${f.name}: featured on the MCP Directory (${line})`)
  const dot = metric === 'status' ? `<circle cx="${left + 4}" cy="58" r="4" fill="${dotColor(f, p)}"/>` : ''
  const lineX = metric === 'status' ? left + 14 : left
  return [
    svgOpen(W, H, title),
    `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="10" fill="${p.bg}" stroke="${p.border}"/>`,
    mark(16, 18, 40, p),
    `<g font-family="${FONT}">`,
    `<text x="${left}" y="24" font-size="9" font-weight="bold" letter-spacing="0.8" fill="${p.muted}">FEATURED ON MCP DIRECTORY</text>`,
    `<text x="${left}" y="43" font-size="15" font-weight="bold" fill="${p.text}">${xmlEscape(name)}</text>`,
    dot,
    `<text x="${lineX}" y="62" font-size="11" fill="${p.muted}">${xmlEscape(line)}</text>`,
    '</g></svg>',
  ].join('')
}

/** `directory`: a 36 px tall wide badge: an accent panel with the mark and "MCP Directory", then name and metric. */
export function renderDirectory(f: BadgeFacts, metric: BadgeMetric, theme: BadgeTheme): string {
  const p = PALETTES[theme]
  const H = 36
  const brand = 'MCP Directory'
  const brandW = Math.ceil(8 + 20 + 7 + textWidth(brand, 12, true) + 10)
  const { label, value } = metricText(f, metric)
  const pillText = metric === 'status' ? value : `${value} ${label}`
  const pillW = Math.ceil(textWidth(pillText, 11) + (metric === 'status' ? 26 : 16))
  const name = fitText(f.name, 220, 13, true)
  const nameW = Math.ceil(textWidth(name, 13, true))
  const W = brandW + 12 + nameW + 10 + pillW + 8
  const pillX = brandW + 12 + nameW + 10
  const title = xmlEscape(`${f.name} on the MCP Directory: ${pillText}`)
  const dot = metric === 'status' ? `<circle cx="${pillX + 10}" cy="18" r="3.5" fill="${dotColor(f, p)}"/>` : ''
  return [
    svgOpen(W, H, title),
    // Shapes only, no clipPath: an id could clash with another badge's when the SVG is inlined in a page.
    `<rect width="${W}" height="${H}" rx="8" fill="${p.bg}"/>`,
    `<rect width="${brandW}" height="${H}" rx="8" fill="${p.accent}"/><rect x="${brandW - 8}" width="8" height="${H}" fill="${p.accent}"/>`,
    `<rect x="0.5" y="0.5" width="${W - 1}" height="${H - 1}" rx="8" fill="none" stroke="${p.border}"/>`,
    // On the accent panel the mark's own square vanishes and only its white nodes show.
    mark(8, 8, 20, p),
    `<g font-family="${FONT}">`,
    `<text x="35" y="22.5" font-size="12" font-weight="bold" fill="${p.accentText}">${brand}</text>`,
    `<text x="${brandW + 12}" y="23" font-size="13" font-weight="bold" fill="${p.text}">${xmlEscape(name)}</text>`,
    `<rect x="${pillX}" y="7" width="${pillW}" height="22" rx="11" fill="${p.pill}" stroke="${p.border}"/>`,
    dot,
    `<text x="${pillX + (metric === 'status' ? 18 : 8)}" y="22" font-size="11" fill="${p.text}">${xmlEscape(pillText)}</text>`,
    '</g></svg>',
  ].join('')
}
