// The configs of a server run locally (stdio): one builder per client, in CONFIG_CLIENTS order, over the few
// values they share.
import {
  type Built,
  type Json,
  type LocalModel,
  RUNTIME,
  type Setting,
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
import { filledSettings } from './settings'

/** What each client's entry is built from: the server's key, its command and the values several entries share. */
interface Local {
  name: string
  stdio: Pick<LocalModel, 'command' | 'args'>
  /** The environment variables a config must set. */
  required: Setting[]
  /** The server entry with <VAR> placeholders, and the "mcpServers" file most clients take it in. */
  plainServer: Json
  mcpServersPlain: string
  /** The notes' common endings: the placeholders to fill, the optional variables, the runtime to have. */
  fill: string
  opt: string
  needs: string
}

/** The `claude mcp add` and `codex mcp add` words: the name, each variable set with `flag`, then the command. */
function addWords(c: Local, tool: 'claude' | 'codex', flag: '-e' | '--env'): string[] {
  const words = [tool, 'mcp', 'add', c.name]
  for (const s of c.required) words.push(flag, `${s.key}=${plain(s.parts)}`)
  words.push('--', c.stdio.command, ...c.stdio.args)
  return words
}

// Each client's entry, in CONFIG_CLIENTS order.
const LOCAL_CONFIGS: Readonly<Record<string, (c: Local) => Built>> = {
  'claude-desktop': (c) => ({
    format: 'json',
    snippet: c.mcpServersPlain,
    note: `Add the entry under "mcpServers" in claude_desktop_config.json (Settings → Developer → Edit Config), then restart Claude Desktop.${c.fill}${c.opt}${c.needs}`,
  }),
  'claude-code': (c) => {
    const server = withEnv(c.stdio, record(c.required, dollar))
    return {
      format: 'json',
      snippet: json({ mcpServers: { [c.name]: server } }),
      command: claudeCodeCommand(c.name, server),
      note: `Project scope: save as .mcp.json in the project root (merge into "mcpServers" if the file exists).${c.required.length ? ` Claude Code fills \${VAR} from your environment: export ${listNames(vars(c.required).map((v) => v.v))} before starting it.` : ''}${c.opt}${c.needs}`,
    }
  },
  cursor: (c) => ({
    format: 'json',
    snippet: c.mcpServersPlain,
    deepLink: cursorDeepLink(c.name, c.plainServer),
    note: `Global: ~/.cursor/mcp.json; one project: .cursor/mcp.json. Merge into "mcpServers".${c.fill}${c.opt}${c.needs}`,
  }),
  'vs-code': (c) => {
    const inputs = vars(c.required).map((v) => ({
      type: 'promptString',
      id: inputId(v),
      description: v.description ?? `Value of ${v.v}`,
      password: v.secret,
    }))
    const server = withEnv({ type: 'stdio', ...c.stdio }, record(c.required, vsInput))
    return {
      format: 'json',
      snippet: json(inputs.length ? { servers: { [c.name]: server }, inputs } : { servers: { [c.name]: server } }),
      ...vsCodeLinks(c.name, server, inputs),
      note: `Workspace: .vscode/mcp.json; for every workspace run "MCP: Open User Configuration". The top-level key is "servers".${inputs.length ? ' VS Code asks for each ${input:…} value when the server first starts and stores it securely.' : ''}${c.opt}${c.needs}`,
    }
  },
  windsurf: (c) => ({
    format: 'json',
    snippet: c.mcpServersPlain,
    note: `Merge into "mcpServers" of ~/.codeium/windsurf/mcp_config.json, then refresh the MCP servers in Cascade.${c.fill}${c.opt}${c.needs}`,
  }),
  codex: (c) => {
    const lines = [
      `[mcp_servers.${tomlKey(c.name)}]`,
      `command = ${tomlString(c.stdio.command)}`,
      `args = ${tomlArray(c.stdio.args)}`,
    ]
    if (c.required.length) lines.push(`env = ${tomlInline(record(c.required, plain))}`)
    return {
      format: 'toml',
      snippet: `${lines.join('\n')}\n`,
      command: addWords(c, 'codex', '--env').map(shellQuote).join(' '),
      note: `Append to ~/.codex/config.toml (shared by the Codex CLI and IDE extension).${c.fill}${c.opt}${c.needs}`,
    }
  },
  'gemini-cli': (c) => ({
    format: 'json',
    snippet: c.mcpServersPlain,
    note: `Merge into "mcpServers" of ~/.gemini/settings.json (or .gemini/settings.json in a project).${c.fill}${c.opt}${c.needs}`,
  }),
  cli: (c) => {
    const line = addWords(c, 'claude', '-e').map(shellQuote).join(' ')
    return {
      format: 'shell',
      snippet: line,
      command: line,
      note: `Adds the server to Claude Code for you in this project; add --scope user to use it in every project.${c.fill} Quoted for POSIX shells (macOS, Linux, WSL).${c.opt}${c.needs}`,
    }
  },
}

export function localConfigs(m: LocalModel, name: string, values?: ReadonlyMap<string, string>): Record<string, Built> {
  const { optional } = envSettings(m.env)
  const required = filledSettings(envSettings(m.env).required, values)
  const stdio = { command: m.command, args: m.args }
  const plainServer = withEnv(stdio, record(required, plain))
  const c: Local = {
    name,
    stdio,
    required,
    plainServer,
    mcpServersPlain: json({ mcpServers: { [name]: plainServer } }),
    fill: placeholderNote(required, 'environment variables'),
    opt: optionalNote(optional, 'environment variables'),
    needs: ` Needs ${RUNTIME[m.runner]} on your PATH.`,
  }
  return Object.fromEntries(Object.entries(LOCAL_CONFIGS).map(([client, build]) => [client, build(c)]))
}
