// The acceptance test of the models: every route of the gateway's route table, driven through a running
// all-in-one with inputs generated from the route's own models (the ones the OpenAPI document shows). A valid input
// is never refused as invalid (domain answers such as 404, 409, 401/403 or unknown_category are fine); an input
// that breaks one property of the model always is, with 400 invalid_parameter (query) or invalid_body (body).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { TSchema } from '@sinclair/typebox'
import { documentedSchema } from '../../gateway/src/openapi'
import { ROUTES, type RouteSpec } from '../../gateway/src/routes'
import { startSmtpSink } from '@mcp-directory/shared/testing'
import { startAllInOne } from '../e2e/processes'
import { invalidVariants, type Schema, valid } from './schema-arbitrary'

const OPERATOR_TOKEN = 'contract-test-operator-token'
// Valid inputs drawn per route; small, so the whole table runs well under a minute.
const VALID_RUNS = 4
const SEED = Number(process.env.CONTRACT_SEED ?? 20261123)

let dir: Awaited<ReturnType<typeof startAllInOne>>
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let listingId = 'contract-test-unknown'
let agentToken = ''
// A route that revokes the token it is called with gets a token of its own, so the others keep theirs.
let spareToken = ''

/** An agent token with every scope, obtained as an agent does: register, read the code from the mail, confirm. */
async function mintAgentToken(base: string, email: string): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const registered = await post('/api/v1/agent/register', { email })
  if (registered.status !== 200) throw new Error(`register: ${registered.status} ${await registered.text()}`)
  const mail = (await sink.waitFor(sink.messages.length + 1, 30_000)).at(-1)!
  const code = /code: (\d{6})/.exec(mail.raw)?.[1]
  const confirmed = await post('/api/v1/agent/register/confirm', { email, code })
  if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`)
  return ((await confirmed.json()) as { token: string }).token
}

beforeAll(async () => {
  sink = await startSmtpSink()
  dir = await startAllInOne({
    SMTP_URL: sink.url,
    OPERATOR_TOKEN,
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_WRITE_PER_HOUR: '100000',
    RATE_LIMIT_REGISTRY_PER_MINUTE: '100000',
    PROBE: 'off',
  })
  // A listing that exists (from the demo catalog), so routes about one get past their 404.
  const found = (await (await fetch(`${dir.base}/api/v1/search?q=github`)).json()) as { servers: { id: string }[] }
  listingId = found.servers[0]?.id ?? listingId
  agentToken = await mintAgentToken(dir.base, 'contract-agent@example.com')
  spareToken = await mintAgentToken(dir.base, 'contract-revoker@example.com')
}, 120_000)
afterAll(async () => {
  await dir?.stop()
  await sink?.close()
})

// TypeBox models are JSON Schema once their symbol keys are dropped (as in the OpenAPI document).
// The model as the OpenAPI document shows it (/docs/json is built by the same function).
const plain = (s: TSchema) => documentedSchema(s) as Schema

/** The route's path with each parameter filled: a real listing id, else a plain word. */
const pathOf = (r: RouteSpec) =>
  r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(name === 'id' || name === 'serverName' ? listingId : 'contract'),
  )

/** Sends one input: the query as a query string, the body as JSON, the operator token where the route needs it. */
async function send(r: RouteSpec, input: { query?: Record<string, unknown>; body?: unknown }) {
  const url = new URL(`${dir.base}${pathOf(r)}`)
  for (const [k, v] of Object.entries(input.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, typeof v === 'string' ? v : JSON.stringify(v))
  const headers: Record<string, string> = { accept: 'application/json' }
  if (r.auth === 'operator') headers.authorization = `Bearer ${OPERATOR_TOKEN}`
  if (r.auth === 'bearer') headers.authorization = `Bearer ${r.revokesToken ? spareToken : agentToken}`
  let body: string | undefined
  if (input.body !== undefined || r.body) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(input.body ?? {})
  }
  const res = await fetch(url, { method: r.method, headers, body, redirect: 'manual' })
  const text = await res.text()
  let error: string | undefined
  try {
    error = (JSON.parse(text) as { error?: string }).error
  } catch {}
  return { status: res.status, error, text: text.slice(0, 300) }
}

const describeInput = (r: RouteSpec, input: unknown) => `${r.method} ${r.path} with ${JSON.stringify(input)}`

// Query values travel as text: a valid generated number or boolean is sent as its digits or word.
const asQuery = (q: unknown) =>
  Object.fromEntries(Object.entries((q ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]))

const routes = ROUTES.filter((r) => !r.hidden)

describe('every route accepts what its models accept', () => {
  for (const r of routes)
    test(`${r.method} ${r.path}`, async () => {
      const query = r.query ? valid(plain(r.query)) : fc.constant(undefined)
      const body = r.body ? valid(plain(r.body)) : fc.constant(undefined)
      const inputs = fc.sample(fc.record({ query, body }), { numRuns: r.query || r.body ? VALID_RUNS : 1, seed: SEED })
      for (const raw of inputs) {
        const input = { query: raw.query === undefined ? undefined : asQuery(raw.query), body: raw.body }
        const got = await send(r, input)
        const route = describeInput(r, input)
        const refusedAsInvalid = got.status === 400 && /^invalid_(parameter|body)$/.test(got.error ?? '')
        expect({ route, refusedAsInvalid, status: got.status, answer: got.text }).toMatchObject({
          route,
          refusedAsInvalid: false,
        })
        expect({ route, status: got.status, answer: got.text }).not.toMatchObject({ status: 500 })
      }
    }, 60_000)
})

describe('every route refuses what its models refuse', () => {
  for (const r of routes.filter((x) => x.query || x.body))
    test(`${r.method} ${r.path}`, async () => {
      const cases: { input: { query?: Record<string, unknown>; body?: unknown }; what: string }[] = []
      if (r.query) {
        const schema = plain(r.query)
        const base = asQuery(fc.sample(valid(schema), { numRuns: 1, seed: SEED })[0])
        for (const v of invalidVariants(schema, base, true))
          cases.push({ input: { query: v.input }, what: `query ${v.property}: ${v.why}` })
      }
      if (r.body) {
        const schema = plain(r.body)
        const base = fc.sample(valid(schema), { numRuns: 1, seed: SEED })[0]
        if (schema.type === 'object' && base && typeof base === 'object')
          for (const v of invalidVariants(schema, base as Record<string, unknown>, false))
            cases.push({ input: { body: v.input }, what: `body ${v.property}: ${v.why}` })
      }
      for (const c of cases) {
        const got = await send(r, c.input)
        // The registry read API answers errors in the official registry's shape (`error` holds the message).
        const expected =
          r.limit === 'registry' ? got.error : c.input.body !== undefined ? 'invalid_body' : 'invalid_parameter'
        expect({ route: `${describeInput(r, c.input)} (${c.what})`, status: got.status, error: got.error }).toEqual({
          route: `${describeInput(r, c.input)} (${c.what})`,
          status: 400,
          error: expected,
        })
      }
    }, 60_000)
})
