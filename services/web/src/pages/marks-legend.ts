// The legend of the marks, shown where the marks stand (above the results): what each one means and on what
// evidence, in the words of its tooltip, so nobody has to hover to learn what "Install: guessed" says.
import { html, type SafeHtml } from '../html'
import type { Tone } from './marks'

/** One kind of mark as the legend shows it: its label (as on a card), tone and what it means. */
interface LegendEntry {
  label: string
  tone: Tone
  means: string
}

export const LEGEND: readonly LegendEntry[] = [
  {
    label: 'Official',
    tone: 'official',
    means: 'its owner claimed it here, proving control of its domain, website or repository.',
  },
  {
    label: 'Verified publisher',
    tone: 'official',
    means: 'the publisher named under its title is proven (a registry namespace or a package it controls).',
  },
  {
    label: 'Seen running',
    tone: 'ok',
    means: 'the directory saw it run: a live tools list, a sandbox start or a healthy endpoint.',
  },
  {
    label: 'Health',
    tone: 'ok',
    means: "what the last probe of a hosted endpoint said (the card's date is in its tip).",
  },
  {
    label: 'Local / Remote',
    tone: 'info',
    means: 'a process your client starts, or a hosted endpoint it connects to.',
  },
  {
    label: 'Install: confirmed',
    tone: 'ok',
    means: 'the install comes from its registry entry or a package that names this server.',
  },
  {
    label: 'Install: unconfirmed',
    tone: 'warn',
    means: 'a package was found, but nothing shows it belongs to this server.',
  },
  {
    label: 'Install: guessed',
    tone: 'warn',
    means: 'no known install: the card shows the command the directory guesses. Read the README first.',
  },
  { label: 'Risk', tone: 'warn', means: 'a scan of its tool descriptions found something to read before use.' },
  { label: 'Archived', tone: 'bad', means: 'no longer maintained.' },
  {
    label: '★ / installs',
    tone: 'info',
    means: 'GitHub stars; configs copied here, counted once per visitor a day.',
  },
]

/** The legend as a folded list (open without script too: it is a details element). */
export function marksLegend(): SafeHtml {
  return html`<details class="more legend" id="marks-legend"><summary>What the marks mean</summary>
<ul class="explained">${LEGEND.map((e) => html`<li><span class="mark ${e.tone}">${e.label}</span> ${e.means}</li>`)}</ul>
<p class="muted small">Each mark on a card says the same, with its own evidence, as its tooltip and to screen readers.</p>
</details>`
}
