import { expect, test } from 'bun:test'
import { ACCEPTED_CLIENT_NAMES, clientFromName } from './client-names'
import { CONFIG_CLIENTS } from './configs'

test('clients are found by slug, label, common name and alias, in any case and spelling', () => {
  const cases: [string, string][] = [
    ['Claude Code', 'claude-code'],
    ['claude-code', 'claude-code'],
    ['CLAUDE_CODE', 'claude-code'],
    ['Claude Code (.mcp.json)', 'claude-code'],
    ['Claude Code CLI', 'cli'],
    ['Cursor', 'cursor'],
    ['VS Code', 'vs-code'],
    ['vscode', 'vs-code'],
    ['Visual Studio Code', 'vs-code'],
    ['Windsurf', 'windsurf'],
    ['claude desktop', 'claude-desktop'],
    ['Gemini', 'gemini-cli'],
    ['codex', 'codex'],
  ]
  for (const [name, slug] of cases) expect({ name, slug: clientFromName(name) }).toEqual({ name, slug })
  for (const c of CONFIG_CLIENTS) expect(clientFromName(c.client)).toBe(c.client)
  expect(clientFromName('notepad')).toBeNull()
  expect(clientFromName('')).toBeNull()
  expect(ACCEPTED_CLIENT_NAMES).toContain('vs-code (VS Code, vscode')
})
