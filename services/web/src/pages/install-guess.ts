// A guessed install, shown with its guess: where the directory only guesses how to run a listing (a package its
// README names, or its repository run as it is), a card and the listing page show the command guessed and why it
// is a guess, or say nothing of a guess at all.
import { html, type SafeHtml } from '../html'

/** What a guess is read from: a search hit's `install.guess`, or a detail's `install` when it has no `configs`. */
export interface GuessFacts {
  install?: {
    kind?: string
    command?: string
    args?: string[]
    note?: string
    guess?: { command: string; note: string } | null
  } | null
  /** Detail only: null when the install is only a guess. */
  configs?: unknown[] | null
}

/** The guessed command and its note, or null when the facts hold no guess to show. */
export function installGuessOf(f: GuessFacts): { command: string; note: string } | null {
  const i = f.install
  if (!i) return null
  if (i.guess) return i.guess
  if (f.configs !== null || i.kind !== 'local' || !i.command) return null
  return {
    command: [i.command, ...(i.args ?? [])].join(' '),
    note: i.note ?? 'a guess; verify it against the repository README',
  }
}

/** The guess as a line: the command in code, then its note (both escaped). */
export function guessLine(g: { command: string; note: string } | null): SafeHtml {
  if (!g) return html``
  return html`<p class="guess small"><span class="mark warn">Guessed install</span> <code>${g.command}</code> — ${g.note}.</p>`
}
