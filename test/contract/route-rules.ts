// The acceptance test of the models: every route of the gateway's route table, driven through a running directory
// with inputs generated from the route's own models (the ones the OpenAPI document shows). A valid input is never
// refused as invalid (domain answers such as 404, 409, 401/403 or unknown_category are fine); an input that breaks
// one property of the model always is, with 400 invalid_parameter (query) or invalid_body (body). Every successful
// answer is one its contract declares, of its media type and model. Beside the generated inputs, a route may have
// known-good ones (known-good.ts), so that its success answer is met and checked too; the run ends by listing which
// routes answered 2xx. One suite, registered per run mode.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { TSchema } from '@sinclair/typebox'
import type { Contract } from '@mcp-directory/shared/contracts'
import type { startSmtpSink } from '@mcp-directory/shared/testing'
import { documentedSchema } from '../../gateway/src/openapi'
import { ROUTES, type RouteSpec } from '../../gateway/src/routes'
import { sendInput } from './answers'
import { type FixedInput, type Fixtures, fixtures, KNOWN_GOOD, NO_SUCCESS } from './known-good'
import { invalidVariants, type Schema, valid } from './schema-arbitrary'
import type { ContractWorld } from './world'

/** What the suite needs from the mode under test. */
export interface ContractTarget {
  /** The gateway's base URL. */
  base(): string
  operatorToken: string
  /** The SMTP sink the directory mails to (an agent's registration code). */
  sink(): Awaited<ReturnType<typeof startSmtpSink>>
  /** The DNS and GitHub stand-ins the directory reads proofs from (its environment has `world.env`). */
  world(): ContractWorld
}

/** What a directory under test needs in its environment for the suite (limits out of the way, no probing). */
export const CONTRACT_ENV = {
  RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_WRITE_PER_HOUR: '100000',
  RATE_LIMIT_REGISTRY_PER_MINUTE: '100000',
  PROBE: 'off',
}

// Valid inputs drawn per route; small, so the whole table runs well under a minute.
const VALID_RUNS = 4
const SEED = Number(process.env.CONTRACT_SEED ?? 20261123)

export type Input = { query?: Record<string, unknown>; body?: unknown } & Pick<FixedInput, 'params' | 'headers'>

// TypeBox models are JSON Schema once their symbol keys are dropped (as in the OpenAPI document).
// The model as the OpenAPI document shows it (/docs/json is built by the same function).
const plain = (s: TSchema) => documentedSchema(s) as Schema

export const describeInput = (r: Contract, input: unknown) => `${r.method} ${r.path} with ${JSON.stringify(input)}`

// Query values travel as text: a valid generated number or boolean is sent as its digits or word.
export const asQuery = (q: unknown) =>
  Object.fromEntries(Object.entries((q ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]))

/** `value` with only the properties `schema` requires: the least input it accepts, which meets fewer domain checks. */
function leastOf(schema: Schema, value: unknown) {
  if (schema.type !== 'object' || !value || typeof value !== 'object') return value
  const least = Object.fromEntries(Object.entries(value).filter(([k]) => schema.required?.includes(k)))
  return Object.keys(least).length < (schema.minProperties ?? 0) ? value : least
}

/** Valid inputs of a route: a few drawn from its models, and the first with only what they require. */
export function validInputs(r: Contract): Input[] {
  const query = r.query ? valid(plain(r.query)) : fc.constant(undefined)
  const body = r.body ? valid(plain(r.body)) : fc.constant(undefined)
  const drawn = fc.sample(fc.record({ query, body }), { numRuns: r.query || r.body ? VALID_RUNS : 1, seed: SEED })
  const least = {
    query: r.query ? leastOf(plain(r.query), drawn[0]!.query) : undefined,
    body: r.body ? leastOf(plain(r.body), drawn[0]!.body) : undefined,
  }
  const inputs = [...drawn, least].map((raw) => ({
    query: raw.query === undefined ? undefined : asQuery(raw.query),
    body: raw.body,
  }))
  return [...new Map(inputs.map((i) => [JSON.stringify(i), i])).values()]
}

const routes = ROUTES.filter((r) => !r.hidden)

// Routes whose success cannot be undone (a takedown keeps the listing down): their generated inputs name no listing
// (a 404), and only their known-good inputs, each on a listing of its own, reach a success.
const IRREVERSIBLE = new Set(['adminTakedownListing'])

