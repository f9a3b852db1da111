// The Markdown's line of what the sandbox's last start says of a listing's settings (shared contracts
// `sandboxStartOf`): the setting's name is registry data, escaped like every listing string.
import { type Listing, sandboxStartOf, sandboxStartWords } from '@mcp-directory/shared/contracts'
import { flatText as flat, markdownInline as inline } from '@mcp-directory/shared/text'

/** A metadata line: "started in the sandbox with placeholder settings: 12 tools listed", or the setting it stops without. */
export function sandboxMetaLines(l: Pick<Listing, 'sandbox' | 'packages'>): string[] {
  const start = sandboxStartOf({ sandbox: l.sandbox, packages: Array.isArray(l.packages) ? l.packages : [] })
  if (!start) return []
  const w = sandboxStartWords(start)
  return [`- **Sandbox:** ${w.before}${w.setting ? inline(flat(w.setting)) : ''}${w.after}`]
}
