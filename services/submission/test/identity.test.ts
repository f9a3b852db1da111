// Long on purpose: one table of lookalike names and repository spellings against one set of real services.
// One identity per listing: lookalike names and other spellings of a listed repository are refused at
// POST /api/v1/submit, through the real gateway, submission and catalog apps on the real PostgreSQL and NATS.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createCatalogApp, type CatalogService } from '@mcp-directory/catalog'
import { sql, type Database } from '@mcp-directory/shared/db'
import { nameSkeleton } from '@mcp-directory/shared/identity'
import { createLogger } from '@mcp-directory/shared/log'
import { isolatedEnv, runToken, startBacking, testConfig } from '@mcp-directory/shared/testing'
import { createGatewayApp } from '../../../gateway/src/app'
import { inProcessUpstream } from '@mcp-directory/shared/upstream'
import { createSubmissionApp, type SubmissionService } from '../src'
import { identityColumns, refreshListingIdentities } from '../../catalog/src/listings/identity'

const run = runToken()
const env = isolatedEnv(run, '')
const BASE = 'http://dir.test'
const OPERATOR = 'operator-secret-token-0123456789'
const log = createLogger('test', 'silent')
// A stand-in for GitHub's contents API: the one monorepo folder these tests list exists; no other path does.
const github = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  fetch: (req) =>
    decodeURIComponent(new URL(req.url).pathname) === `/repos/github/github-mcp-server/contents/pkg/tools-${run}`
      ? Response.json([{ type: 'file', name: 'index.ts' }])
      : Response.json({ message: 'Not Found' }, { status: 404 }),
})
const config = testConfig({
  PUBLIC_BASE_URL: BASE,
  RATE_LIMIT_WRITE_PER_HOUR: '1000000',
  GITHUB_API_URL: `http://127.0.0.1:${github.port}`,
})
const REPO = 'https://github.com/github/github-mcp-server'

let backing: Awaited<ReturnType<typeof startBacking>> | undefined
let database: Database
let catalog: CatalogService
let submission: SubmissionService
let gateway: ReturnType<typeof createGatewayApp>
let listedId: string

const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  gateway.app.handle(
    new Request(`http://localhost${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  )
const op = { authorization: `Bearer ${OPERATOR}` }
let n = 0
const submissionOf = (over: Record<string, unknown> = {}) => {
  n++
  return {
    name: `identity-${run}-${n}`,
    url: `https://github.com/identity-${run}/server-${n}`,
    description: 'A server submitted by the identity tests.',
    category: 'developer-tools',
    email: `owner${n}@example.com`,
    ...over,
  }
}
const submit = (over: Record<string, unknown>) => call('POST', '/api/v1/submit', submissionOf(over))

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status)
  const body = await res.json()
  // A copy is matched: matching against asymmetric matchers may write them into the object matched.
  expect(structuredClone(body)).toMatchObject({ error: code, message: expect.any(String), status })
  return body as {
    message: string
    details: { field: string; existingId?: string; detailUrl?: string; message: string }[]
  }
}

beforeAll(async () => {
  backing = await startBacking(env, log)
  database = backing.database
  catalog = createCatalogApp({ config, database, bus: backing.bus, log, operatorToken: OPERATOR })
  submission = createSubmissionApp({
    config,
    database,
    bus: backing.bus,
    log,
    operatorToken: OPERATOR,
    secret: 'identity-test-secret-0123456789abcdef',
    catalog: (r) => catalog.app.handle(r),
    mailer: { kind: 'log', send: async () => {}, close: async () => {} },
  })
  gateway = createGatewayApp({
    config,
    log,
    kv: backing.kv,
    bus: backing.bus,
    operatorToken: OPERATOR,
    upstreams: {
      catalog: inProcessUpstream('catalog', (r) => catalog.app.handle(r)),
      submission: inProcessUpstream('submission', (r) => submission.app.handle(r)),
    },
  })
  // github-mcp-server is listed (imported, active).
  const imported = await call(
    'POST',
    '/api/v1/admin/import',
    [
      {
        name: 'github-mcp-server',
        description: "GitHub's official MCP server",
        repository: { url: REPO, source: 'github' },
      },
    ],
    op,
  )
  expect(imported.status).toBe(200)
  ;[{ id: listedId }] = await database.rows<{ id: string }>(
    sql`select id from catalog.listings where name = 'github-mcp-server'`,
  )
}, 30_000)

