import { describe, expect, test } from 'bun:test'
import type { EnvVarSpec, HeaderSpec, InstallModel } from '../contracts/listing'
import { decodeInstallLine, shellWords, snippetEntry } from '../testing/install-lines'
import {
  CONFIG_CLIENTS,
  buildClientConfigs,
  installLineOf,
  placeholderEnv,
  placeholderHeaders,
  requiredSecrets,
  shellQuote,
  type ConfigEntry,
} from './index'

type Local = Extract<InstallModel, { kind: 'local' }>
type Remote = Extract<InstallModel, { kind: 'remote' }>

const localModel = (over: Partial<Local> = {}): Local => ({
  kind: 'local',
  runner: 'npx',
  registryType: 'npm',
  identifier: '@acme/thing-mcp',
  command: 'npx',
  args: ['-y', '@acme/thing-mcp@1.2.3'],
  env: [],
  confidence: 'high',
  basis: 'registry',
  ...over,
})
const remoteModel = (over: Partial<Remote> = {}): Remote => ({
  kind: 'remote',
  transport: 'streamable-http',
  url: 'https://mcp.acme.example/mcp',
  headers: [],
  confidence: 'high',
  basis: 'registry',
  ...over,
})

function configs(model: InstallModel, name = 'thing'): Map<string, ConfigEntry> {
  const list = buildClientConfigs(model, name)
  if (!list) throw new Error('expected configs')
  return new Map(list.map((c) => [c.client, c]))
}
const get = (m: Map<string, ConfigEntry>, client: string): ConfigEntry => {
  const c = m.get(client)
  if (!c) throw new Error(`no ${client}`)
  return c
}
// Parsed snippets are arbitrary JSON that the tests index into freely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any
const parseJson = (c: ConfigEntry): Json => JSON.parse(c.snippet)
const parseToml = (c: ConfigEntry): Json => Bun.TOML.parse(c.snippet)

const API_KEY: EnvVarSpec = { name: 'ACME_API_KEY', isRequired: true, isSecret: true, description: 'Your Acme API key' }
const REGION: EnvVarSpec = { name: 'ACME_REGION', isRequired: true, description: 'Region, e.g. eu' }
const LOG: EnvVarSpec = { name: 'LOG_LEVEL', description: 'Optional log level' }
const SMITHERY: HeaderSpec = {
  name: 'Authorization',
  value: 'Bearer {smithery_api_key}',
  isRequired: true,
  isSecret: true,
  description: 'Bearer token',
}

