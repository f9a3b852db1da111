// The configs of a remote server (Streamable HTTP or SSE): one entry per client; stdio-only clients get a bridge.
import {
  vsCodeLinks,
  type Built,
  type RemoteModel,
  type Setting,
  claudeCodeCommand,
  cursorDeepLink,
  dollar,
  headerEnvName,
  headerSettings,
  inputId,
  json,
  listNames,
  mcpRemoteBridge,
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
  withHeaders,
} from './config-parts'
import { filledSettings } from './settings'

/** Codex: Streamable HTTP natively (url + headers from the environment); no SSE client, so SSE is bridged. */
function remoteCodexConfig(
  m: RemoteModel,
  name: string,
  included: Setting[],
  bridge: ReturnType<typeof mcpRemoteBridge>,
  notes: { fill: string; opt: string; oauth: string; bridgeNote: string },
): Built {
  const { fill, opt, oauth, bridgeNote } = notes
  if (m.transport === 'streamable-http') {
    const lines = [`[mcp_servers.${tomlKey(name)}]`, `url = ${tomlString(m.url)}`]
    const fixed: Record<string, string> = {}
    const fromEnv: Record<string, string> = {}
    const exports: string[] = []
    const words = ['codex', 'mcp', 'add', name, '--url', m.url]
    for (const h of included) {
      const [first, second] = h.parts
      if (
        h.key.toLowerCase() === 'authorization' &&
        h.parts.length === 2 &&
        typeof first === 'string' &&
        /^bearer\s+$/i.test(first) &&
        second !== undefined &&
        typeof second !== 'string'
      ) {
        lines.push(`bearer_token_env_var = ${tomlString(second.v)}`)
        words.push('--bearer-token-env-var', second.v)
        exports.push(`${second.v} (the token only)`)
      } else if (h.secret) {
        const env = headerEnvName(h)
        fromEnv[h.key] = env
        exports.push(h.parts.length === 1 ? env : `${env} (the whole value, e.g. "${plain(h.parts)}")`)
      } else fixed[h.key] = plain(h.parts)
    }
    if (Object.keys(fixed).length) lines.push(`http_headers = ${tomlInline(fixed)}`)
    if (Object.keys(fromEnv).length) lines.push(`env_http_headers = ${tomlInline(fromEnv)}`)
    return {
      format: 'toml',
      snippet: `${lines.join('\n')}\n`,
      // `codex mcp add` sets a URL and a bearer token variable only; other headers need the file.
      ...(Object.keys(fixed).length || Object.keys(fromEnv).length ? {} : { command: words.map(shellQuote).join(' ') }),
      note: `Append to ~/.codex/config.toml. Codex connects to Streamable HTTP natively with "url" (older releases needed experimental_use_rmcp_client = true at the top of the file).${exports.length ? ` Codex reads secret headers from the environment: export ${exports.join(', ')} before starting it.` : ''}${Object.keys(fixed).length ? ' Replace the <…> placeholders in http_headers.' : ''}${oauth}${opt}`,
    }
  } else {
    const words = [
      'codex',
      'mcp',
      'add',
      name,
      ...Object.entries(bridge.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
      '--',
      bridge.command,
      ...bridge.args,
    ]
    return {
      format: 'toml',
      command: words.map(shellQuote).join(' '),
      snippet: `${[`[mcp_servers.${tomlKey(name)}]`, `command = ${tomlString(bridge.command)}`, `args = ${tomlArray(bridge.args)}`, ...(Object.keys(bridge.env).length ? [`env = ${tomlInline(bridge.env)}`] : [])].join('\n')}\n`,
      note: `Append to ~/.codex/config.toml. Codex has no SSE client, so this SSE endpoint is bridged over stdio.${bridgeNote}${fill}${opt}`,
    }
  }
}

export function remoteConfigs(
  m: RemoteModel,
  name: string,
  values?: ReadonlyMap<string, string>,
): Record<string, Built> {
  const { optional } = headerSettings(m.headers)
  const included = filledSettings(headerSettings(m.headers).included, values)
  const fill = placeholderNote(included, 'headers')
  const opt = optionalNote(optional, 'headers')
  const httpType = m.transport === 'sse' ? 'sse' : 'http'
  const bridge = mcpRemoteBridge(m, included)
  const bridgeNote =
    ' It uses mcp-remote (needs Node.js), which also handles a browser sign-in if the server asks for one.'
  const oauth = included.length ? '' : ' If the server needs a sign-in, the client opens your browser.'

  const inputs = vars(included).map((v) => ({
    type: 'promptString',
    id: inputId(v),
    description: v.description ?? `Value of ${v.v}`,
    password: v.secret,
  }))
  const vsServer = withHeaders({ type: httpType, url: m.url }, record(included, vsInput))

  const codex = remoteCodexConfig(m, name, included, bridge, { fill, opt, oauth, bridgeNote })

  const cliWords = ['claude', 'mcp', 'add', '--transport', httpType, name, m.url]
  for (const h of included) cliWords.push('--header', `${h.key}: ${plain(h.parts)}`)
  const claudeCodeServer = withHeaders({ type: httpType, url: m.url }, record(included, dollar))
  const cursorServer = withHeaders({ url: m.url }, record(included, plain))

  return {
    'claude-desktop': {
      format: 'json',
      snippet: json({ mcpServers: { [name]: withEnv({ command: bridge.command, args: bridge.args }, bridge.env) } }),
      note: `Claude Desktop's config file starts local commands only, so the remote endpoint is bridged over stdio.${bridgeNote} Add the entry under "mcpServers" in claude_desktop_config.json, then restart Claude Desktop.${fill}${opt}`,
    },
    'claude-code': {
      format: 'json',
      snippet: json({ mcpServers: { [name]: claudeCodeServer } }),
      command: claudeCodeCommand(name, claudeCodeServer),
      note: `Project scope: save as .mcp.json in the project root (merge into "mcpServers" if the file exists).${included.length ? ` Claude Code fills \${VAR} from your environment: export ${listNames(vars(included).map((v) => v.v))} before starting it.` : oauth}${opt}`,
    },
    cursor: {
      format: 'json',
      snippet: json({ mcpServers: { [name]: cursorServer } }),
      deepLink: cursorDeepLink(name, cursorServer),
      note: `Global: ~/.cursor/mcp.json; one project: .cursor/mcp.json. Merge into "mcpServers"; Cursor detects Streamable HTTP or SSE from the URL.${fill}${oauth}${opt}`,
    },
    'vs-code': {
      format: 'json',
      snippet: json(inputs.length ? { servers: { [name]: vsServer }, inputs } : { servers: { [name]: vsServer } }),
      ...vsCodeLinks(name, vsServer, inputs),
      note: `Workspace: .vscode/mcp.json; for every workspace run "MCP: Open User Configuration". The top-level key is "servers".${inputs.length ? ' VS Code asks for each ${input:…} value on first connect and stores it securely.' : oauth}${opt}`,
    },
    windsurf: {
      format: 'json',
      snippet: json({ mcpServers: { [name]: withHeaders({ serverUrl: m.url }, record(included, plain)) } }),
      note: `Merge into "mcpServers" of ~/.codeium/windsurf/mcp_config.json, then refresh the MCP servers in Cascade. Windsurf names the address "serverUrl".${fill}${oauth}${opt}`,
    },
    codex,
    'gemini-cli': {
      format: 'json',
      snippet: json({
        mcpServers: {
          [name]: withHeaders(m.transport === 'sse' ? { url: m.url } : { httpUrl: m.url }, record(included, plain)),
        },
      }),
      note: `Merge into "mcpServers" of ~/.gemini/settings.json (or .gemini/settings.json in a project). Gemini CLI takes Streamable HTTP as "httpUrl" and SSE as "url".${fill}${oauth}${opt}`,
    },
    cli: {
      format: 'shell',
      snippet: cliWords.map(shellQuote).join(' '),
      command: cliWords.map(shellQuote).join(' '),
      note: `Adds the server to Claude Code for you in this project; add --scope user to use it in every project.${fill}${oauth} Quoted for POSIX shells (macOS, Linux, WSL).${opt}`,
    },
  }
}