afterAll(async () => {
  github.stop(true)
  await gateway?.close()
  await submission?.close()
  await catalog?.close()
  await backing?.close()
})

describe('lookalike names', () => {
  test.each([
    ['upper case', 'GitHub-MCP-Server'],
    ['a Cyrillic і', 'g\u0456thub-mcp-server'],
    ['Cyrillic с and р', 'github-m\u0441\u0440-server'],
    ['a Greek ι', 'g\u03b9thub-mcp-server'],
    ['a dotless ı with a combining dot', 'g\u0131\u0307thub-mcp-server'],
    ['an i with a combining acute', 'gi\u0301thub-mcp-server'],
    ['rn for m', 'github-rncp-server'],
  ])('%s: 409 conflict naming the listing that holds the name and its page', async (_, name) => {
    const body = await expectError(await submit({ name }), 409, 'conflict')
    expect(body.details[0]).toEqual({
      field: 'name',
      existingId: listedId,
      detailUrl: `${BASE}/servers/${listedId}`,
      message: expect.any(String),
    })
    expect(body.message).toContain('claim that listing')
  })

  test.each([
    ['a zero-width joiner', 'github\u200d-mcp-server', 'U+200D'],
    ['a zero-width space', 'github-mcp\u200b-server', 'U+200B'],
    ['an RTL override', '\u202egithub-mcp-server', 'U+202E'],
    ['an RTL isolate', '\u2067revres-pcm-buhtig\u2069', 'U+2067'],
    ['a soft hyphen', 'github\u00ad-mcp-server', 'U+00AD'],
    [
      'fullwidth letters',
      '\uff47\uff49\uff54\uff48\uff55\uff42\uff0d\uff4d\uff43\uff50\uff0d\uff53\uff45\uff52\uff56\uff45\uff52',
      'U+FF47',
    ],
    ['a Braille blank suffix', 'github-mcp-server\u2800', 'U+2800'],
    ['a one-dot leader suffix', 'github-mcp-server\u2024', 'U+2024'],
    ['a variation selector', 'github-mcp-server\ufe0f', 'U+FE0F'],
    ['a no-break space', 'github\u00a0mcp server', 'U+00A0'],
  ])('%s: 400 naming the field and the character', async (_, name, codePoint) => {
    const body = await expectError(await submit({ name }), 400, 'invalid_body')
    expect(body.details).toEqual([{ field: 'name', message: expect.stringContaining(codePoint) }])
  })

  test('the same words with another meaning and another repository are accepted', async () => {
    const res = await submit({
      name: 'github-mcp-server-tools',
      url: `https://github.com/identity-${run}/github-mcp-server-tools`,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, status: 'pending', name: 'github-mcp-server-tools' })
  })
})

