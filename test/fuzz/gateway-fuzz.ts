// Property-based fuzzing of every public route through the gateway: generated paths, path parameters, query
// strings, headers and bodies, built from the route table (gateway/src/routes.ts) so a new route is covered as
// soon as it is listed. The property: no answer is a 5xx, and every 4xx is the API's JSON Error object.
import fc from 'fast-check'
import { apiSegments } from '../../gateway/src/page-errors'
import { ROUTES, type RouteSpec } from '../../gateway/src/routes'

/** One generated request. */
export interface FuzzRequest {
  /** The service whose route it was generated from. */
  service: string
  method: string
  path: string
  headers: Record<string, string>
  body?: string
  /** It landed on an operation documented as 501 (the registry API's publishing operations, which are not offered). */
  notImplemented?: boolean
}

/** What a fuzz run saw. */
export interface FuzzResult {
  requests: number
  byStatus: Record<string, number>
  fiveXX: number
  /** 4xx answers whose body is not an Error object with the same status. */
  badErrors: number
  /** Requests with no answer within the bound. */
  hung: number
  /** A few failing requests, for the report. */
  examples: { request: FuzzRequest; status: number | string; body: string }[]
  seed: number
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']

// Strings that have broken parsers before: traversal, encoded separators, NUL, broken escapes, huge and odd text.
const NASTY = [
  '..',
  '../..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2f',
  '%2F',
  '%5C',
  'a%2Fb',
  '%00',
  '%',
  '%zz',
  '%C0%AE%C0%AE',
  '%E2%80%AE',
  '%F0%9F%92%A9',
  '%ED%A0%80',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "'; drop table listings; --",
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'a'.repeat(3000),
  '%20',
  '+',
  '*',
  '~',
]

const printable = (max: number) =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: max })
const anyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...NASTY),
)

/** Values a query parameter may take: the schema's own values, its bounds and their neighbours, or anything. */
function valuesOf(schema: unknown): fc.Arbitrary<string> {
  const s = schema as {
    anyOf?: { const?: unknown }[]
    const?: unknown
    type?: string
    minimum?: number
    maximum?: number
    default?: unknown
  }
  const own: string[] = []
  for (const v of s.anyOf ?? []) if (v.const !== undefined) own.push(String(v.const))
  if (s.const !== undefined) own.push(String(s.const))
  if (s.type === 'integer' || s.type === 'number') {
    for (const n of [s.minimum, s.maximum]) if (typeof n === 'number') own.push(String(n), String(n - 1), String(n + 1))
    own.push('1.5', '0x10', '01', '9'.repeat(30))
  }
  if (s.default !== undefined) own.push(String(s.default))
  return own.length
    ? fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 3 }, { arbitrary: anyText, weight: 1 })
    : anyText
}

/** A query string: the route's parameters (sometimes twice), and unknown ones. */
function queryOf(route: RouteSpec): fc.Arbitrary<string> {
  const props = Object.entries((route.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {})
  const known = props.map(([name, schema]) => fc.tuple(fc.constant(name), valuesOf(schema)))
  const pair = known.length
    ? fc.oneof({ arbitrary: fc.oneof(...known), weight: 4 }, { arbitrary: fc.tuple(anyText, anyText), weight: 1 })
    : fc.tuple(anyText, anyText)
  return fc.oneof(
    fc.constant(''),
    fc.array(pair, { maxLength: 5 }).map((pairs) => {
      const p = new URLSearchParams()
      for (const [k, v] of pairs) p.append(k, v)
      return p.toString()
    }),
    // Hand-made strings: broken escapes and separators URLSearchParams would have encoded.
    fc.constantFrom(
      'q=%',
      'q=%zz',
      'limit=%00',
      '&&&',
      '=',
      'q',
      'q=a&q=b',
      'limit=1&limit=2',
      'cursor=!!',
      `q=${'x'.repeat(5000)}`,
    ),
  )
}

/** A path parameter: a real id, an encoded random string, or a nasty raw one. */
const idArb = (ids: string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...(ids.length ? ids : ['unknown'])), weight: 3 },
    { arbitrary: anyText.map((s) => encodeURIComponent(s)), weight: 3 },
    { arbitrary: fc.constantFrom(...NASTY), weight: 2 },
  )

