import type { Config } from '@mcp-directory/shared/config'
import type { QueueListing, ServerDetail } from '@mcp-directory/shared/contracts'
import { readBodyUpTo, safeEqual } from '@mcp-directory/shared/http'
import type { KeyValueStore } from '@mcp-directory/shared/kv'
import { REQUEST_ID_HEADER, type Logger } from '@mcp-directory/shared/log'
import { routeLabels } from '@mcp-directory/shared/metrics'
import { CLIENT_IP_HEADER, type PublicApi } from '@mcp-directory/shared/public-api'
import { INSTANCE_ID } from '@mcp-directory/shared/service'
import { textDocument } from '@mcp-directory/shared/text'
import { createHmac } from 'node:crypto'
import { Elysia } from 'elysia'
import { createAdminSessions, type AdminSession } from './admin-sessions'
import { callApi, type ApiError, type Caller } from './api'
import { loadAssets } from './assets'
import { html } from './html'
import { renderPage } from './layout'
import { ACTIONS, loginBody, QUEUE_STATUSES, queueBody } from './pages/admin'
import { claimBody, claimErrorBody, type Challenge, type ClaimAnswer, type ClaimOutcome } from './pages/claim'
import { errorBody } from './pages/errors'
import { homeBody, type Category, type HomeQuery, type SearchAnswer } from './pages/home'
import { listingBody } from './pages/listing'
import { llmsTxt } from './pages/llms'
import { FIELDS, submissionBody, submitBody, submittedBody, type SubmitAnswer, type SubmitValues } from './pages/submit'

/** What the web service needs from its host process. */
export interface WebDeps {
  config: Config
  log: Logger
  /** The public API, through the gateway (shared/public-api). */
  api: PublicApi
  /** SERVER_SECRET: keys the operator page's CSRF tokens and seals the operator token of each session. */
  secret: string
  /** Where the operator page's sessions live (the shared store, so every web replica knows them). */
  kv: KeyValueStore
}

/** The operator page's session cookie: a random session id, never the operator token. */
const SESSION_COOKIE = 'mcpdir_admin_session'
// Forms are small; the API refuses submissions over 64 KiB anyway.
const MAX_FORM_BYTES = 64 * 1024
const MAX_ID_LENGTH = 200
const CATEGORIES_TTL_MS = 10 * 60_000
const SESSION_SECONDS = 8 * 3600
// Crawlers may read the pages and the Markdown documents; operators' and owners' pages are not for indexes.
const ROBOTS_TXT = 'User-agent: *\nDisallow: /admin\nDisallow: /claim/\nDisallow: /submit\nAllow: /\n'

/** Reads an urlencoded form body of at most `max` bytes; null when it is larger or of another type. */
async function readForm(request: Request, max = MAX_FORM_BYTES): Promise<URLSearchParams | null> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') return null
  const body = await readBodyUpTo(request, max)
  return body === null ? null : new URLSearchParams(new TextDecoder().decode(body))
}

function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const i = part.indexOf('=')
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim())
      } catch {
        return null
      }
    }
  }
  return null
}