describe('names that differ only in their separators', () => {
  test.each([
    ['spaces', 'GitHub MCP Server'],
    ['underscores', 'github_mcp_server'],
    ['dots', 'github.mcp.server'],
    ['doubled hyphens', 'github--mcp--server'],
    ['a trailing dot', 'github-mcp-server.'],
    ['a leading underscore and mixed runs', '_github -_mcp. server'],
  ])('%s: 409 conflict naming the listing that holds the name', async (_, name) => {
    const body = await expectError(await submit({ name }), 409, 'conflict')
    expect(body.details[0]).toMatchObject({ field: 'name', existingId: listedId })
  })

  test('a name whose part before the slash reads as a namespace it is not is a 400 naming the field', async () => {
    for (const name of [
      'io.github.github./github-mcp-server-two',
      'io..github.github/tool',
      'io.github.github_/tool',
    ]) {
      const body = await expectError(await submit({ name }), 400, 'invalid_body')
      expect(body.details).toEqual([{ field: 'name', message: expect.stringContaining('reads as a namespace') }])
    }
  })

  test('rows stored under the skeleton before separators were folded get the new one at start; the twin is then refused', async () => {
    // The skeleton as it was computed before (separators kept): a stored row of an earlier version.
    await database.rows(
      sql`update catalog.listings set name_skeleton = 'github-rncp-server.old', own_skeleton = 'github-rncp-server.old' where id = ${listedId}`,
    )
    expect(await refreshListingIdentities(database)).toBeGreaterThanOrEqual(1)
    const [row] = await database.rows<{ name_skeleton: string; own_skeleton: string }>(
      sql`select name_skeleton, own_skeleton from catalog.listings where id = ${listedId}`,
    )
    expect(row).toEqual({
      name_skeleton: nameSkeleton('github_mcp_server'),
      own_skeleton: nameSkeleton('github mcp server'),
    })
    expect(
      (await expectError(await submit({ name: 'github_mcp_server' }), 409, 'conflict')).details[0].existingId,
    ).toBe(listedId)
  })
})

describe('other spellings of a listed repository', () => {
  test.each([
    `${REPO}?tab=readme`,
    `${REPO}#readme`,
    `${REPO}/tree/main`,
    `${REPO}/blob/main/README.md`,
    'https://github.com./github/github-mcp-server',
    'https://github.com/github%2Fgithub-mcp-server',
    'https://github.com//github//github-mcp-server',
    'https:////github.com/github/github-mcp-server',
    `${REPO}.git`,
    `${REPO}/`,
    'HTTPS://GITHUB.COM/GITHUB/GITHUB-MCP-SERVER',
    'https://www.github.com/github/github-mcp-server',
    'http://github.com/github/github-mcp-server',
    'https://raw.githubusercontent.com/github/github-mcp-server/main/README.md',
    'https://codeload.github.com/github/github-mcp-server/zip/refs/heads/main',
    `${REPO}.wiki`,
    `${REPO}%2e`,
    `${REPO}/blob/some-branch/docs/guide.md`,
    `${REPO}/tree/any-ref/made/up/path`,
  ])('%s: 409 conflict naming the listing', async (url) => {
    const body = await expectError(await submit({ url }), 409, 'conflict')
    expect(body.details[0]).toEqual({
      field: 'url',
      existingId: listedId,
      detailUrl: `${BASE}/servers/${listedId}`,
      message: expect.any(String),
    })
  })

  test('//github.com/… without a scheme, and addresses that name no repository, hide characters or imitate github.com, are 400', async () => {
    for (const url of [
      '//github.com/github/github-mcp-server',
      'https://github.com/github',
      'https://github.com/github/github-mcp-server%E2%80%8D',
      'https://github.com/github/github\u200d-mcp-server',
      'https://g\u0456thub.com/github/github-mcp-server',
    ]) {
      const body = await expectError(await submit({ url }), 400, 'invalid_body')
      expect(body.details.map((d) => d.field)).toEqual(['url'])
    }
  })

  test('a subfolder of a listed repository is another server (monorepos); that subfolder once listed is taken', async () => {
    const sub = `${REPO}/tree/main/pkg/tools-${run}`
    const first = await submit({ url: sub })
    expect(first.status).toBe(200)
    const { id } = await first.json()
    for (const url of [
      `${REPO}/tree/v2/pkg/tools-${run}/`,
      `${REPO}/blob/main/pkg/tools-${run}/README.md`,
      `https://github.com/github/github-mcp-server/tree/main/pkg%2Ftools-${run}`,
    ]) {
      const body = await expectError(await submit({ url }), 409, 'conflict')
      expect(body.details[0]).toMatchObject({ field: 'url', existingId: id })
    }
    const [row] = await database.rows<{ repository_key: string; repository_subfolder: string }>(
      sql`select repository_key, repository_subfolder from catalog.listings where id = ${id}`,
    )
    expect(row).toEqual({
      repository_key: `github.com/github/github-mcp-server#pkg/tools-${run}`,
      repository_subfolder: `pkg/tools-${run}`,
    })
  })
})

