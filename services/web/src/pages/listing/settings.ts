// The settings part of a listing's install: the line that says what the install needs, and the "Your settings"
// form the page script uses to fill the visitor's values into every config on the page before it is copied. The
// form has no action and sends nothing; it is hidden until the script shows it (without the script it does
// nothing). Every text of a setting comes from the listing and is escaped by the html template.
import type { ServerDetail } from '@mcp-directory/shared/contracts'
import { html, type SafeHtml } from '../../html'

type Setting = NonNullable<NonNullable<ServerDetail['install']>['settings']>[number]

/** The settings of a listing's install, as the detail carries them (none when it does not). */
export const settingsOf = (s: ServerDetail): Setting[] => s.install?.settings ?? []

/** What the install needs, in one line: each required setting with what it is, or that none is required. */
export function needsLine(s: ServerDetail): SafeHtml {
  if (!s.install?.settings) return html``
  const settings = settingsOf(s)
  const required = settings.filter((x) => x.required)
  const optional = settings.length - required.length
  const more = optional ? ` (${optional} optional)` : ''
  // Only what the entry (or the package's README) declares is known: nothing declared is not a promise.
  if (!required.length)
    return html`<p class="needs muted small" id="needs">No settings required, as far as its entry says${more}.</p>`
  return html`<p class="needs small" id="needs">Needs ${required.map((x, i) => html`${i ? '; ' : ''}<code>${x.variable}</code>${x.description ? `: ${x.description}` : ''}`)}${more}.</p>`
}

/** The hint under a field: its description, the form of its value and its default. */
function hint(x: Setting): string {
  const form =
    x.format === 'filepath'
      ? 'A path on your computer.'
      : x.format === 'number'
        ? 'A number.'
        : x.format === 'boolean'
          ? 'true or false.'
          : ''
  const parts = [
    x.description ? `${x.description.replace(/[.\s]+$/, '')}.` : '',
    form,
    x.secret ? 'Secret: it stays in this page.' : '',
    x.default ? `Default: ${x.default}.` : '',
  ]
  return parts.filter(Boolean).join(' ')
}

/** One field: labelled with the setting's variable, described by its hint; a select when it takes only some values. */
function field(x: Setting, i: number): SafeHtml {
  const id = `setting-${i}`
  const text = hint(x)
  const data = html`id="${id}" name="${x.variable}" data-variable="${x.variable}" data-placeholder="${x.placeholder}" data-kind="${x.kind}" data-name="${x.name}"${x.required ? html` data-required` : ''}${text ? html` aria-describedby="${id}-hint"` : ''}`
  // A required setting starts at its default; an optional one is left out until given (its default applies then).
  const given = x.required ? x.default : undefined
  const choices = x.choices?.length ? x.choices : x.format === 'boolean' ? ['true', 'false'] : null
  const control = choices
    ? html`<select ${data}><option value=""${given ? '' : html` selected`}>(not set)</option>${choices.map((c) => html`<option value="${c}"${c === given ? html` selected` : ''}>${c}</option>`)}</select>`
    : html`<input type="${x.secret ? 'password' : 'text'}" ${data}${x.format === 'number' ? html` inputmode="decimal"` : ''}${x.example ? html` placeholder="${x.example}"` : ''}${given ? html` value="${given}"` : ''} autocomplete="off" spellcheck="false">`
  return html`<div class="field"><label for="${id}">${x.variable}${x.required ? '' : html` <span class="hint-inline">(optional)</span>`}</label>
${control}${text ? html`<span class="hint" id="${id}-hint">${text}</span>` : ''}</div>`
}

/**
 * The "Your settings" form: one field per required setting, the optional ones folded below. Hidden until the page
 * script runs; it has no action, and the script keeps it from being sent.
 */
export function settingsForm(s: ServerDetail): SafeHtml {
  const settings = settingsOf(s)
  if (!settings.length) return html``
  const required = settings.map((x, i) => ({ x, i })).filter(({ x }) => x.required)
  const optional = settings.map((x, i) => ({ x, i })).filter(({ x }) => !x.required)
  return html`<form id="settings-form" class="settings" aria-labelledby="settings-heading" autocomplete="off" hidden>
<h3 id="settings-heading">Your settings</h3>
<p class="muted small">Filled into every config on this page as you type, ready to copy. Nothing is sent anywhere.</p>
${required.map(({ x, i }) => field(x, i))}
${optional.length ? html`<details class="more"><summary>Optional settings (${optional.length})</summary>${optional.map(({ x, i }) => field(x, i))}</details>` : ''}
</form>`
}
