/**
 * HTML templates: one escaping helper. Every value put into an `html` template is escaped unless it is itself
 * a template result (already safe) or was explicitly marked with `trusted` (sanitised README HTML only). Escaped
 * text also loses its control, bidi and invisible characters (shared/text), as in the directory's Markdown.
 */
import { cleanText } from '@mcp-directory/shared/text'

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
}

/** Escapes text for an HTML element body or a quoted attribute value (line breaks kept, invisible characters removed). */
export function escapeHtml(value: unknown): string {
  return cleanText(String(value ?? ''), { multiline: true }).replace(/[&<>"'`]/g, (c) => ESCAPES[c])
}

/** HTML that is safe to emit as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

/** Marks markup produced by a sanitiser (or by this module) as safe; never call it on user input. */
export const trusted = (markup: string) => new SafeHtml(markup)

type Part = SafeHtml | string | number | boolean | null | undefined | Part[]

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return ''
  if (part instanceof SafeHtml) return part.value
  if (Array.isArray(part)) return part.map(render).join('')
  return escapeHtml(part)
}

/** Tagged template: interpolated values are escaped; nested templates and arrays of them are kept. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0]
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]
  return new SafeHtml(out)
}
