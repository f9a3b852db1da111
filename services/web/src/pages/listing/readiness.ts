// The listing page's readiness checklist: each check a list item that says its outcome in words (a mark's colour
// only repeats it) with the evidence it was judged on; the evidence names tools a server chose, escaped as text.
import type { getServerById } from '@mcp-directory/catalog/contracts'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import { checkWord, READINESS_LABELS, readinessWord } from '@mcp-directory/shared/readiness'
import { html, type SafeHtml } from '../../html'

type Detail = SuccessOf<typeof getServerById>['server']

const TONE = { true: 'ok', false: 'bad', null: 'warn' } as const

/** What the verdict means, in a sentence. */
function verdictLine(ready: boolean | null): string {
  if (ready === true) return 'every check passed on what the directory observed.'
  if (ready === false) return 'at least one check failed.'
  return 'not every check could be judged yet: nothing is claimed without evidence.'
}

/**
 * `Ready for an agent's host`, under the tools it judges: the verdict, then every check with its evidence (none for a
 * detail without it).
 */
export function readinessSection(s: Detail): SafeHtml {
  const r = s.readiness
  if (!r) return html``
  // The verdict stays in view; the checks and their evidence fold under it, so the page keeps its length.
  return html`<details class="more" id="readiness-details"><summary id="readiness-heading">Ready for an agent’s host: <strong>${readinessWord(r.ready)}</strong></summary>
<p id="readiness-verdict" class="small">Readiness: <strong>${readinessWord(r.ready)}</strong> — ${verdictLine(r.ready)} What a connector directory asks of a server: tools with titles and read/write annotations, short unique names, OAuth or no sign-in.</p>
<ul class="checklist" id="readiness">${r.checks.map(
    (c) =>
      html`<li data-check="${c.id}"><span class="mark ${TONE[String(c.passed) as keyof typeof TONE]}">${checkWord(c.passed)}</span> ${READINESS_LABELS[c.id]}. <span class="check-evidence">${c.evidence}</span></li>`,
  )}</ul></details>`
}