/** Registers the route-table tests for one mode. */
export function routeRules(mode: string, t: ContractTarget) {
  let listingId = 'contract-test-unknown'
  let agentToken = ''
  // A route that revokes the token it is called with gets a token of its own, so the others keep theirs.
  let spareToken = ''
  let known: Fixtures

  /** The route's path with each parameter filled: the input's own, else a real listing id, else a plain word. */
  const pathOf = (r: RouteSpec, params: Record<string, string> = {}) => {
    const id = IRREVERSIBLE.has(r.operationId) ? 'contract-test-unknown' : listingId
    return r.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
      encodeURIComponent(params[name] ?? (name === 'id' || name === 'serverName' ? id : 'contract')),
    )
  }

  /**
   * Sends one input: the query as a query string, the body as JSON, the operator token or the agent's where the route
   * needs it, and the input's own headers (a known-good input's token, the MCP Accept) over those.
   */
  function send(r: RouteSpec, input: Input) {
    const headers: Record<string, string> = {}
    if (r.auth === 'operator') headers.authorization = `Bearer ${t.operatorToken}`
    if (r.auth === 'bearer') headers.authorization = `Bearer ${r.revokesToken ? spareToken : agentToken}`
    return sendInput(r, new URL(`${t.base()}${pathOf(r, input.params)}`), input, { ...headers, ...input.headers })
  }

  beforeAll(async () => {
    // A listing that exists, so routes about one get past their 404.
    const search = async (query: string) =>
      ((await (await fetch(`${t.base()}/api/v1/search?${query}`)).json()) as { servers: { id: string }[] }).servers
    listingId = (await search('q=github'))[0]?.id ?? (await search('limit=1'))[0]?.id ?? listingId
    known = fixtures({
      base: t.base(),
      operatorToken: t.operatorToken,
      agentToken: () => agentToken,
      sink: t.sink(),
      world: t.world(),
    })
    // Agent tokens obtained as an agent does: register, read the code from the mail, confirm.
    agentToken = (await known.agent('contract-agent')).token
    spareToken = (await known.agent('contract-revoker')).token
  }, 120_000)

  // What each route answered its valid inputs (status and error code): a route that never answers 2xx never has its
  // success model checked, so the run ends by naming the routes that did and those that did not.
  const answered = new Map<RouteSpec, Set<string>>()
  const succeeded = new Set<RouteSpec>()
  const is2xx = (status: number) => status >= 200 && status < 300
  afterAll(() => {
    const line = (r: RouteSpec) =>
      `  ${r.method} ${r.path} (${r.operationId}): ${[...(answered.get(r) ?? [])].join('; ')}` +
      (succeeded.has(r) || !NO_SUCCESS[r.operationId] ? '' : ` (${NO_SUCCESS[r.operationId]})`)
    const missed = routes.filter((r) => answered.has(r) && !succeeded.has(r))
    console.log(
      [
        `${mode}: ${succeeded.size} of ${answered.size} routes answered 2xx, their success models checked:`,
        ...routes.filter((r) => succeeded.has(r)).map(line),
        `${mode}: ${missed.length} routes never answered 2xx:`,
        ...missed.map(line),
      ].join('\n'),
    )
  })

  describe(`${mode}: every route accepts what its models accept, and answers as its contract declares`, () => {
    for (const r of routes)
      test(`${r.method} ${r.path}`, async () => {
        const drifts: string[] = []
        const fixed = (await KNOWN_GOOD[r.operationId]?.(known)) ?? []
        for (const input of [...validInputs(r), ...fixed]) {
          const got = await send(r, input)
          answered.set(
            r,
            (answered.get(r) ?? new Set()).add(`${got.status}${got.error ? ` ${got.error.slice(0, 60)}` : ''}`),
          )
          if (is2xx(got.status)) succeeded.add(r)
          const route = describeInput(r, input)
          const refusedAsInvalid = got.status === 400 && /^invalid_(parameter|body)$/.test(got.error ?? '')
          expect({ route, refusedAsInvalid, status: got.status, answer: got.text }).toMatchObject({
            route,
            refusedAsInvalid: false,
          })
          expect({ route, status: got.status, answer: got.text }).not.toMatchObject({ status: 500 })
          if (got.drift.length) drifts.push(route, ...got.drift)
        }
        expect(drifts).toEqual([])
      }, 60_000)

    // After every route: each one that ran answered 2xx at least once, but those no input can bring to one.
    test('every route that ran answered 2xx at least once (but the few that cannot here)', () => {
      const missed = routes.filter((r) => answered.has(r) && !succeeded.has(r) && !NO_SUCCESS[r.operationId])
      expect(missed.map((r) => `${r.method} ${r.path}: ${[...answered.get(r)!].join('; ')}`)).toEqual([])
    })
  })

  describe(`${mode}: every route refuses what its models refuse`, () => {
    for (const r of routes.filter((x) => x.query || x.body))
      test(`${r.method} ${r.path}`, async () => {
        const cases: { input: Input; what: string }[] = []
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
          // The refusal's body is the model its contract declares for a 400 (the Error object, or the registry's).
          const route = `${describeInput(r, c.input)} (${c.what})`
          expect({ route, status: got.status, error: got.error, drift: got.drift }).toEqual({
            route,
            status: 400,
            error: expected,
            drift: [],
          })
        }
      }, 60_000)
  })
}
