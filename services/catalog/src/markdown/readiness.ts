// The readiness checklist of the Markdown document: a task list (checked only when passed), each item saying its
// outcome in words too, since a reader of the raw text sees `[ ]` for both a failure and an unknown. The evidence
// holds tool names a server chose, so it is escaped like every listing string.
import type { Listing } from '@mcp-directory/shared/contracts'
import { checkWord, READINESS_LABELS, readinessOfListing, readinessWord } from '@mcp-directory/shared/readiness'
import { markdownInline as inline } from '@mcp-directory/shared/text'

/** The `## Ready for an agent's host` section. */
export function readinessSection(l: Listing): string {
  const r = readinessOfListing(l)
  const failed = r.checks.filter((c) => c.passed === false).length
  const unknown = r.checks.filter((c) => c.passed === null).length
  const sum =
    r.ready === true
      ? `all ${r.checks.length} checks passed`
      : [failed ? `${failed} failed` : '', unknown ? `${unknown} unknown` : ''].filter(Boolean).join(', ')
  const out = ["## Ready for an agent's host", '', `**Readiness:** ${readinessWord(r.ready)} (${sum}).`, '']
  for (const c of r.checks)
    out.push(
      `- [${c.passed === true ? 'x' : ' '}] ${READINESS_LABELS[c.id]}: **${checkWord(c.passed)}**. ${inline(c.evidence)}`,
    )
  return out.join('\n')
}