describe('which listings hold a name', () => {
  test('a pending submission holds its name and repository; once rejected it holds neither, and cannot come back over a newer one', async () => {
    const first = submissionOf({ name: `Holder-${run}` })
    const a = await call('POST', '/api/v1/submit', first)
    expect(a.status).toBe(200)
    const { id } = await a.json()
    expect((await expectError(await submit({ name: `HOLDER-${run}` }), 409, 'conflict')).details[0]).toMatchObject({
      field: 'name',
      existingId: id,
    })
    expect((await expectError(await submit({ url: `${first.url}.git` }), 409, 'conflict')).details[0]).toMatchObject({
      field: 'url',
      existingId: id,
    })

    expect((await call('POST', `/api/v1/admin/listings/${id}/flag`, {}, op)).status).toBe(200)
    expect((await expectError(await submit({ name: `holder-${run}` }), 409, 'conflict')).details[0]).toMatchObject({
      existingId: id,
    })

    expect((await call('POST', `/api/v1/admin/listings/${id}/reject`, {}, op)).status).toBe(200)
    // The real owner is not kept out by a rejected listing: the lookalike name and the same repository pass.
    const b = await call('POST', '/api/v1/submit', { ...first, name: `holder-${run}`, email: 'real-owner@example.com' })
    expect(b.status).toBe(200)
    const { id: newer } = await b.json()
    // The exact name stays unique over every listing, rejected ones too.
    expect((await expectError(await submit({ name: first.name }), 409, 'conflict')).details[0]).toMatchObject({
      field: 'name',
      existingId: newer,
    })
    // Brought back, the rejected one would share the newer one's identity.
    const back = await expectError(
      await call('POST', `/api/v1/admin/listings/${id}/approve`, undefined, op),
      409,
      'conflict',
    )
    expect(back.details[0]).toMatchObject({ existingId: newer })
  })

  test('two lookalike submissions at once: exactly one is accepted', async () => {
    const names = [
      `race-${run}`,
      `RACE-${run}`,
      `r\u0430ce-${run}`,
      `r\u0430c\u0435-${run}`,
      `Race-${run}`,
      `rac\u0435-${run}`,
      `ra\u0107e-${run}`,
    ]
    const statuses = await Promise.all(names.map((name) => submit({ name }).then((r) => r.status)))
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(names.length - 1)
    const [{ n: count }] = await database.rows<{ n: number }>(
      sql`select count(*)::int as n from catalog.listings where name_skeleton = ${nameSkeleton(`race-${run}`)}`,
    )
    expect(count).toBe(1)
  })

  test('two submissions of one repository in different spellings at once: exactly one is accepted', async () => {
    const base = `https://github.com/race-${run}/one-repo`
    const urls = [
      base,
      `${base}.git`,
      `${base}/tree/main`,
      `${base}?tab=readme`,
      base.toUpperCase(),
      `https://www.github.com/race-${run}/one-repo/`,
    ]
    const statuses = await Promise.all(
      urls.map((url) =>
        submit({ url }).then(async (r) =>
          r.status === 200 || r.status === 409 ? r.status : `${r.status} ${await r.text()}`,
        ),
      ),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(
      statuses.filter((s) => s === 409),
      JSON.stringify(statuses),
    ).toHaveLength(urls.length - 1)
  })
})

describe('a squat does not block the owner', () => {
  test('the answer names the conflict; once the repository is proven the owner has the name and the squat is flagged', async () => {
    const name = `lens-${run}`
    const squat = await submit({ name, url: `https://github.com/squat-${run}/something-else` })
    expect(squat.status).toBe(200)
    const squatId = ((await squat.json()) as { id: string }).id
    const owner = await submit({ name, url: `https://github.com/lens-org-${run}/${name}` })
    expect(owner.status).toBe(200)
    const answer = (await owner.json()) as { id: string; name_conflict: { existingId: string; message: string } }
    expect(answer.name_conflict.existingId).toBe(squatId)
    expect(answer.name_conflict.message).toContain('claim_url')
    // The claim-verifier proved the owner's repository (its README badge): the catalog records the claim.
    const claimed = await catalog.app.handle(
      new Request(`http://localhost/internal/listings/${answer.id}/claims`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          claimId: `lens-${run}`,
          claimant: 'owner',
          method: 'github',
          evidence: { checks: [{ method: 'github', where: `README of lens-org-${run}/${name}`, ok: true }] },
        }),
      }),
    )
    expect(claimed.status).toBe(200)
    const rows = await database.rows<{ id: string; name: string; status: string }>(
      sql`select id, name, status from catalog.listings where id in (${answer.id}, ${squatId})`,
    )
    const byId = new Map(rows.map((r) => [r.id, r]))
    expect(byId.get(answer.id)).toMatchObject({ name, status: 'active' })
    expect(byId.get(squatId)?.status).toBe('flagged')
    expect(byId.get(squatId)?.name).toStartWith(`${name}-renamed-`)
  })
})

