import { describe, expect, test } from 'bun:test'
import type { InstallModel, Listing } from '../contracts/listing'
import { snippetEntry } from '../testing/install-lines'
import {
  buildClientConfigs,
  deriveInstallModel,
  installSettings,
  modelOfInstall,
  requiredSecrets,
  requiredSettings,
  valueProblem,
} from './index'

const listing = (over: Partial<Listing>) =>
  ({
    name: 'io.github.acme/pg-mcp',
    packages: [],
    remotes: [],
    repositoryUrl: 'https://github.com/acme/pg-mcp',
    url: 'https://github.com/acme/pg-mcp',
    source: 'official-registry',
    ...over,
  }) as Parameters<typeof deriveInstallModel>[0]

const model = (over: Partial<Listing>): InstallModel => {
  const m = deriveInstallModel(listing(over))
  if (!m) throw new Error('no model')
  return m
}

// A server that needs a database address (not a secret) and a folder given as a positional argument.
const POSTGRES = model({
  packages: [
    {
      registryType: 'npm',
      identifier: 'pg-mcp',
      version: '1.0.0',
      environmentVariables: [
        {
          name: 'DATABASE_URI',
          isRequired: true,
          description: 'A PostgreSQL URL',
          placeholder: 'postgresql://user:pass@host/db',
        },
        { name: 'PG_SSL', format: 'boolean', default: 'false', choices: ['true', 'false'] },
      ],
      packageArguments: [{ type: 'positional', valueHint: 'allowed_folder', isRequired: true, format: 'filepath' }],
    },
  ],
})

const entryOf = (m: InstallModel, client: string, values?: Map<string, string>) => {
  const c = buildClientConfigs(m, 'pg', values)?.find((x) => x.client === client)
  if (!c) throw new Error(`no ${client} config`)
  return c
}