/** Headers: content types, Accept, Authorization in every shape, conditional and client-identity headers. */
const headersArb = (operatorToken: string) =>
  fc.record(
    {
      accept: fc.constantFrom(
        'application/json',
        'text/markdown',
        'text/html',
        '*/*',
        'image/svg+xml',
        'text/html, text/markdown;q=0.5',
        'garbage/',
        '',
      ),
      'content-type': fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/vnd.api+json',
        'application/json; charset=latin1',
        '',
      ),
      authorization: fc.oneof(
        fc.constant(`Bearer ${operatorToken}`),
        fc.stringMatching(/^mcpdir_[0-9A-Za-z]{36}$/).map((t) => `Bearer ${t}`),
        printable(60).map((t) => `Bearer ${t}`),
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          'bearer  x',
          `Bearer ${operatorToken}x`,
          'Bearer mcpdir_',
        ),
      ),
      'if-none-match': fc.oneof(printable(40), fc.constantFrom('*', 'W/"x"', '"abc"')),
      'x-forwarded-for': fc.oneof(printable(40), fc.constantFrom('127.0.0.1', '10.0.0.1, 1.2.3.4', '::1', 'unknown')),
      'x-directory-client-ip': printable(30),
      'x-directory-agent-id': printable(30),
      'x-directory-on-behalf-of': printable(30),
      'x-directory-on-behalf-signature': printable(64),
      'x-request-id': printable(80),
    },
    { requiredKeys: [] },
  )

