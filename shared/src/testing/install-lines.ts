// Reads an install line (a one-line command or an install link) back into the server entry it installs, so tests
// can check that it installs exactly what the same client's config snippet says.
import type { ConfigEntry } from '../install'

// Parsed configs are arbitrary JSON that tests compare as a whole.
type Json = Record<string, unknown>

/** Splits a POSIX shell command line the way sh would (single quotes, backslashes and plain words only). */
export function shellWords(line: string): string[] {
  const words: string[] = []
  let cur = ''
  let inWord = false
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string
    if (ch === "'") {
      const end = line.indexOf("'", i + 1)
      if (end < 0) throw new Error('unterminated quote')
      cur += line.slice(i + 1, end)
      i = end
      inWord = true
    } else if (ch === '\\') {
      cur += line[++i] ?? ''
      inWord = true
    } else if (ch === ' ') {
      if (inWord) words.push(cur)
      cur = ''
      inWord = false
    } else {
      if (!/[A-Za-z0-9_@%+=:,./-]/.test(ch)) throw new Error(`unquoted special character ${JSON.stringify(ch)}`)
      cur += ch
      inWord = true
    }
  }
  if (inWord) words.push(cur)
  return words
}

const expectWords = (words: string[], head: string[]) => {
  if (words.slice(0, head.length).join(' ') !== head.join(' '))
    throw new Error(`expected ${head.join(' ')}, got ${words.slice(0, head.length).join(' ')}`)
}

/** The server entry (and name) a config's snippet holds, in the shape its client stores it. */
export function snippetEntry(c: ConfigEntry): { name: string; server: Json; inputs?: unknown } {
  if (c.format === 'toml') {
    const t = Bun.TOML.parse(c.snippet) as { mcp_servers: Record<string, Json> }
    const [name, server] = Object.entries(t.mcp_servers)[0] as [string, Json]
    return { name, server }
  }
  if (c.format === 'shell') return claudeMcpAdd(shellWords(c.snippet))
  const j = JSON.parse(c.snippet) as {
    mcpServers?: Record<string, Json>
    servers?: Record<string, Json>
    inputs?: unknown
  }
  const [name, server] = Object.entries(j.mcpServers ?? j.servers ?? {})[0] as [string, Json]
  return { name, server, ...(j.inputs ? { inputs: j.inputs } : {}) }
}

/** What an install line of the given client installs, in the same shape as `snippetEntry`. */
export function decodeInstallLine(client: string, line: string): { name: string; server: Json; inputs?: unknown } {
  if (line.startsWith('cursor://')) {
    const u = new URL(line)
    if (u.host !== 'anysphere.cursor-deeplink' || u.pathname !== '/mcp/install')
      throw new Error(`not a Cursor install link: ${line}`)
    return {
      name: u.searchParams.get('name') ?? '',
      server: JSON.parse(Buffer.from(u.searchParams.get('config') ?? '', 'base64').toString('utf8')),
    }
  }
  if (line.startsWith('vscode:mcp/install?'))
    return vsEntry(JSON.parse(decodeURIComponent(line.slice('vscode:mcp/install?'.length))))
  if (line.startsWith('https://vscode.dev/redirect/mcp/install?')) {
    const p = new URL(line).searchParams
    return {
      name: p.get('name') ?? '',
      server: JSON.parse(p.get('config') ?? '{}'),
      ...(p.get('inputs') ? { inputs: JSON.parse(p.get('inputs') ?? '[]') } : {}),
    }
  }
  if (line.startsWith('{'))
    return snippetEntry({ client, label: '', format: 'json', locations: [], snippet: line, note: '' })
  if (line.startsWith('[mcp_servers.'))
    return snippetEntry({ client, label: '', format: 'toml', locations: [], snippet: line, note: '' })
  const words = shellWords(line)
  switch (client) {
    case 'claude-code':
      expectWords(words, ['claude', 'mcp', 'add-json', '--scope', 'project'])
      return { name: words[5] ?? '', server: JSON.parse(words[6] ?? '') }
    case 'cli':
      return claudeMcpAdd(words)
    case 'vs-code':
      expectWords(words, ['code', '--add-mcp'])
      return vsEntry(JSON.parse(words[2] ?? ''))
    case 'codex': {
      expectWords(words, ['codex', 'mcp', 'add'])
      const name = words[4] === undefined ? '' : (words[3] ?? '')
      const server: Json = {}
      const env: Record<string, string> = {}
      for (let i = 4; i < words.length; i++) {
        const w = words[i] as string
        if (w === '--url') server.url = words[++i]
        else if (w === '--bearer-token-env-var') server.bearer_token_env_var = words[++i]
        else if (w === '--env') {
          const [k, ...v] = (words[++i] ?? '').split('=')
          env[k as string] = v.join('=')
        } else if (w === '--') {
          server.command = words[i + 1]
          server.args = words.slice(i + 2)
          break
        } else throw new Error(`unexpected codex word ${w}`)
      }
      if (Object.keys(env).length) server.env = env
      return { name, server }
    }
    default:
      throw new Error(`no install command known for ${client}: ${line}`)
  }
}

/** `claude mcp add [--transport t] <name> …`: the name, and the words as the entry (the command is the config). */
function claudeMcpAdd(words: string[]): { name: string; server: Json } {
  expectWords(words, ['claude', 'mcp', 'add'])
  const at = words[3] === '--transport' ? 5 : 3
  return { name: words[at] ?? '', server: { words } }
}

function vsEntry(j: Json): { name: string; server: Json; inputs?: unknown } {
  const { name, inputs, ...server } = j
  return { name: String(name), server, ...(inputs ? { inputs } : {}) }
}