describe('buildClientConfigs: general', () => {
  test('null for a guess (a README mention, the repository run as it is); a declared package keeps its configs at low', () => {
    expect(buildClientConfigs(localModel({ confidence: 'low', basis: 'readme-mention' }), 'thing')).toBeNull()
    expect(
      buildClientConfigs(
        localModel({
          confidence: 'low',
          basis: 'repository',
          registryType: 'github',
          args: ['-y', 'github:acme/thing'],
        }),
        'thing',
      ),
    ).toBeNull()
    expect(buildClientConfigs(localModel({ confidence: 'low', note: 'not yet checked' }), 'thing')).toHaveLength(
      CONFIG_CLIENTS.length,
    )
    expect(buildClientConfigs(localModel({ confidence: 'low', basis: 'readme-config' }), 'thing')).toHaveLength(
      CONFIG_CLIENTS.length,
    )
  })

  test('one entry per client, in display order, with the §2.2 fields', () => {
    for (const model of [localModel(), remoteModel(), remoteModel({ transport: 'sse' })]) {
      const list = buildClientConfigs(model, 'thing') ?? []
      expect(list.map((c) => c.client)).toEqual(CONFIG_CLIENTS.map((c) => c.client))
      expect(list.map((c) => c.client).slice(0, 4)).toEqual(['claude-desktop', 'claude-code', 'cursor', 'vs-code'])
      expect(list.map((c) => c.client)).toContain('codex')
      expect(list.at(-1)?.client).toBe('cli')
      for (const c of list) {
        const links = ['command', 'deepLink', 'webLink']
        expect(
          Object.keys(c)
            .filter((k) => !links.includes(k))
            .sort(),
        ).toEqual(['client', 'format', 'label', 'locations', 'note', 'snippet'])
        expect(['json', 'toml', 'yaml', 'shell', 'text']).toContain(c.format)
        expect(c.label.length).toBeGreaterThan(0)
        expect(c.note.length).toBeGreaterThan(0)
        for (const loc of c.locations) {
          expect(['macos', 'windows', 'linux', 'any']).toContain(loc.os)
          expect(loc.path.length).toBeGreaterThan(0)
        }
        if (c.client !== 'cli') expect(c.locations.length).toBeGreaterThan(0)
        if (c.format === 'json') expect(() => JSON.parse(c.snippet)).not.toThrow()
        if (c.format === 'toml') expect(() => Bun.TOML.parse(c.snippet)).not.toThrow()
      }
    }
  })

  test('real file locations', () => {
    const m = configs(localModel())
    expect(get(m, 'claude-desktop').locations).toEqual([
      { os: 'macos', path: '~/Library/Application Support/Claude/claude_desktop_config.json' },
      { os: 'windows', path: '%APPDATA%\\Claude\\claude_desktop_config.json' },
      { os: 'linux', path: '~/.config/Claude/claude_desktop_config.json' },
    ])
    expect(get(m, 'cursor').locations.map((l) => l.path)).toContain('~/.cursor/mcp.json')
    expect(get(m, 'cursor').locations.map((l) => l.path)).toContain('.cursor/mcp.json')
    expect(get(m, 'vs-code').locations.map((l) => l.path)).toContain('.vscode/mcp.json')
    expect(get(m, 'codex').locations.map((l) => l.path)).toContain('~/.codex/config.toml')
    expect(get(m, 'windsurf').locations.map((l) => l.path)).toContain('~/.codeium/windsurf/mcp_config.json')
    expect(get(m, 'gemini-cli').locations.map((l) => l.path)).toContain('~/.gemini/settings.json')
    expect(get(m, 'claude-code').locations).toEqual([{ os: 'any', path: '.mcp.json' }])
    expect(get(m, 'cli').locations).toEqual([])
  })
})