describe('imports and stored identities', () => {
  test('imports keep distinct registry names of one repository, each recording the repository key (+ subfolder); a look-alike name is skipped', async () => {
    const repo = `https://github.com/Import-${run}/Mono`
    const res = await call(
      'POST',
      '/api/v1/admin/import',
      [
        {
          name: `io.github.import-${run}/mono`,
          description: 'Registry name',
          repository: { url: `${repo}.git`, source: 'github' },
        },
        { name: `mono-${run}`, description: 'Community name', repository: { url: `${repo}/tree/main/` } },
        { name: `MONO-${run}`, description: 'A lookalike of the community name', repository: { url: repo } },
        {
          name: `mono-${run}-git`,
          description: 'A server in a subfolder',
          repository: { url: repo, source: 'github', subfolder: 'servers/git' },
        },
        {
          name: `mono-${run}-fs`,
          description: 'A server in another subfolder',
          repository: { url: `${repo}/tree/main/servers/fs` },
        },
      ],
      op,
    )
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      created: 4,
      skipped: [{ index: 2, name: `MONO-${run}`, reason: `looks the same as mono-${run} earlier in this document` }],
    })
    const rows = await database.rows<{
      name: string
      repository_key: string
      repository_subfolder: string | null
      name_skeleton: string
    }>(
      sql`select name, repository_key, repository_subfolder, name_skeleton from catalog.listings where name like ${`%${run}%`} and source <> 'submission' order by name`,
    )
    const key = `github.com/import-${run}/mono`
    expect(Object.fromEntries(rows.map((r) => [r.name, [r.repository_key, r.repository_subfolder]]))).toEqual({
      [`io.github.import-${run}/mono`]: [key, null],
      [`mono-${run}`]: [key, null],
      [`mono-${run}-fs`]: [`${key}#servers/fs`, 'servers/fs'],
      [`mono-${run}-git`]: [`${key}#servers/git`, 'servers/git'],
    })
    for (const r of rows) expect(r.name_skeleton).toBe(nameSkeleton(r.name))
    // A submission of that repository is refused all the same.
    expect((await expectError(await submit({ url: `${repo}/` }), 409, 'conflict')).details[0].field).toBe('url')
  })

  test('rows written before the identity columns existed are filled when the catalog starts', async () => {
    await database.rows(
      sql`update catalog.listings set name_skeleton = null, repository_key = null, repository_subfolder = null, url_key = null where id = ${listedId}`,
    )
    // Unfilled, the listing is invisible to the checks: a fresh catalog fills it before it checks anything.
    const second = createCatalogApp({ config, database, bus: backing!.bus, log, operatorToken: OPERATOR })
    try {
      await second.identitiesReady
      const [row] = await database.rows<Record<string, string | null>>(
        sql`select name_skeleton, repository_key, repository_subfolder, url_key from catalog.listings where id = ${listedId}`,
      )
      expect(row).toEqual({
        name_skeleton: nameSkeleton('github-mcp-server'),
        repository_key: 'github.com/github/github-mcp-server',
        repository_subfolder: null,
        url_key: 'github.com/github/github-mcp-server',
      })
    } finally {
      await second.close()
    }
    expect(
      (await expectError(await submit({ name: 'GitHub-MCP-Server' }), 409, 'conflict')).details[0].existingId,
    ).toBe(listedId)
  })

  test('the fill pages through every listing, writes only what differs, and a second pass changes nothing', async () => {
    const all = await database.rows<{ id: string }>(sql`select id from catalog.listings`)
    expect(all.length).toBeGreaterThan(10)
    await database.rows(
      sql`update catalog.listings set name_skeleton = null, url_key = 'stale' where id in (select id from catalog.listings order by id limit 7)`,
    )
    expect(await refreshListingIdentities(database, 3)).toBe(7)
    expect(await refreshListingIdentities(database, 3)).toBe(0)
    const rows = await database.rows<{
      name: string
      url: string | null
      repository_url: string | null
      repository_subfolder: string | null
      name_skeleton: string
      own_skeleton: string
      repository_key: string | null
      url_key: string | null
    }>(
      sql`select name, url, repository_url, repository_subfolder, name_skeleton, own_skeleton, repository_key, url_key from catalog.listings`,
    )
    for (const r of rows) {
      expect({
        nameSkeleton: r.name_skeleton,
        ownSkeleton: r.own_skeleton,
        repositoryKey: r.repository_key,
        repositorySubfolder: r.repository_subfolder,
        urlKey: r.url_key,
      }).toEqual(
        identityColumns({
          name: r.name,
          url: r.url,
          repositoryUrl: r.repository_url,
          repositorySubfolder: r.repository_subfolder,
        }),
      )
    }
  })
})