/** A body: JSON shaped like the route's (its field names with any values), any JSON, or broken bytes. */
function bodyOf(route: RouteSpec): fc.Arbitrary<string | undefined> {
  const props = Object.keys((route.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {})
  const known = [
    'name',
    'url',
    'description',
    'category',
    'email',
    'license',
    'authType',
    'code',
    'scopes',
    'agentName',
    'id',
    'method',
    'reason',
    'servers',
    'claimUrl',
    'token',
    ...props,
  ]
  const field = fc.oneof(fc.constantFrom(...known), anyText)
  const value = fc.oneof(
    anyText,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(anyText, { maxLength: 3 }),
    fc.jsonValue({ maxDepth: 2 }),
  )
  return fc.oneof(
    fc.constant(undefined),
    fc.dictionary(field, value, { maxKeys: 8 }).map((o) => JSON.stringify(o)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      'null',
      '[]',
      '"x"',
      '\u0000',
      '{"name": "\\ud800"}',
      '{"__proto__": {"admin": true}}',
      'x'.repeat(70 * 1024),
      `[${'1,'.repeat(40_000)}1]`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ),
  )
}

/** The arbitrary of one request to any route of the table. */
export function requestArb(
  ids: string[],
  operatorToken: string,
  routes: RouteSpec[] = ROUTES,
): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...routes).chain((route) =>
    fc
      .record({
        method: fc.oneof(
          { arbitrary: fc.constant(route.method), weight: 6 },
          { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
        ),
        params: fc.array(idArb(ids), { minLength: 4, maxLength: 4 }),
        slash: fc.boolean(),
        query: queryOf(route),
        headers: headersArb(operatorToken),
        body: bodyOf(route),
      })
      .map(({ method, params, slash, query, headers, body }) => {
        let i = 0
        const path = route.path.replace(/:[A-Za-z]+/g, () => params[i++]!) + (slash ? '/' : '')
        const withBody = method !== 'GET' && method !== 'HEAD' && body !== undefined
        // The URL parser folds `..` segments, so the request may land on another route: attribute it to that one.
        const landed = new URL(`http://x${path}`).pathname
        const matches = routes.filter((r) => new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`).test(landed))
        const service = matches[0]?.service ?? route.service
        const notImplemented = matches.some((r) => r.method === method && r.responses[501] !== undefined)
        return {
          service,
          method,
          path: query ? `${path}?${query}` : path,
          headers,
          ...(withBody ? { body } : {}),
          ...(notImplemented ? { notImplemented } : {}),
        }
      }),
  )
}

/**
 * Whether a body is an Error object for `status`. The MCP endpoint speaks JSON-RPC, whose protocol fixes the error
 * shape (`{ jsonrpc, error: { code, message }, id }`); that shape is its Error object.
 */
export function isErrorObject(text: string, status: number, service = '', contentType = ''): boolean {
  // The web service answers browsers: its errors are HTML pages (a static asset's 404 a short text), which must
  // still say something.
  if (service === 'web' && /^text\/(html|plain)/i.test(contentType) && text.trim().length > 0) return true
  try {
    const b = JSON.parse(text) as { error?: unknown; message?: unknown; status?: unknown; jsonrpc?: unknown }
    if (
      service === 'mcp' &&
      b?.jsonrpc === '2.0' &&
      typeof (b.error as { code?: unknown } | undefined)?.code === 'number'
    )
      return true
    return (
      typeof b === 'object' &&
      b !== null &&
      typeof b.error === 'string' &&
      typeof b.message === 'string' &&
      b.status === status
    )
  } catch {
    return false
  }
}

/**
 * The service whose answer a request gets. A path whose dot segments resolve outside the API's first segments
 * (`/v0.1/servers/../../x`) is no route: a browser asking for HTML gets the pages' own 404 there.
 */
function answeredBy(
  request: { method: string; path: string; headers: Record<string, string>; service: string },
  api: Set<string>,
): string {
  let first: string
  try {
    first = new URL(`http://fuzz.invalid${request.path}`).pathname.split('/')[1] ?? ''
  } catch {
    return request.service
  }
  const page =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !api.has(first) &&
    /\btext\/html\b/i.test(request.headers.accept ?? '')
  return page ? 'web' : request.service
}

/** Sends `count` generated requests to `base` with `concurrency` clients and checks every answer. */
export async function runFuzz(opts: {
  base: string
  ids: string[]
  operatorToken: string
  count: number
  routes?: RouteSpec[]
  concurrency?: number
  seed?: number
  timeoutMs?: number
}): Promise<FuzzResult> {
  const seed = opts.seed ?? Date.now() % 2 ** 31
  const requests = fc.sample(requestArb(opts.ids, opts.operatorToken, opts.routes), { numRuns: opts.count, seed })
  const api = apiSegments(opts.routes ?? ROUTES)
  const result: FuzzResult = { requests: 0, byStatus: {}, fiveXX: 0, badErrors: 0, hung: 0, examples: [], seed }
  let next = 0
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!
      let status: number | string
      let text = ''
      let contentType = ''
      try {
        const res = await fetch(`${opts.base}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
        })
        status = res.status
        contentType = res.headers.get('content-type') ?? ''
        text = await res.text()
      } catch (err) {
        status =
          err instanceof Error && err.name === 'TimeoutError'
            ? 'hung'
            : `network: ${err instanceof Error ? err.message : String(err)}`
      }
      result.requests++
      result.byStatus[String(status)] = (result.byStatus[String(status)] ?? 0) + 1
      let bad = false
      if (typeof status !== 'number') {
        result.hung++
        bad = true
      } else if (status >= 500 && !(status === 501 && request.notImplemented)) {
        result.fiveXX++
        bad = true
      } else if (
        status >= 400 &&
        request.method !== 'HEAD' &&
        !isErrorObject(text, status, answeredBy(request, api), contentType)
      ) {
        result.badErrors++
        bad = true
      }
      // 5xx examples first: they matter most.
      if (
        bad &&
        (result.examples.length < 10 || (typeof status === 'number' && status >= 500 && result.examples.length < 20))
      )
        result.examples.push({
          request: { ...request, body: request.body?.slice(0, 200) },
          status,
          body: text.slice(0, 300),
        })
    }
  }
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker))
  return result
}

/** The result as printed lines. */
export function formatFuzz(r: FuzzResult): string {
  const statuses = Object.entries(r.byStatus)
    .sort()
    .map(([s, n]) => `${s}×${n}`)
    .join(' ')
  const lines = [
    `fuzz: ${r.requests} generated requests (seed ${r.seed}); ${r.fiveXX} × 5xx; ${r.badErrors} × 4xx without an Error object; ${r.hung} without an answer`,
    `  answers ${statuses}`,
  ]
  for (const e of r.examples)
    lines.push(
      `  FAIL ${e.status} ${e.request.method} ${e.request.path.slice(0, 200)} ${JSON.stringify(e.request.headers).slice(0, 200)} body=${JSON.stringify(e.request.body ?? null).slice(0, 120)} → ${e.body}`,
    )
  return lines.join('\n')
}