describe('buildClientConfigs: local model', () => {
  const model = localModel({ env: [API_KEY, REGION, LOG] })
  const m = configs(model, 'thing')

  test('Claude Desktop, Cursor, Windsurf, Gemini CLI: mcpServers with command/args/env placeholders', () => {
    for (const client of ['claude-desktop', 'cursor', 'windsurf', 'gemini-cli']) {
      const c = get(m, client)
      expect(c.format).toBe('json')
      expect(parseJson(c)).toEqual({
        mcpServers: {
          thing: {
            command: 'npx',
            args: ['-y', '@acme/thing-mcp@1.2.3'],
            env: { ACME_API_KEY: '<ACME_API_KEY>', ACME_REGION: '<ACME_REGION>' },
          },
        },
      })
      expect(c.note).toContain('LOG_LEVEL') // optional variable named, not configured
      expect(c.note).toContain('Node.js')
    }
  })

  test('Claude Code .mcp.json uses ${VAR} expansion', () => {
    expect(parseJson(get(m, 'claude-code'))).toEqual({
      mcpServers: {
        thing: {
          command: 'npx',
          args: ['-y', '@acme/thing-mcp@1.2.3'],
          env: { ACME_API_KEY: '${ACME_API_KEY}', ACME_REGION: '${ACME_REGION}' },
        },
      },
    })
  })

  test('VS Code: top-level servers, type stdio, secrets through inputs', () => {
    const j = parseJson(get(m, 'vs-code'))
    expect(j.mcpServers).toBeUndefined()
    expect(j.servers.thing).toEqual({
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@acme/thing-mcp@1.2.3'],
      env: { ACME_API_KEY: '${input:acme_api_key}', ACME_REGION: '${input:acme_region}' },
    })
    expect(j.inputs).toEqual([
      { type: 'promptString', id: 'acme_api_key', description: 'Your Acme API key', password: true },
      { type: 'promptString', id: 'acme_region', description: 'Region, e.g. eu', password: false },
    ])
  })

  test('Codex: valid TOML under [mcp_servers.<name>]', () => {
    const c = get(m, 'codex')
    expect(c.format).toBe('toml')
    expect(c.snippet.startsWith('[mcp_servers.thing]\n')).toBe(true)
    expect(parseToml(c)).toEqual({
      mcp_servers: {
        thing: {
          command: 'npx',
          args: ['-y', '@acme/thing-mcp@1.2.3'],
          env: { ACME_API_KEY: '<ACME_API_KEY>', ACME_REGION: '<ACME_REGION>' },
        },
      },
    })
  })

  test('cli: claude mcp add <name> -e … -- command args', () => {
    const c = get(m, 'cli')
    expect(c.format).toBe('shell')
    expect(c.snippet).toBe(
      "claude mcp add thing -e 'ACME_API_KEY=<ACME_API_KEY>' -e 'ACME_REGION=<ACME_REGION>' -- npx -y @acme/thing-mcp@1.2.3",
    )
    expect(shellWords(c.snippet)).toEqual([
      'claude',
      'mcp',
      'add',
      'thing',
      '-e',
      'ACME_API_KEY=<ACME_API_KEY>',
      '-e',
      'ACME_REGION=<ACME_REGION>',
      '--',
      'npx',
      '-y',
      '@acme/thing-mcp@1.2.3',
    ])
  })

  test('no env block when nothing is required', () => {
    const n = configs(localModel({ env: [LOG] }))
    expect(parseJson(get(n, 'claude-desktop')).mcpServers.thing).toEqual({
      command: 'npx',
      args: ['-y', '@acme/thing-mcp@1.2.3'],
    })
    expect(parseJson(get(n, 'vs-code')).inputs).toBeUndefined()
    expect(parseToml(get(n, 'codex')).mcp_servers.thing.env).toBeUndefined()
    expect(get(n, 'cli').snippet).toBe('claude mcp add thing -- npx -y @acme/thing-mcp@1.2.3')
  })

  test('a lone unflagged secret is treated as required, unless described as optional', () => {
    const lone = placeholderEnv([{ name: 'FIRECRAWL_API_KEY', isSecret: true }, { name: 'DEBUG' }])
    expect(lone).toEqual({ FIRECRAWL_API_KEY: '<FIRECRAWL_API_KEY>' })
    expect(placeholderEnv([{ name: 'X_API_KEY', isSecret: true, description: 'Optional API key' }])).toEqual({})
    expect(
      placeholderEnv([
        { name: 'A_KEY', isSecret: true },
        { name: 'B_KEY', isSecret: true },
      ]),
    ).toEqual({})
    expect(
      placeholderEnv([
        { name: 'A_KEY', isSecret: true },
        { name: 'B', isRequired: true },
      ]),
    ).toEqual({ B: '<B>' })
  })

  test('docker, uvx and dnx commands are passed through, runtime named in the note', () => {
    const d = configs(
      localModel({
        runner: 'docker',
        registryType: 'oci',
        command: 'docker',
        args: ['run', '-i', '--rm', '-e', 'ACME_API_KEY', 'ghcr.io/acme/thing:1'],
        env: [API_KEY],
      }),
    )
    expect(parseJson(get(d, 'claude-desktop')).mcpServers.thing.args).toEqual([
      'run',
      '-i',
      '--rm',
      '-e',
      'ACME_API_KEY',
      'ghcr.io/acme/thing:1',
    ])
    expect(get(d, 'claude-desktop').note).toContain('Docker')
    expect(shellWords(get(d, 'cli').snippet).slice(-7)).toEqual([
      'docker',
      'run',
      '-i',
      '--rm',
      '-e',
      'ACME_API_KEY',
      'ghcr.io/acme/thing:1',
    ])
    expect(get(configs(localModel({ runner: 'uvx', command: 'uvx', args: ['thing'] })), 'codex').note).toContain('uv')
    expect(
      get(configs(localModel({ runner: 'dnx', command: 'dnx', args: ['Thing@1.0.0', '--yes'] })), 'codex').note,
    ).toContain('.NET 10')
  })
})

