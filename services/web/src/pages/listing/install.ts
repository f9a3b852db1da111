// The install part of a listing page: the config of the client the visitor picked (with its install buttons and
// copy), the picker that remembers the choice, and every other client's config collapsed below the README.
import type { ServerDetail } from '@mcp-directory/shared/contracts'
import { html, type SafeHtml } from '../../html'
import { copyBlock } from '../common'
import { guessLine, installGuessOf } from '../install-guess'
import { needsLine, settingsForm } from './settings'

type Config = NonNullable<ServerDetail['configs']>[number]

// Only the clients' own install schemes (and https) become links; the configs build them, but a link is checked here too.
const INSTALL_LINK = /^(cursor:\/\/anysphere\.cursor-deeplink\/mcp\/install\?|vscode:mcp\/install\?|https:\/\/)/

/** One-click install buttons of a config: the client's install link, and its https form for browsers without the app. */
function installLinks(c: Config): SafeHtml {
  const links = [
    ...(c.deepLink && INSTALL_LINK.test(c.deepLink)
      ? [html`<a class="button" href="${c.deepLink}">Install in ${c.label}</a>`]
      : []),
    ...(c.webLink?.startsWith('https://')
      ? [html`<a class="button secondary" href="${c.webLink}" rel="nofollow noopener">Install via vscode.dev</a>`]
      : []),
  ]
  // The links carry the config as it is built, without the values of the settings form: the page script hides them
  // while a value is filled, and shows why.
  return links.length
    ? html`<p class="install-links">${links}</p><p class="links-off muted small" hidden>The install buttons would install the config without your settings: copy the config below instead.</p>`
    : html``
}

/** A client's config: install buttons, where the file lives, the snippet and its one-line command, with copy buttons. */
function configBody(s: ServerDetail, c: Config, key: string): SafeHtml {
  return html`${installLinks(c)}
${copyBlock(`cfg-${key}`, c.snippet, `${c.label} config`, { install: s.id, format: c.format })}
${c.locations.length ? html`<p class="muted small">${c.format.toUpperCase()} in ${c.locations.map((l, i) => html`${i ? ' · ' : ''}${l.os}: <code>${l.path}</code>`)}</p>` : ''}
${c.command && c.command !== c.snippet ? html`<p class="muted small">Or run this one command:</p>${copyBlock(`cmd-${key}`, c.command, `${c.label} command`, { install: s.id, format: 'shell' })}` : ''}
${c.note ? html`<p class="muted small">${c.note}</p>` : ''}`
}

/** The config of the client the visitor picked, else the first. */
export const pickedConfig = (s: ServerDetail, client: string): Config | null =>
  s.configs?.find((c) => c.client === client) ?? s.configs?.[0] ?? null

/** The client picker: a form (it works without the script; the script sends it on a change). */
function picker(s: ServerDetail, current: Config): SafeHtml {
  return html`<form id="client-picker" class="picker" method="get" action="/servers/${encodeURIComponent(s.id)}#install-heading">
<div><label for="client">Your client</label>
<select id="client" name="client">${(s.configs ?? []).map((c) => html`<option value="${c.client}"${c.client === current.client ? html` selected` : ''}>${c.label}</option>`)}</select></div>
<button type="submit" class="secondary" data-no-script>Show</button>
</form>`
}

/** The endpoints given no install line because their names resolve to private addresses, and why. */
function withheldNotice(s: ServerDetail): SafeHtml {
  const withheld = s.installWithheld ?? []
  if (!withheld.length) return html``
  return html`<div class="notice warn"><p>No install line for ${withheld.length === 1 ? 'this endpoint' : 'these endpoints'}: its name resolved to an address on your own machine or network when the directory last checked it.</p><ul>${withheld.map((w) => html`<li><code>${w.url}</code>: ${w.reason}</li>`)}</ul></div>`
}

/** Why a listing has no config: its guess shown with its note, or that no install is known (never "guessed" alone). */
function noConfig(s: ServerDetail): SafeHtml {
  if (s.installWithheld?.length) return withheldNotice(s)
  const guess = installGuessOf(s)
  if (guess)
    return html`<div class="notice warn"><p>No confirmed install config yet: the directory only guesses how to run this server. Check the repository README before use.</p>${guessLine(guess)}</div>`
  return html`<div class="notice warn"><p>No install known: the directory found no package, endpoint or runnable repository for this server. See the repository README.</p></div>`
}

/** The install of the summary block: the picked client's config, or why there is none yet. */
export function pickedInstall(s: ServerDetail, client: string): SafeHtml {
  const c = pickedConfig(s, client)
  if (!c) return noConfig(s)
  // Low with configs: a declared package without evidence that it belongs to the listing (the note says what is missing).
  return html`${s.install?.confidence === 'low' ? html`<p class="notice warn">Confidence is low: ${s.install.note ?? 'nothing shows that this package belongs to the listing'}. Verify it against the repository README before use.</p>` : ''}
<div class="install-head">${picker(s, c)}${needsLine(s)}</div>
${settingsForm(s)}
<div class="config picked" data-client="${c.client}">${configBody(s, c, '0')}</div>
${withheldNotice(s)}`
}

/** Every other client's config, each collapsed. */
export function otherClients(s: ServerDetail, client: string): SafeHtml {
  const picked = pickedConfig(s, client)
  const others = (s.configs ?? []).filter((c) => c !== picked)
  if (!others.length) return html``
  return html`<section aria-labelledby="clients-heading"><h2 id="clients-heading">Other clients</h2>
<div class="clients">${others.map((c, i) => html`<details class="config" data-client="${c.client}"><summary>${c.label}</summary>${configBody(s, c, String(i + 1))}</details>`)}</div>
</section>`
}
