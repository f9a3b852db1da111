// Stand-ins for the outside world the prober talks to, each speaking the real protocol on loopback: MCP servers
// from the official SDK (streamable HTTP and SSE), one that never answers, one that answers garbage, one behind a
// sign-in wall, and a GitHub REST API answering /repos/{o}/{r} and /repos/{o}/{r}/readme with ETags.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

/** A tool a fake MCP server offers. */
export interface FakeTool {
  name: string
  description: string
  params: string[]
}

const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)

// The SDK's low-level server with plain JSON Schemas: exactly what tools/list carries on the wire.
function mcpServerWith(tools: FakeTool[]): Server {
  const server = new Server({ name: 'fake', version: '1.0.0' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: {
        type: 'object' as const,
        properties: Object.fromEntries(t.params.map((p) => [p, { type: 'string' }])),
      },
    })),
  }))
  server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: 'ok' }] }))
  return server
}

/** A request's JSON body (undefined when empty). */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? JSON.parse(text) : undefined
}

/**
 * Real MCP servers (SDK) on one loopback port: `POST /mcp/<id>` streamable HTTP (stateless), `GET /sse/<id>` +
 * `POST /messages/<id>` SSE. `initializes` counts `initialize` requests per id; `delayMs` slows every answer.
 */
export async function startMcpServers(toolsFor: (id: string) => FakeTool[], delayMs = 0) {
  const initializes = new Map<string, number>()
  const sse = new Map<string, SSEServerTransport>()
  // `initialize` and `tools/list` requests being answered at once (one at most per probe, since a probe sends
  // them one after the other), and the most there ever were: the per-host limit is checked with it.
  const load = { now: 0, max: 0 }
  const http = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const [, kind, id = ''] = url.pathname.split('/')
      if (kind === 'mcp' && req.method === 'POST') {
        const body = await readBody(req)
        const method = (body as { method?: string })?.method
        if (method === 'initialize') count(initializes, id)
        if (method === 'initialize' || method === 'tools/list') {
          load.max = Math.max(load.max, ++load.now)
          res.on('close', () => load.now--)
        }
        if (delayMs) await Bun.sleep(delayMs)
        const server = mcpServerWith(toolsFor(id))
        const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
        await server.connect(transport)
        res.on('close', () => void server.close())
        await transport.handleRequest(req, res, body)
        return
      }
      if (kind === 'mcp') {
        res.writeHead(405, { allow: 'POST' }).end()
        return
      }
      if (kind === 'sse' && req.method === 'GET') {
        count(initializes, id)
        const transport = new SSEServerTransport(`/messages/${id}`, res)
        sse.set(transport.sessionId, transport)
        res.on('close', () => sse.delete(transport.sessionId))
        await mcpServerWith(toolsFor(id)).connect(transport)
        return
      }
      if (kind === 'messages' && req.method === 'POST') {
        const transport = sse.get(url.searchParams.get('sessionId') ?? '')
        if (!transport) {
          res.writeHead(404).end()
          return
        }
        await transport.handlePostMessage(req, res)
        return
      }
      res.writeHead(404).end()
    } catch (err) {
      if (!res.headersSent) res.writeHead(500).end(String(err))
    }
  })
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()))
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  return {
    base,
    initializes,
    load,
    close: () => {
      for (const t of sse.values()) void t.close()
      http.closeAllConnections()
      return new Promise<void>((r) => http.close(() => r()))
    },
  }
}

/** A server that accepts every request and never answers (until closed). `hits` counts requests per path. */
export function startHangingServer() {
  const hits = new Map<string, number>()
  const pending: (() => void)[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    idleTimeout: 0,
    fetch: (req) => {
      count(hits, new URL(req.url).pathname)
      return new Promise<Response>((resolve) => pending.push(() => resolve(new Response('late'))))
    },
  })
  return {
    base: `http://127.0.0.1:${server.port}`,
    hits,
    close: () => {
      for (const p of pending) p()
      server.stop(true)
    },
  }
}

/** A server that answers every request with 200 and a body that is not MCP. */
export function startGarbageServer() {
  const hits = new Map<string, number>()
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      count(hits, new URL(req.url).pathname)
      return new Response('{"this is": not json at all', { headers: { 'content-type': 'application/json' } })
    },
  })
  return { base: `http://127.0.0.1:${server.port}`, hits, close: () => server.stop(true) }
}

/** An MCP endpoint behind OAuth: 401 with a Bearer challenge naming its resource metadata, as the spec asks. */
export function startSignInServer() {
  const hits = new Map<string, number>()
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const url = new URL(req.url)
      count(hits, url.pathname)
      // Its protected-resource metadata and its authorization server's metadata are public, as RFC 9728 and 8414 ask.
      if (url.pathname === '/.well-known/oauth-protected-resource')
        return Response.json({ resource: `${url.origin}/mcp`, authorization_servers: [`${url.origin}/auth`] })
      if (url.pathname === '/.well-known/oauth-authorization-server/auth')
        return Response.json({
          issuer: `${url.origin}/auth`,
          authorization_endpoint: `${url.origin}/auth/authorize`,
          token_endpoint: `${url.origin}/auth/token`,
        })
      return new Response(JSON.stringify({ error: 'invalid_token' }), {
        status: 401,
        headers: {
          'content-type': 'application/json',
          'www-authenticate': `Bearer resource_metadata="${url.origin}/.well-known/oauth-protected-resource"`,
        },
      })
    },
  })
  return { base: `http://127.0.0.1:${server.port}`, hits, close: () => server.stop(true) }
}