/** Builds the web service: the pages for people, /llms.txt and the static assets. */
export function createWebApp(deps: WebDeps) {
  const { config, log, api } = deps
  const base = config.publicBaseUrl
  const assets = loadAssets()
  const secureCookie = base.startsWith('https:')

  const callerOf = (request: Request): Caller => ({
    client: request.headers.get(CLIENT_IP_HEADER) ?? undefined,
    requestId: request.headers.get(REQUEST_ID_HEADER) ?? undefined,
  })

  // The categories are a fixed taxonomy: read once through the API and kept for a while.
  let categories: { at: number; list: Category[] } | null = null
  async function categoriesFor(caller: Caller): Promise<Category[]> {
    if (categories && Date.now() - categories.at < CATEGORIES_TTL_MS) return categories.list
    const r = await callApi<{ categories: Category[] }>(api, '/api/v1/categories', caller)
    if (!r.ok) return categories?.list ?? []
    categories = { at: Date.now(), list: r.data.categories }
    return categories.list
  }

  const page = (
    title: string,
    body: ReturnType<typeof html>,
    o: Omit<Parameters<typeof renderPage>[1], 'title' | 'body'> = {},
  ) => renderPage(assets, { title: `${title} · MCP Server Directory`, body, ...o })

  /** An error page for an Error object; 429 and 503 keep their Retry-After. */
  function errorPage(status: number, e: ApiError, headers?: Headers): Response {
    const extra: Record<string, string> = {}
    const retry = headers?.get('retry-after')
    if (retry) extra['retry-after'] = retry
    const title = status === 404 ? 'Not found' : status === 429 ? 'Too many requests' : 'Error'
    return page(title, errorBody(status, e), { status, headers: extra, noStore: status >= 500 || status === 429 })
  }

  const sessions = createAdminSessions({ kv: deps.kv, secret: deps.secret, ttlSeconds: SESSION_SECONDS })
  // The CSRF token of an operator session: bound to its session id, keyed by SERVER_SECRET.
  const csrfFor = (session: AdminSession) =>
    createHmac('sha256', deps.secret).update(`admin-csrf:${session.id}`).digest('base64url')
  const sessionCookie = (value: string, maxAge: number) =>
    `${SESSION_COOKIE}=${value}; Path=/admin; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secureCookie ? '; Secure' : ''}`
  const clearCookie = { 'set-cookie': sessionCookie('', 0) }
  /** The session the request's cookie names: null when there is none (or it ended); 'unavailable' when the store fails. */
  async function sessionOf(request: Request): Promise<AdminSession | null | 'unavailable'> {
    try {
      return await sessions.open(cookieOf(request, SESSION_COOKIE))
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'admin sessions: store unavailable')
      return 'unavailable'
    }
  }
  const storeDown = () =>
    errorPage(
      503,
      { error: 'service_unavailable', message: 'Sign-in is unavailable for a moment; try again shortly' },
      new Headers({ 'retry-after': '5' }),
    )
  // A form post another site made the browser send: refused before anything else (SameSite covers most browsers).
  const crossSite = (request: Request) => request.headers.get('sec-fetch-site') === 'cross-site'
  const seeOther = (location: string, headers: Record<string, string> = {}) =>
    new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', ...headers } })

  async function adminQueue(
    request: Request,
    session: AdminSession,
    opts: { status?: number; error?: ApiError | null } = {},
  ): Promise<Response> {
    const q = new URL(request.url).searchParams
    const status = (QUEUE_STATUSES as readonly string[]).includes(q.get('status') ?? '')
      ? (q.get('status') as string)
      : 'pending'
    const r = await callApi<{ total: number; listings: QueueListing[] }>(
      api,
      `/api/v1/admin/listings?status=${status}&limit=200`,
      callerOf(request),
      { bearer: session.operatorToken },
    )
    if (!r.ok && r.status === 401) {
      // The operator token changed since sign-in: the session is worth nothing any more.
      await sessions.end(session.id).catch(() => {})
      return page('Moderation', loginBody('The operator token was refused; sign in again.'), {
        status: 401,
        noStore: true,
        current: 'admin',
        headers: clearCookie,
      })
    }
    const verb = q.get('done')
    const id = q.get('id')
    const done =
      verb && verb in ACTIONS && id
        ? `Listing ${id.slice(0, MAX_ID_LENGTH)} ${ACTIONS[verb as keyof typeof ACTIONS]}.`
        : null
    return page(
      'Moderation',
      queueBody({
        status,
        total: r.ok ? r.data.total : 0,
        listings: r.ok ? r.data.listings : [],
        csrf: csrfFor(session),
        done,
        error: opts.error ?? (r.ok ? null : r.error),
      }),
      {
        status: opts.status ?? (r.ok ? 200 : r.status),
        noStore: true,
        current: 'admin',
      },
    )
  }

  async function claimPage(
    request: Request,
    id: string,
    token: string,
    outcome: ClaimOutcome,
    status = 200,
  ): Promise<Response> {
    const noLeak = { referrerPolicy: 'no-referrer', noStore: true }
    const c = await callApi<Challenge>(api, '/api/v1/claim/challenge', callerOf(request), {
      method: 'POST',
      body: { id, token },
    })
    if (!c.ok) {
      // After a successful claim the page still says so, even if the challenge is no longer offered.
      if (outcome?.ok)
        return page(
          'Verified',
          html`<h1>Verified</h1><p>${outcome.answer.message}</p><p><a href="/servers/${encodeURIComponent(id)}">Open the listing page</a></p>`,
          noLeak,
        )
      if (c.status === 429 || c.status >= 500) return errorPage(c.status, c.error, c.headers)
      return page('Claim', claimErrorBody(c.error), { ...noLeak, status: c.status })
    }
    return page(`Verify ${c.data.name}`, claimBody(token, c.data, outcome), { ...noLeak, status })
  }

  const app = new Elysia({ name: 'service:web' })
    .use(routeLabels())
    .onRequest(({ set }) => {
      set.headers['x-served-by'] = `web/${INSTANCE_ID}`
    })
    .onError(({ code, error, request }) => {
      if (code === 'NOT_FOUND') return errorPage(404, { error: 'not_found', message: 'No such page' })
      // The path only: a claim page's address carries its secret in the query.
      log.error(
        {
          err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
          path: new URL(request.url).pathname,
          requestId: request.headers.get(REQUEST_ID_HEADER),
        },
        'page failed',
      )
      return errorPage(500, { error: 'internal', message: 'The page could not be built' })
    })
    // For process supervisors (the stack runner probes this path); never in the gateway's public table.
    .get('/api/v1/health', () => Response.json({ status: 'ok', timestamp: new Date().toISOString() }))
    // Browsers ask for /favicon.ico on their own; the icon of the pages (SVG) answers it.
    .get('/favicon.ico', ({ request }) => {
      // Its address is not hashed, so it is kept a day rather than a year; the ETag is the asset's.
      const icon = assets.serve(assets.url('icon.svg').slice('/assets/'.length), request.headers.get('if-none-match'))!
      icon.headers.set('cache-control', 'public, max-age=86400')
      return icon
    })
    .get('/robots.txt', () =>
      textDocument(ROBOTS_TXT, 'text/plain; charset=utf-8', { headers: { 'cache-control': 'public, max-age=86400' } }),
    )
    .get(
      '/assets/:file',
      ({ params, request }) =>
        assets.serve(params.file, request.headers.get('if-none-match')) ??
        textDocument('Not found', 'text/plain; charset=utf-8', {
          status: 404,
          headers: { 'cache-control': 'no-store' },
        }),
    )

    .get('/', async ({ request }) => {
      const sp = new URL(request.url).searchParams
      const query: HomeQuery = {
        q: sp.get('q') ?? '',
        category: sp.get('category') ?? '',
        transport: sp.get('transport') ?? '',
        verified: sp.get('verified') ?? '',
        cursor: sp.get('cursor') ?? '',
      }
      const caller = callerOf(request)
      const params = new URLSearchParams({ limit: '20' })
      for (const [k, v] of Object.entries(query)) if (v) params.set(k, v)
      const [cats, r] = await Promise.all([
        categoriesFor(caller),
        callApi<SearchAnswer>(api, `/api/v1/search?${params}`, caller),
      ])
      if (!r.ok && (r.status === 429 || r.status >= 500)) return errorPage(r.status, r.error, r.headers)
      const title = query.q ? `“${query.q.slice(0, 60)}”` : 'Find an MCP server'
      return page(title, homeBody(query, cats, r.ok ? r.data : null, r.ok ? null : r.error), {
        status: r.ok ? 200 : r.status,
        current: 'home',
        description:
          'Search the catalog of Model Context Protocol servers and copy ready-to-paste configs for every MCP client.',
      })
    })

    .get('/servers/:id', async ({ params, request }) => {
      const id = params.id
      // A segment that does not decode (a lone `%`, invalid UTF-8) arrives as null: no such listing either.
      if (typeof id !== 'string' || id.length > MAX_ID_LENGTH)
        return errorPage(404, { error: 'not_found', message: 'No such listing' })
      const r = await callApi<{ server: ServerDetail }>(
        api,
        `/api/v1/servers/${encodeURIComponent(id)}`,
        callerOf(request),
      )
      if (!r.ok) return errorPage(r.status, r.error, r.headers)
      const s = r.data.server
      return page(s.name, listingBody(s, base), { description: s.description.slice(0, 300) })
    })

    .get('/submit', async ({ request }) => {
      const values = Object.fromEntries(FIELDS.map((f) => [f, ''])) as SubmitValues
      return page('Submit a server', submitBody(values, await categoriesFor(callerOf(request)), null), {
        current: 'submit',
      })
    })
    .post(
      '/submit',
      async ({ request }) => {
        const form = await readForm(request)
        const caller = callerOf(request)
        if (!form)
          return page(
            'Submit a server',
            html`<h1>Submit a server</h1><p>The form could not be read (too large, or not a form).</p>`,
            { status: 413, current: 'submit' },
          )
        const values = Object.fromEntries(FIELDS.map((f) => [f, (form.get(f) ?? '').slice(0, 10_000)])) as SubmitValues
        const r = await callApi<SubmitAnswer>(api, '/api/v1/submit', caller, {
          method: 'POST',
          body: submissionBody(values),
        })
        // The answer carries the claim secret: never cached, never sent on as a Referer.
        if (r.ok)
          return page(`Submitted ${r.data.name}`, submittedBody(r.data), {
            noStore: true,
            referrerPolicy: 'no-referrer',
            current: 'submit',
          })
        if (r.status === 429 || r.status >= 500) return errorPage(r.status, r.error, r.headers)
        return page('Submit a server', submitBody(values, await categoriesFor(caller), r.error), {
          status: r.status,
          noStore: true,
          current: 'submit',
        })
      },
      { parse: 'none' },
    )

    .get('/claim/:id', async ({ params, request }) => {
      const token = new URL(request.url).searchParams.get('token') ?? ''
      if (!token) {
        return page(
          'Claim',
          claimErrorBody({
            error: 'invalid_claim_token',
            message: 'This address has no claim secret (the token parameter of the claim link).',
          }),
          { status: 400, referrerPolicy: 'no-referrer', noStore: true },
        )
      }
      return claimPage(request, params.id, token, null)
    })
    .post(
      '/claim/:id',
      async ({ params, request }) => {
        const form = await readForm(request)
        const token = form?.get('token') ?? ''
        if (!form || !token)
          return page(
            'Claim',
            claimErrorBody({
              error: 'invalid_claim_token',
              message: 'The form carried no claim secret; open the claim link again.',
            }),
            { status: 400, referrerPolicy: 'no-referrer', noStore: true },
          )
        const method = form.get('method') || 'dns'
        const websiteUrl = (form.get('websiteUrl') ?? '').trim()
        const r = await callApi<ClaimAnswer>(api, '/api/v1/claim', callerOf(request), {
          method: 'POST',
          body: { id: params.id, token, method, ...(websiteUrl ? { websiteUrl } : {}) },
        })
        if (!r.ok && (r.status === 429 || r.status >= 500)) return errorPage(r.status, r.error, r.headers)
        if (!r.ok && (r.status === 403 || r.status === 404))
          return page('Claim', claimErrorBody(r.error), {
            status: r.status,
            referrerPolicy: 'no-referrer',
            noStore: true,
          })
        return claimPage(
          request,
          params.id,
          token,
          r.ok ? { ok: true, answer: r.data } : { ok: false, error: r.error },
          r.ok ? 200 : r.status,
        )
      },
      { parse: 'none' },
    )

    .get('/admin', async ({ request }) => {
      const session = await sessionOf(request)
      if (session === 'unavailable') return storeDown()
      // A cookie whose session ended (signed out, expired) is dropped from the browser too.
      const stale = !session && cookieOf(request, SESSION_COOKIE) !== null
      if (!session)
        return page('Moderation', loginBody(null), {
          noStore: true,
          current: 'admin',
          headers: stale ? clearCookie : {},
        })
      return adminQueue(request, session)
    })
    .post(
      '/admin/login',
      async ({ request }) => {
        if (crossSite(request))
          return errorPage(403, { error: 'forbidden', message: 'Cross-site form posts are refused' })
        const form = await readForm(request)
        const token = (form?.get('token') ?? '').trim()
        if (!token || token.length > 500)
          return page('Moderation', loginBody('Enter the operator token.'), {
            status: 400,
            noStore: true,
            current: 'admin',
          })
        const r = await callApi(api, '/api/v1/admin/listings?status=pending&limit=1', callerOf(request), {
          bearer: token,
        })
        if (!r.ok) {
          if (r.status === 401)
            return page('Moderation', loginBody('The operator token was refused.'), {
              status: 401,
              noStore: true,
              current: 'admin',
            })
          return errorPage(r.status, r.error, r.headers)
        }
        let id: string
        try {
          id = await sessions.start(token)
        } catch (err) {
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'admin sessions: store unavailable')
          return storeDown()
        }
        return seeOther('/admin', { 'set-cookie': sessionCookie(id, SESSION_SECONDS) })
      },
      { parse: 'none' },
    )
    .post(
      '/admin/logout',
      async ({ request }) => {
        const session = await sessionOf(request)
        if (session === 'unavailable') return storeDown()
        const form = await readForm(request)
        const refused = () =>
          errorPage(403, { error: 'forbidden', message: 'The form is stale or came from elsewhere; reload the page' })
        if (crossSite(request)) return refused()
        // No live session: nothing to end, only the browser's cookie to drop.
        if (!session) return seeOther('/admin', clearCookie)
        if (!safeEqual(form?.get('csrf') ?? '', csrfFor(session))) return refused()
        await sessions.end(session.id)
        return seeOther('/admin', clearCookie)
      },
      { parse: 'none' },
    )
    .post(
      '/admin/moderate',
      async ({ request }) => {
        const session = await sessionOf(request)
        if (session === 'unavailable') return storeDown()
        if (!session) return seeOther('/admin', cookieOf(request, SESSION_COOKIE) !== null ? clearCookie : {})
        const form = await readForm(request)
        // The CSRF token proves the form came from a page this session rendered.
        if (crossSite(request) || !form || !safeEqual(form.get('csrf') ?? '', csrfFor(session)))
          return errorPage(403, {
            error: 'forbidden',
            message: 'The form is stale or came from elsewhere; reload the page',
          })
        const action = form.get('action') ?? ''
        const id = form.get('id') ?? ''
        const status = form.get('status') ?? 'pending'
        if (!(action in ACTIONS) || !id || id.length > MAX_ID_LENGTH)
          return adminQueue(request, session, {
            status: 400,
            error: { error: 'invalid_body', message: 'Choose approve, reject, flag or clear risk for a listing' },
          })
        const reason = (form.get('reason') ?? '').trim()
        const r = await callApi(api, `/api/v1/admin/listings/${encodeURIComponent(id)}/${action}`, callerOf(request), {
          method: 'POST',
          bearer: session.operatorToken,
          body: reason ? { reason } : {},
        })
        const back = `/admin?status=${(QUEUE_STATUSES as readonly string[]).includes(status) ? status : 'pending'}`
        if (r.ok) return seeOther(`${back}&done=${action}&id=${encodeURIComponent(id)}`)
        return adminQueue(
          new Request(new URL(back, 'http://web.local').toString(), { headers: request.headers }),
          session,
          { status: r.status, error: r.error },
        )
      },
      { parse: 'none' },
    )

    .get('/llms.txt', async ({ request }) => {
      const body = llmsTxt(base, await categoriesFor(callerOf(request)))
      return textDocument(body, 'text/plain; charset=utf-8', { headers: { 'cache-control': 'public, max-age=300' } })
    })

  return {
    app,
    /** Nothing to drain: the service keeps no connections of its own. */
    close: async () => {},
  }
}

/** The web service as built by its factory. */
export type WebService = ReturnType<typeof createWebApp>