describe('buildClientConfigs: remote model', () => {
  test('an Authorization header the entry gives no value shows its scheme: Bearer, or the one its description names', () => {
    // The official GitHub server's header: "Authentication token (PAT or App token)", no value. A bare token pasted
    // where `<AUTHORIZATION>` stood gets a 401.
    const github: HeaderSpec = {
      name: 'Authorization',
      isRequired: true,
      isSecret: true,
      description: 'Authentication token (PAT or App token)',
    }
    const m = configs(remoteModel({ headers: [github] }), 'github')
    expect(parseJson(get(m, 'cursor'))).toEqual({
      mcpServers: {
        github: { url: 'https://mcp.acme.example/mcp', headers: { Authorization: 'Bearer <AUTHORIZATION_TOKEN>' } },
      },
    })
    expect(parseJson(get(m, 'claude-code'))).toMatchObject({
      mcpServers: { github: { headers: { Authorization: 'Bearer ${AUTHORIZATION_TOKEN}' } } },
    })
    const basic = configs(remoteModel({ headers: [{ ...github, description: 'Basic credentials, base64' }] }), 'x')
    expect(parseJson(get(basic, 'cursor'))).toMatchObject({
      mcpServers: { x: { headers: { Authorization: 'Basic <AUTHORIZATION_TOKEN>' } } },
    })
  })

  test('streamable HTTP with a templated bearer header', () => {
    const m = configs(remoteModel({ headers: [SMITHERY] }), 'thing')
    // Claude Desktop: stdio only → mcp-remote, header value from the environment (no spaces in args).
    expect(parseJson(get(m, 'claude-desktop'))).toEqual({
      mcpServers: {
        thing: {
          command: 'npx',
          args: [
            '-y',
            'mcp-remote',
            'https://mcp.acme.example/mcp',
            '--header',
            'Authorization:${AUTHORIZATION_HEADER}',
          ],
          env: { AUTHORIZATION_HEADER: 'Bearer <SMITHERY_API_KEY>' },
        },
      },
    })
    expect(get(m, 'claude-desktop').note).toContain('mcp-remote')
    expect(parseJson(get(m, 'claude-code'))).toEqual({
      mcpServers: {
        thing: {
          type: 'http',
          url: 'https://mcp.acme.example/mcp',
          headers: { Authorization: 'Bearer ${SMITHERY_API_KEY}' },
        },
      },
    })
    expect(parseJson(get(m, 'cursor'))).toEqual({
      mcpServers: {
        thing: { url: 'https://mcp.acme.example/mcp', headers: { Authorization: 'Bearer <SMITHERY_API_KEY>' } },
      },
    })
    expect(parseJson(get(m, 'vs-code'))).toEqual({
      servers: {
        thing: {
          type: 'http',
          url: 'https://mcp.acme.example/mcp',
          headers: { Authorization: 'Bearer ${input:smithery_api_key}' },
        },
      },
      inputs: [{ type: 'promptString', id: 'smithery_api_key', description: 'Bearer token', password: true }],
    })
    expect(parseJson(get(m, 'windsurf'))).toEqual({
      mcpServers: {
        thing: { serverUrl: 'https://mcp.acme.example/mcp', headers: { Authorization: 'Bearer <SMITHERY_API_KEY>' } },
      },
    })
    expect(parseJson(get(m, 'gemini-cli'))).toEqual({
      mcpServers: {
        thing: { httpUrl: 'https://mcp.acme.example/mcp', headers: { Authorization: 'Bearer <SMITHERY_API_KEY>' } },
      },
    })
    // Codex: native streamable HTTP; the bearer token comes from the environment.
    expect(parseToml(get(m, 'codex'))).toEqual({
      mcp_servers: { thing: { url: 'https://mcp.acme.example/mcp', bearer_token_env_var: 'SMITHERY_API_KEY' } },
    })
    expect(get(m, 'codex').note).toContain('SMITHERY_API_KEY')
    expect(get(m, 'cli').snippet).toBe(
      "claude mcp add --transport http thing https://mcp.acme.example/mcp --header 'Authorization: Bearer <SMITHERY_API_KEY>'",
    )
  })

  test('no headers: plain url everywhere, sign-in mentioned', () => {
    const m = configs(remoteModel())
    expect(parseJson(get(m, 'claude-desktop')).mcpServers.thing).toEqual({
      command: 'npx',
      args: ['-y', 'mcp-remote', 'https://mcp.acme.example/mcp'],
    })
    expect(parseJson(get(m, 'cursor')).mcpServers.thing).toEqual({ url: 'https://mcp.acme.example/mcp' })
    expect(parseJson(get(m, 'vs-code'))).toEqual({
      servers: { thing: { type: 'http', url: 'https://mcp.acme.example/mcp' } },
    })
    expect(parseToml(get(m, 'codex'))).toEqual({ mcp_servers: { thing: { url: 'https://mcp.acme.example/mcp' } } })
    expect(get(m, 'cli').snippet).toBe('claude mcp add --transport http thing https://mcp.acme.example/mcp')
    expect(get(m, 'cursor').note).toContain('browser')
  })

  test('SSE: type sse, mcp-remote sse-only, Codex bridged, Gemini url', () => {
    const m = configs(remoteModel({ transport: 'sse', url: 'https://mcp.acme.example/sse', headers: [SMITHERY] }))
    expect(parseJson(get(m, 'claude-desktop')).mcpServers.thing.args).toEqual([
      '-y',
      'mcp-remote',
      'https://mcp.acme.example/sse',
      '--transport',
      'sse-only',
      '--header',
      'Authorization:${AUTHORIZATION_HEADER}',
    ])
    expect(parseJson(get(m, 'claude-code')).mcpServers.thing.type).toBe('sse')
    expect(parseJson(get(m, 'vs-code')).servers.thing.type).toBe('sse')
    expect(parseJson(get(m, 'gemini-cli')).mcpServers.thing).toEqual({
      url: 'https://mcp.acme.example/sse',
      headers: { Authorization: 'Bearer <SMITHERY_API_KEY>' },
    })
    const codex = parseToml(get(m, 'codex')).mcp_servers.thing
    expect(codex.command).toBe('npx')
    expect(codex.args).toContain('mcp-remote')
    expect(codex.env).toEqual({ AUTHORIZATION_HEADER: 'Bearer <SMITHERY_API_KEY>' })
    expect(get(m, 'codex').note).toContain('SSE')
    expect(get(m, 'cli').snippet.startsWith('claude mcp add --transport sse thing ')).toBe(true)
  })

  test('plain http endpoints get --allow-http for mcp-remote', () => {
    const m = configs(remoteModel({ url: 'http://mcp.acme.example/mcp' }))
    expect(parseJson(get(m, 'claude-desktop')).mcpServers.thing.args).toContain('--allow-http')
  })

  test('header kinds: non-bearer secret template, plain secret, non-secret required, optional', () => {
    const headers: HeaderSpec[] = [
      { name: 'Authorization', value: 'App {INFOBIP_API_KEY}', isSecret: true },
      { name: 'X-Api-Key', isRequired: true, isSecret: true },
      { name: 'X-Org', isRequired: true },
      { name: 'X-Debug' },
    ]
    const m = configs(remoteModel({ headers }))
    expect(placeholderHeaders(headers)).toEqual({
      Authorization: 'App <INFOBIP_API_KEY>',
      'X-Api-Key': '<X_API_KEY>',
      'X-Org': '<X_ORG>',
    })
    expect(parseToml(get(m, 'codex'))).toEqual({
      mcp_servers: {
        thing: {
          url: 'https://mcp.acme.example/mcp',
          http_headers: { 'X-Org': '<X_ORG>' },
          env_http_headers: { Authorization: 'AUTHORIZATION_HEADER', 'X-Api-Key': 'X_API_KEY' },
        },
      },
    })
    expect(get(m, 'codex').note).toContain('App <INFOBIP_API_KEY>')
    const desktop = parseJson(get(m, 'claude-desktop')).mcpServers.thing
    expect(desktop.args).toEqual([
      '-y',
      'mcp-remote',
      'https://mcp.acme.example/mcp',
      '--header',
      'Authorization:${AUTHORIZATION_HEADER}',
      '--header',
      'X-Api-Key:${X_API_KEY}',
      '--header',
      'X-Org:${X_ORG}',
    ])
    expect(desktop.env).toEqual({
      AUTHORIZATION_HEADER: 'App <INFOBIP_API_KEY>',
      X_API_KEY: '<X_API_KEY>',
      X_ORG: '<X_ORG>',
    })
    for (const c of m.values()) {
      expect(c.snippet).not.toContain('X-Debug')
      expect(c.snippet).not.toMatch(/(?<!\$)\{INFOBIP_API_KEY\}/) // the raw template; ${…} is Claude Code's syntax
    }
    expect(get(m, 'cursor').note).toContain('X-Debug')
  })

  test('a secret header with a literal value never shows that value', () => {
    const m = configs(
      remoteModel({ headers: [{ name: 'X-Token', value: 'sk-live-123', isRequired: true, isSecret: true }] }),
    )
    for (const c of m.values()) expect(c.snippet).not.toContain('sk-live-123')
    expect(parseJson(get(m, 'cursor')).mcpServers.thing.headers).toEqual({ 'X-Token': '<X_TOKEN>' })
  })

  test('a public required header keeps its literal value', () => {
    expect(placeholderHeaders([{ name: 'X-Client', value: 'directory', isRequired: true }])).toEqual({
      'X-Client': 'directory',
    })
  })
})