describe('settings: one model for every input an install needs', () => {
  test('a required non-secret variable and a required positional argument are needed, not "no keys"', () => {
    const settings = installSettings(POSTGRES)
    expect(settings.map((s) => [s.variable, s.kind, s.required, s.secret])).toEqual([
      ['allowed-folder', 'argument', true, false],
      ['DATABASE_URI', 'env', true, false],
      ['PG_SSL', 'env', false, false],
    ])
    expect(requiredSettings(POSTGRES).map((s) => s.name)).toEqual(['allowed_folder', 'DATABASE_URI'])
    // Secrets alone would have said nothing is needed.
    expect(requiredSecrets(POSTGRES)).toEqual([])
    const db = settings[1]
    expect(db).toMatchObject({ description: 'A PostgreSQL URL', example: 'postgresql://user:pass@host/db' })
    expect(settings[0]).toMatchObject({ format: 'filepath', placeholder: '<allowed-folder>', source: 'registry' })
    expect(settings[2]).toMatchObject({ format: 'boolean', default: 'false', choices: ['true', 'false'] })
  })

  test('every client config has a placeholder for every required setting', () => {
    for (const c of buildClientConfigs(POSTGRES, 'pg') ?? []) {
      const text = `${c.snippet}\n${c.command ?? ''}`
      expect(text).toContain('<allowed-folder>')
      expect(/<DATABASE_URI>|\$\{DATABASE_URI\}|\$\{input:database_uri\}/.test(text)).toBe(true)
    }
  })

  test('given values are put in place in every client, and nothing else changes', () => {
    const values = new Map([
      ['DATABASE_URI', "postgresql://me:p'w@db.example/app"],
      ['allowed-folder', '/home/me/data'],
    ])
    for (const c of buildClientConfigs(POSTGRES, 'pg', values) ?? []) {
      const text = `${c.snippet}\n${c.command ?? ''}`
      expect(text).not.toContain('<allowed-folder>')
      expect(text).not.toContain('DATABASE_URI>')
      expect(text).not.toContain('${input:')
    }
    const desktop = snippetEntry(entryOf(POSTGRES, 'claude-desktop', values)).server
    expect(desktop).toEqual({
      command: 'npx',
      args: ['-y', 'pg-mcp@1.0.0', '/home/me/data'],
      env: { DATABASE_URI: "postgresql://me:p'w@db.example/app" },
    })
    // An optional setting given a value is included.
    const ssl = snippetEntry(entryOf(POSTGRES, 'cursor', new Map([['PG_SSL', 'true']]))).server
    expect(ssl.env).toEqual({ DATABASE_URI: '<DATABASE_URI>', PG_SSL: 'true' })
  })

  test('values are checked against their setting', () => {
    const [folder, db, ssl] = installSettings(POSTGRES)
    if (!folder || !db || !ssl) throw new Error('settings')
    expect(valueProblem(db, 'postgresql://x')).toBeNull()
    expect(valueProblem(db, 'a\nb')).toContain('one line')
    expect(valueProblem(ssl, 'maybe')).toContain('one of true, false')
    expect(valueProblem(folder, 'x'.repeat(2001))).toContain('printable')
  })

  test('an Authorization header shows its scheme, and a given token fills it once', () => {
    const remote = model({
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://api.example.com/mcp',
          headers: [{ name: 'Authorization', isRequired: true, isSecret: true, description: 'A GitHub token' }],
        },
      ],
    })
    const [auth] = installSettings(remote)
    expect(auth).toMatchObject({ name: 'Authorization', kind: 'header', required: true, secret: true })
    expect(auth?.variable).toBe('AUTHORIZATION_TOKEN')
    const cursor = snippetEntry(entryOf(remote, 'cursor')).server
    expect(cursor.headers).toEqual({ Authorization: 'Bearer <AUTHORIZATION_TOKEN>' })
    for (const given of ['ghp_abc', 'Bearer ghp_abc']) {
      const filled = snippetEntry(entryOf(remote, 'cursor', new Map([['AUTHORIZATION_TOKEN', given]]))).server
      expect(filled.headers).toEqual({ Authorization: 'Bearer ghp_abc' })
    }
  })

  test("a remote's URL variables are settings, and a value is put in the address", () => {
    const remote = model({
      remotes: [
        {
          type: 'streamable-http',
          url: 'https://{tenant}.example.com/mcp',
          headers: [],
          variables: { tenant: { description: 'Your tenant', isRequired: true } },
        },
      ],
    })
    expect(remote.kind === 'remote' && remote.url).toBe('https://<TENANT>.example.com/mcp')
    expect(installSettings(remote)).toMatchObject([{ name: 'tenant', kind: 'url', required: true, variable: 'TENANT' }])
    const filled = snippetEntry(entryOf(remote, 'cursor', new Map([['TENANT', 'acme']]))).server
    expect(filled.url).toBe('https://acme.example.com/mcp')
    const [tenant] = installSettings(remote)
    if (!tenant) throw new Error('setting')
    expect(valueProblem(tenant, 'evil.example/x')).toContain('URL variable')
    // An undeclared {…} leaves no usable remote.
    const undeclared = deriveInstallModel(
      listing({ remotes: [{ type: 'streamable-http', url: 'https://{tenant}.example.com/mcp', headers: [] }] }),
    )
    expect(undeclared).toBeNull()
  })

  test("an entry's fixed value is written as it is; its declared {variables} are the user's", () => {
    const m = model({
      packages: [
        {
          registryType: 'npm',
          identifier: 'pg-mcp',
          environmentVariables: [
            { name: 'MODE', value: 'read-only' },
            {
              name: 'DSN',
              value: 'postgresql://{user}@db.example/app',
              variables: { user: { description: 'Database user', isRequired: true } },
            },
          ],
        },
      ],
    })
    expect(installSettings(m).map((s) => s.variable)).toEqual(['USER'])
    const server = snippetEntry(entryOf(m, 'claude-desktop')).server
    expect(server.env).toEqual({ MODE: 'read-only', DSN: 'postgresql://<USER>@db.example/app' })
  })

  test('a required argument with a default runs with it, and is still named as a setting', () => {
    const m = model({
      packages: [
        {
          registryType: 'npm',
          identifier: 'pg-mcp',
          environmentVariables: [],
          packageArguments: [{ type: 'named', name: '--port', isRequired: true, default: '8080' }],
        },
      ],
    })
    expect(m.kind === 'local' && m.args).toEqual(['-y', 'pg-mcp', '--port', '8080'])
  })

  test('the detail install rebuilds the same configs (what the MCP install tool fills)', () => {
    const info = {
      kind: 'local' as const,
      confidence: 'high' as const,
      command: POSTGRES.kind === 'local' ? POSTGRES.command : '',
      args: POSTGRES.kind === 'local' ? POSTGRES.args : [],
      environmentVariables: POSTGRES.kind === 'local' ? POSTGRES.env : [],
      basis: 'registry' as const,
    }
    const rebuilt = modelOfInstall(info)
    if (!rebuilt) throw new Error('no model')
    expect(buildClientConfigs(rebuilt, 'pg')).toEqual(buildClientConfigs(POSTGRES, 'pg'))
  })
})
