// The names people and agents give MCP clients, in any case and spelling: `Claude Code`, `claude_code`, `VSCode`,
// `Visual Studio Code`. Each resolves to one config client slug.
import { CONFIG_CLIENTS } from './configs'

/** Common names and aliases of each client, besides its slug and label. */
const ALIASES: Record<string, readonly string[]> = {
  'claude-desktop': ['Claude Desktop', 'Claude', 'Claude app', 'Claude for Desktop'],
  'claude-code': ['Claude Code', '.mcp.json'],
  cursor: ['Cursor', 'Cursor IDE'],
  'vs-code': ['VS Code', 'vscode', 'Visual Studio Code', 'GitHub Copilot', 'Copilot'],
  windsurf: ['Windsurf', 'Codeium'],
  codex: ['Codex', 'Codex CLI', 'OpenAI Codex'],
  'gemini-cli': ['Gemini CLI', 'Gemini'],
  cli: ['Claude Code CLI', 'claude mcp add', 'Claude CLI'],
}

/** A name reduced to letters and digits in lower case, so spacing, dashes and case do not matter. */
const key = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')

const BY_KEY = new Map<string, string>()
for (const { client, label } of CONFIG_CLIENTS)
  for (const name of [client, label, ...(ALIASES[client] ?? [])]) BY_KEY.set(key(name), client)

/** The config client slug a name gives (slug, label, common name or alias, any case), or null. */
export function clientFromName(name: string): string | null {
  return BY_KEY.get(key(name.slice(0, 100))) ?? null
}

/** The names accepted for each client, for an error that says what would have worked. */
export const ACCEPTED_CLIENT_NAMES: string = CONFIG_CLIENTS.map(
  ({ client }) => `${client} (${[...new Set(ALIASES[client] ?? [])].join(', ')})`,
).join('; ')