describe('what a submission body may be', () => {
  test('a body nested 10,000 levels deep is a 400 invalid_body, never a 500', async () => {
    const deep = `${'['.repeat(10_000)}"x"${']'.repeat(10_000)}`
    const text = JSON.stringify(submissionOf()).replace(/}$/, `,"tags":${deep}}`)
    const res = await gateway.app.handle(
      new Request('http://localhost/api/v1/submit', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      }),
    )
    await expectError(res, 400, 'invalid_body')
  })

  test('NUL and a lone surrogate in a submission are removed where it is read; the listing is stored cleaned', async () => {
    const name = `nul-${run}`
    // JSON.stringify writes NUL as \u0000 and a lone surrogate as \ud800, as a client's JSON would carry them.
    const text = JSON.stringify(submissionOf({ name: `nul-\u0000${run}`, description: 'Clean\u0000 text \ud800here' }))
    expect(text).toContain('\\u0000')
    expect(text).toContain('\\ud800')
    const res = await gateway.app.handle(
      new Request('http://localhost/api/v1/submit', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: text,
      }),
    )
    expect(res.status).toBe(200)
    const [row] = await database.rows<{ name: string; description: string }>(
      sql`select name, description from catalog.listings where name = ${name}`,
    )
    expect(row).toEqual({ name, description: 'Clean text here' })
  })
})
