// The readiness lines of get_mcp_server's text: the labels and outcomes are ours; the evidence names tools a server
// chose, so it is quoted data like every listing value.
import { checkWord, type Readiness, readinessWord } from '@mcp-directory/shared/readiness'
import { plain, quoted as q } from './plain'

/** Whether it is ready for an agent's host, each check with its outcome in words and its evidence quoted. */
export function readinessLines(r: Readiness): string[] {
  const check = (c: Readiness['checks'][number]) =>
    `- ${plain(c.id)}: ${checkWord(c.passed)}; evidence ${q(c.evidence)}`
  return [`ready for an agent's host: ${readinessWord(r.ready)}`, ...r.checks.map(check)]
}
