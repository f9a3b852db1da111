// The configs of a server run locally (stdio): one entry per client.
import {
  type Built,
  type LocalModel,
  RUNTIME,
  claudeCodeCommand,
  vsCodeLinks,
  cursorDeepLink,
  dollar,
  envSettings,
  inputId,
  json,
  listNames,
  optionalNote,
  placeholderNote,
  plain,
  record,
  shellQuote,
  tomlArray,
  tomlInline,
  tomlKey,
  tomlString,
  vars,
  vsInput,
  withEnv,
} from './config-parts'

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one entry per client, in CONFIG_CLIENTS order, beside the few values they share; split, the table would no longer read as one
export function localConfigs(m: LocalModel, name: string): Record<string, Built> {
  const { required, optional } = envSettings(m.env)
  const stdio = { command: m.command, args: m.args }
  const needs = ` Needs ${RUNTIME[m.runner]} on your PATH.`
  const fill = placeholderNote(required, 'environment variables')
  const opt = optionalNote(optional, 'environment variables')

  const inputs = vars(required).map((v) => ({
    type: 'promptString',
    id: inputId(v),
    description: v.description ?? `Value of ${v.v}`,
    password: v.secret,
  }))
  const vsServer = withEnv({ type: 'stdio', ...stdio }, record(required, vsInput))

  const codexLines = [
    `[mcp_servers.${tomlKey(name)}]`,
    `command = ${tomlString(m.command)}`,
    `args = ${tomlArray(m.args)}`,
  ]
  if (required.length) codexLines.push(`env = ${tomlInline(record(required, plain))}`)

  const cliWords = ['claude', 'mcp', 'add', name]
  for (const s of required) cliWords.push('-e', `${s.key}=${plain(s.parts)}`)
  cliWords.push('--', m.command, ...m.args)

  const plainServer = withEnv(stdio, record(required, plain))
  const mcpServersPlain = json({ mcpServers: { [name]: plainServer } })
  const claudeCodeServer = withEnv(stdio, record(required, dollar))
  const codexWords = ['codex', 'mcp', 'add', name]
  for (const s of required) codexWords.push('--env', `${s.key}=${plain(s.parts)}`)
  codexWords.push('--', m.command, ...m.args)
  return {
    'claude-desktop': {
      format: 'json',
      snippet: mcpServersPlain,
      note: `Add the entry under "mcpServers" in claude_desktop_config.json (Settings → Developer → Edit Config), then restart Claude Desktop.${fill}${opt}${needs}`,
    },
    'claude-code': {
      format: 'json',
      snippet: json({ mcpServers: { [name]: claudeCodeServer } }),
      command: claudeCodeCommand(name, claudeCodeServer),
      note: `Project scope: save as .mcp.json in the project root (merge into "mcpServers" if the file exists).${required.length ? ` Claude Code fills \${VAR} from your environment: export ${listNames(vars(required).map((v) => v.v))} before starting it.` : ''}${opt}${needs}`,
    },
    cursor: {
      format: 'json',
      snippet: mcpServersPlain,
      deepLink: cursorDeepLink(name, plainServer),
      note: `Global: ~/.cursor/mcp.json; one project: .cursor/mcp.json. Merge into "mcpServers".${fill}${opt}${needs}`,
    },
    'vs-code': {
      format: 'json',
      snippet: json(inputs.length ? { servers: { [name]: vsServer }, inputs } : { servers: { [name]: vsServer } }),
      ...vsCodeLinks(name, vsServer, inputs),
      note: `Workspace: .vscode/mcp.json; for every workspace run "MCP: Open User Configuration". The top-level key is "servers".${inputs.length ? ' VS Code asks for each ${input:…} value when the server first starts and stores it securely.' : ''}${opt}${needs}`,
    },
    windsurf: {
      format: 'json',
      snippet: mcpServersPlain,
      note: `Merge into "mcpServers" of ~/.codeium/windsurf/mcp_config.json, then refresh the MCP servers in Cascade.${fill}${opt}${needs}`,
    },
    codex: {
      format: 'toml',
      snippet: `${codexLines.join('\n')}\n`,
      command: codexWords.map(shellQuote).join(' '),
      note: `Append to ~/.codex/config.toml (shared by the Codex CLI and IDE extension).${fill}${opt}${needs}`,
    },
    'gemini-cli': {
      format: 'json',
      snippet: mcpServersPlain,
      note: `Merge into "mcpServers" of ~/.gemini/settings.json (or .gemini/settings.json in a project).${fill}${opt}${needs}`,
    },
    cli: {
      format: 'shell',
      snippet: cliWords.map(shellQuote).join(' '),
      command: cliWords.map(shellQuote).join(' '),
      note: `Adds the server to Claude Code for you in this project; add --scope user to use it in every project.${fill} Quoted for POSIX shells (macOS, Linux, WSL).${opt}${needs}`,
    },
  }
}