describe('buildClientConfigs: hostile names and values', () => {
  const nasty = [
    `it's "quoted" $(rm -rf ~) \`x\``,
    'name with spaces',
    'ünïcødé ✓',
    'tab\there',
    'back\\slash',
    '[mcp_servers.evil]',
    'a.b',
  ]

  test('every snippet stays valid and keeps the exact name', () => {
    for (const name of nasty) {
      for (const model of [
        localModel({ env: [API_KEY] }),
        remoteModel({ headers: [SMITHERY] }),
        remoteModel({ transport: 'sse' }),
      ]) {
        const m = configs(model, name)
        const key = name.replace(/\t/g, '')
        expect(Object.keys(parseJson(get(m, 'claude-desktop')).mcpServers)).toEqual([key])
        expect(Object.keys(parseJson(get(m, 'vs-code')).servers)).toEqual([key])
        expect(Object.keys(parseToml(get(m, 'codex')).mcp_servers)).toEqual([key])
        const words = shellWords(get(m, 'cli').snippet)
        expect(words).toContain(key)
      }
    }
  })

  test('control characters and leading dashes are removed from the key; empty falls back', () => {
    expect(Object.keys(parseJson(get(configs(localModel(), 'a\nb\u0000c'), 'cursor')).mcpServers)).toEqual(['abc'])
    expect(shellWords(get(configs(localModel(), '--help'), 'cli').snippet)[3]).toBe('help')
    expect(Object.keys(parseJson(get(configs(localModel(), '  '), 'cursor')).mcpServers)).toEqual(['mcp-server'])
  })

  test('odd env names and descriptions survive TOML and JSON', () => {
    const env: EnvVarSpec[] = [
      { name: 'x-api-key', isRequired: true, description: 'line1\nline2 "quoted" \u0007' },
      { name: 'DOT.NAME', isRequired: true },
    ]
    const m = configs(localModel({ env }))
    expect(parseToml(get(m, 'codex')).mcp_servers.thing.env).toEqual({
      'x-api-key': '<X_API_KEY>',
      'DOT.NAME': '<DOT_NAME>',
    })
    const vs = parseJson(get(m, 'vs-code'))
    expect(vs.inputs[0].description).toBe('line1 line2 "quoted"')
    expect(shellWords(get(m, 'cli').snippet)).toContain('x-api-key=<X_API_KEY>')
  })

  test('arguments with shell metacharacters are quoted', () => {
    const m = configs(localModel({ args: ['-y', 'pkg', '--flag=$HOME', "it's", 'a b', ''] }))
    expect(shellWords(get(m, 'cli').snippet).slice(-6)).toEqual(['-y', 'pkg', '--flag=$HOME', "it's", 'a b', ''])
  })
})