/** A repository the fake GitHub serves. */
export interface FakeRepo {
  stars: number
  archived?: boolean
  pushedAt?: string
  homepage?: string | null
  readme?: string | null
  /** Serve the README as GitHub's JSON (base64 content) even when raw is asked for. */
  readmeAsJson?: boolean
  /** GitHub's language of the repository. */
  language?: string | null
  /** Files at the root of the default branch (package.json, pyproject.toml), served by the contents API. */
  files?: Record<string, string>
}

/**
 * A GitHub REST API stand-in: `/repos/{o}/{r}` and `/repos/{o}/{r}/readme`, strong ETags and 304 on a matching
 * If-None-Match, 404 for unknown repositories. Counts requests (`hits`) and 304s (`notModified`) per path.
 */
export function startFakeGithub(repos: Record<string, FakeRepo>) {
  const hits = new Map<string, number>()
  const notModified = new Map<string, number>()
  const authorizations: (string | null)[] = []
  const etagOf = (s: string) => `"${new Bun.CryptoHasher('sha1').update(s).digest('hex')}"`
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const url = new URL(req.url)
      count(hits, url.pathname)
      authorizations.push(req.headers.get('authorization'))
      const file = /^\/repos\/([^/]+)\/([^/]+)\/contents\/([^/]+)$/.exec(url.pathname)
      if (file) {
        const text = repos[`${file[1]}/${file[2]}`]?.files?.[file[3] as string]
        if (text === undefined) return Response.json({ message: 'Not Found' }, { status: 404 })
        return new Response(text, { headers: { 'content-type': 'application/vnd.github.raw; charset=utf-8' } })
      }
      const m = /^\/repos\/([^/]+)\/([^/]+)(\/readme)?$/.exec(url.pathname)
      const repo = m ? repos[`${m[1]}/${m[2]}`] : undefined
      if (!m || !repo || (m[3] && (repo.readme === null || repo.readme === undefined)))
        return Response.json({ message: 'Not Found' }, { status: 404 })
      let body: string
      let type: string
      if (m[3]) {
        const raw = /vnd\.github\.raw/.test(req.headers.get('accept') ?? '') && !repo.readmeAsJson
        body = raw
          ? (repo.readme as string)
          : JSON.stringify({
              name: 'README.md',
              encoding: 'base64',
              content: Buffer.from(repo.readme as string).toString('base64'),
            })
        type = raw ? 'application/vnd.github.raw; charset=utf-8' : 'application/json; charset=utf-8'
      } else {
        body = JSON.stringify({
          full_name: `${m[1]}/${m[2]}`,
          stargazers_count: repo.stars,
          archived: repo.archived ?? false,
          pushed_at: repo.pushedAt ?? '2026-01-02T03:04:05Z',
          homepage: repo.homepage ?? null,
          language: repo.language ?? null,
        })
        type = 'application/json; charset=utf-8'
      }
      const etag = etagOf(body)
      if (req.headers.get('if-none-match') === etag) {
        count(notModified, url.pathname)
        return new Response(null, { status: 304, headers: { etag } })
      }
      return new Response(body, { headers: { 'content-type': type, etag } })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, hits, notModified, authorizations, close: () => server.stop(true) }
}

/** One package version as a registry stand-in serves it. */
export interface FakePackage {
  version: string
  /** npm `mcpName`. */
  mcpName?: string
  /** npm `repository` (string or object); PyPI: ignored. */
  repository?: string | { type: string; url: string; directory?: string }
  /** PyPI `info.description` (where `mcp-name:` lines live). */
  description?: string
  /** PyPI `info.project_urls`. */
  projectUrls?: Record<string, string>
  /** PyPI `info.home_page`. */
  homePage?: string | null
}

/**
 * npm registry and PyPI JSON API stand-ins on one loopback port each: npm `GET /<name>/<version|latest>` (scoped
 * names with `%2F` or `/`), PyPI `GET /pypi/<name>/json` and `/pypi/<name>/<version>/json`; 404 for unknown ones.
 * `hits` counts requests per path.
 */
export function startFakeRegistries(packages: { npm: Record<string, FakePackage>; pypi: Record<string, FakePackage> }) {
  const hits = new Map<string, number>()
  const npm = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const url = new URL(req.url)
      count(hits, `npm:${url.pathname}`)
      const path = decodeURIComponent(url.pathname.slice(1))
      const cut = path.lastIndexOf('/')
      const name = path.slice(0, cut)
      const version = path.slice(cut + 1)
      const p = packages.npm[name]
      if (!p || (version !== 'latest' && version !== p.version))
        return Response.json({ error: 'Not found' }, { status: 404 })
      return Response.json({
        name,
        version: p.version,
        ...(p.mcpName ? { mcpName: p.mcpName } : {}),
        ...(p.repository ? { repository: p.repository } : {}),
        bin: { [name]: 'index.js' },
      })
    },
  })
  const pypi = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) => {
      const url = new URL(req.url)
      count(hits, `pypi:${url.pathname}`)
      const m = /^\/pypi\/([^/]+)(?:\/([^/]+))?\/json$/.exec(url.pathname)
      const p = m ? packages.pypi[(m[1] as string).toLowerCase()] : undefined
      if (!m || !p || (m[2] && m[2] !== p.version)) return Response.json({ message: 'Not Found' }, { status: 404 })
      return Response.json({
        info: {
          name: m[1],
          version: p.version,
          description: p.description ?? '',
          project_urls: p.projectUrls ?? null,
          home_page: p.homePage ?? null,
        },
        urls: [],
      })
    },
  })
  return {
    npmUrl: `http://127.0.0.1:${npm.port}`,
    pypiUrl: `http://127.0.0.1:${pypi.port}/pypi`,
    hits,
    close: () => {
      npm.stop(true)
      pypi.stop(true)
    },
  }
}
