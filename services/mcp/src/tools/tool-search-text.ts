// Tool search's readable text: the same hits as structuredContent, one numbered item each, every value from a
// server (its tools' names and descriptions above all: a server writes them) as quoted data (plain.ts).
import type { searchTools } from '@mcp-directory/catalog/contracts'
import type { SuccessOf } from '@mcp-directory/shared/contracts'
import { plain, quoted as q } from './plain'
import { num } from './plain'
import { DATA_NOTE, hintInstallLine } from './text'

type ToolsResponse = SuccessOf<typeof searchTools>
type Hit = ToolsResponse['tools'][number]

const MAX_DESCRIPTION = 240

/** The annotations a tool declared, as words ("read-only, not destructive"); "none declared" when it declared none. */
function annotationsText(a: Hit['annotations']): string {
  const words = [
    a.readOnlyHint === undefined ? null : a.readOnlyHint ? 'read-only' : 'not read-only',
    a.destructiveHint === undefined ? null : a.destructiveHint ? 'destructive' : 'not destructive',
    a.idempotentHint === undefined ? null : a.idempotentHint ? 'idempotent' : 'not idempotent',
    a.openWorldHint === undefined ? null : a.openWorldHint ? 'open world' : 'closed world',
  ].filter(Boolean)
  return words.length ? words.join(', ') : 'none declared'
}

function riskText(r: Hit['risk']): string {
  if (!r) return 'not scanned'
  if (!r.findings.length) return `${plain(r.level)} (no finding names it)`
  return `${plain(r.level)}: ${r.findings.map((f) => `${plain(f.severity)} ${plain(f.kind)} ${q(f.message, 160)}`).join('; ')}`
}

function hitText(t: Hit, client: string | undefined): string {
  const s = t.server
  const marks = [s.isOfficial ? 'official' : null, s.verified ? 'verified running' : null].filter(Boolean).join(', ')
  return [
    `${plain(t.kind)} ${q(t.name)}${t.title ? `, title ${q(t.title)}` : ''}`,
    `   description ${q(t.description, MAX_DESCRIPTION)}`,
    `   arguments ${t.arguments ? q(t.arguments) : 'none'}`,
    `   annotations: ${annotationsText(t.annotations)}; risk: ${riskText(t.risk)}`,
    `   server ${q(s.name)}, id ${q(s.id)}${marks ? `; ${marks}` : ''}${s.publisher ? `; publisher ${q(s.publisher.label)}` : ''}`,
    `   seen ${t.seenAt ? plain(t.seenAt) : 'at an unknown time'}${t.source ? ` by ${t.source === 'sandbox' ? 'a sandbox run of its package' : `its ${plain(t.source)} endpoint`}` : ''}`,
    ...(client ? [hintInstallLine(s.install, client)] : []),
  ].join('\n')
}

/** More hits follow: the cursor is in structuredContent. */
const MORE =
  'More results: call search_tools again with the same arguments and cursor set to structuredContent.nextCursor (or a larger limit, up to 50).'

/** Tool search results as a numbered list. */
export function toolsText(r: ToolsResponse, query: string | null, client?: string): string {
  const one = r.total === 1
  const head = `${num(r.total)} tool${one ? '' : 's'} match${one ? 'es' : ''}${query ? ` the query ${q(query)}` : ''}; ${r.tools.length} shown. ${DATA_NOTE}`
  const lines = r.tools.map((t, i) => `${i + 1}. ${hitText(t, client)}`)
  return [head, '', ...lines, ...(r.nextCursor ? ['', MORE] : [])].join('\n')
}