describe('shellQuote', () => {
  test.each([
    ['plain-word_1.2@x/y:z,=+%', 'plain-word_1.2@x/y:z,=+%'],
    ['', "''"],
    ['a b', "'a b'"],
    ["it's", "'it'\\''s'"],
    ['$HOME', "'$HOME'"],
    ['<KEY>', "'<KEY>'"],
    ['a;b', "'a;b'"],
  ])('%p → %p', (input, expected) => {
    expect(shellQuote(input)).toBe(expected)
    expect(shellWords(expected)).toEqual([input])
  })
})

describe('install lines: one-line commands and install links', () => {
  const SMITHERY_ONLY: HeaderSpec = { ...SMITHERY }
  const models: [string, InstallModel][] = [
    ['local with env', localModel({ env: [API_KEY, REGION, LOG] })],
    ['local without env', localModel()],
    ['remote with a bearer header', remoteModel({ headers: [SMITHERY_ONLY] })],
    ['remote without headers', remoteModel()],
    ['remote with another header', remoteModel({ headers: [{ name: 'X-Api-Key', isRequired: true, isSecret: true }] })],
    ['sse with a bearer header', remoteModel({ transport: 'sse', headers: [SMITHERY_ONLY] })],
  ]

  test.each(models)('%s: every command and link decodes to the config its client reads', (_, model) => {
    for (const name of ['thing', 'it\'s $(evil) & "x"']) {
      for (const c of buildClientConfigs(model, name) ?? []) {
        const want = snippetEntry(c)
        expect(want.name).toBe(name)
        for (const line of [c.command, c.deepLink, c.webLink].filter((l): l is string => l !== undefined)) {
          const got = decodeInstallLine(c.client, line)
          if (
            c.client === 'codex' &&
            got.server.bearer_token_env_var === undefined &&
            want.server.bearer_token_env_var !== undefined
          )
            throw new Error('bearer lost')
          expect({ client: c.client, ...got }).toEqual({ client: c.client, ...want })
        }
        const { line } = installLineOf(c)
        expect({ client: c.client, ...decodeInstallLine(c.client, line) }).toEqual({ client: c.client, ...want })
      }
    }
  })

  test('which clients have which', () => {
    const m = configs(localModel({ env: [API_KEY] }))
    expect(get(m, 'cursor').deepLink).toStartWith('cursor://anysphere.cursor-deeplink/mcp/install?name=thing&config=')
    expect(get(m, 'vs-code').deepLink).toStartWith('vscode:mcp/install?%7B%22name%22%3A%22thing%22')
    expect(get(m, 'vs-code').webLink).toStartWith('https://vscode.dev/redirect/mcp/install?name=thing&config=')
    expect(get(m, 'vs-code').command).toStartWith('code --add-mcp ')
    expect(get(m, 'claude-code').command).toStartWith('claude mcp add-json --scope project thing ')
    expect(get(m, 'codex').command).toBe(
      "codex mcp add thing --env 'ACME_API_KEY=<ACME_API_KEY>' -- npx -y @acme/thing-mcp@1.2.3",
    )
    expect(get(m, 'cli').command).toBe(get(m, 'cli').snippet)
    for (const client of ['claude-desktop', 'windsurf', 'gemini-cli']) {
      expect(get(m, client).command).toBeUndefined()
      expect(installLineOf(get(m, client))).toEqual({ kind: 'config', line: JSON.stringify(parseJson(get(m, client))) })
    }
    const r = configs(remoteModel({ headers: [SMITHERY] }))
    expect(get(r, 'codex').command).toBe(
      'codex mcp add thing --url https://mcp.acme.example/mcp --bearer-token-env-var SMITHERY_API_KEY',
    )
    // Headers `codex mcp add` cannot set: the file is the way, and the install line is the snippet.
    const other = configs(remoteModel({ headers: [{ name: 'X-Api-Key', isRequired: true, isSecret: true }] }))
    expect(get(other, 'codex').command).toBeUndefined()
    expect(installLineOf(get(other, 'codex'))).toEqual({ kind: 'config', line: get(other, 'codex').snippet.trim() })
  })

  test('requiredSecrets names the keys to get', () => {
    expect(requiredSecrets(localModel({ env: [API_KEY, REGION, LOG] }))).toEqual(['ACME_API_KEY'])
    expect(requiredSecrets(remoteModel({ headers: [SMITHERY] }))).toEqual(['SMITHERY_API_KEY'])
    expect(requiredSecrets(remoteModel())).toEqual([])
  })
})
