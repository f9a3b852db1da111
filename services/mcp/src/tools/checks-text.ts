// The lines of get_mcp_server's text that say what the directory checked of a listing: the MCP revision it was seen
// speaking, what its sandbox start found, and whether it is ready for an agent's host. The labels and outcomes are
// ours; a value from the listing or its server (a revision, a setting, evidence naming its tools) is quoted data.
import { type SandboxStartFacts, sandboxStartOf, sandboxStartWords } from '@mcp-directory/shared/contracts'
import { checkWord, type Readiness, readinessWord } from '@mcp-directory/shared/readiness'
import { plain, quoted as q } from './plain'

export type { Readiness }

/** The MCP revision the server was seen speaking, and how long its tool list stays fresh. */
export function protocolLine(p: { version: string; ttlMs: number | null } | null | undefined): string {
  if (!p) return 'protocol: not seen yet'
  const ttl = p.ttlMs === null ? '' : `; tool list fresh for ${Math.round(p.ttlMs / 1000)} s`
  return `protocol: ${q(p.version)}${ttl}`
}

/** What the sandbox's last start says of its settings, as one line (none when it says nothing of them). */
export function sandboxLines(s: {
  checks?: { sandbox?: SandboxStartFacts['sandbox'] }
  packages?: SandboxStartFacts['packages']
}): string[] {
  const start = sandboxStartOf({ sandbox: s.checks?.sandbox, packages: s.packages })
  if (!start) return []
  const w = sandboxStartWords(start)
  return [`sandbox: ${w.before}${w.setting ? q(w.setting) : ''}${w.after}`]
}

/** Whether it is ready for an agent's host, each check with its outcome in words and its evidence quoted. */
export function readinessLines(r: Readiness): string[] {
  const check = (c: Readiness['checks'][number]) =>
    `- ${plain(c.id)}: ${checkWord(c.passed)}; evidence ${q(c.evidence)}`
  return [`ready for an agent's host: ${readinessWord(r.ready)}`, ...r.checks.map(check)]
}
