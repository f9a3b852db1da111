// Pieces several pages share.
import type { ErrorBody } from '@mcp-directory/shared/errors'
import { html, type SafeHtml } from '../html'

/** An address usable as a link target: absolute http(s) only (never `javascript:` or `data:`). */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : null
  } catch {
    return null
  }
}

/** A link when the address is safe, plain text otherwise. */
export function linkOrText(url: string | null | undefined, text?: string): SafeHtml {
  const href = safeHref(url)
  const label = text ?? url ?? ''
  return href ? html`<a href="${href}" rel="nofollow ugc noopener">${label}</a>` : html`${label}`
}

/** One item of an Error object's `details`, as readable text. */
export function detailText(d: unknown): string {
  if (d === null || d === undefined) return ''
  if (typeof d !== 'object') return String(d)
  const o = d as Record<string, unknown>
  const parts: string[] = []
  const name = o.field ?? o.parameter
  if (typeof name === 'string') parts.push(`${name}:`)
  if (typeof o.message === 'string') parts.push(o.message)
  for (const [k, v] of Object.entries(o)) {
    if (k === 'field' || k === 'parameter' || k === 'message') continue
    parts.push(`${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
  }
  return parts.join(' ')
}

/** The Error object of a failed call, its message and every detail. */
export function errorNotice(e: ErrorBody, title = 'That did not work'): SafeHtml {
  const details = Array.isArray(e.details) ? e.details : []
  return html`<div class="notice bad" role="alert">
<h2>${title}</h2>
<p>${e.message} <span class="muted">(<code>${e.error}</code>)</span></p>
${details.length ? html`<ul>${details.map((d) => html`<li>${detailText(d)}</li>`)}</ul>` : ''}
</div>`
}

/**
 * A read-only text with a copy button above it (the button appears when the page script runs), so the button is
 * seen before a long config and on a phone's first screen.
 */
export function copyBlock(
  id: string,
  text: string,
  label: string,
  opts: { install?: string; format?: string } = {},
): SafeHtml {
  return html`<div class="copyrow" data-status-scope>
<button type="button" class="secondary small" data-copy="${id}" aria-label="Copy ${label}"${opts.install ? html` data-install="${opts.install}"` : ''} hidden>Copy</button>
<span class="status muted" role="status" aria-live="polite"></span>
<pre id="${id}" tabindex="0" aria-label="${label}"${opts.format ? html` data-format="${opts.format}"` : ''}>${text}</pre>
</div>`
}

/** Formats an integer for people. */
export const count = (n: unknown) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n).toLocaleString('en-US') : '0'
