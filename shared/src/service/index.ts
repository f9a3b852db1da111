/** The base every service app is built on: the one error mapper (`errors.ts`), JSON 404s, and the request id. */
import type { TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { Elysia, ValidationError } from 'elysia'
import type { ServiceName } from '../config'
import { serviceHealth } from '../contracts/health'
import type { Database } from '../db'
import { AppError, type DomainError, errorResponse, isRefusal } from '../errors'
import { REQUEST_ID_HEADER, type Logger } from '../log'
import { routeLabels } from '../metrics'
import { joinedWhileRunning } from '../worker'
import { errorAnswer } from './errors'
import { mount } from './mount'
import { refuseRepeatedParameters, validationFailure, type SchemaProblem } from './validation'

export { type ErrorAnswer, errorAnswer } from './errors'
export { describeProblem, validationFailure } from './validation'
export {
  asBytes,
  joinMembers,
  type Json,
  json,
  jsonArray,
  jsonAsWritten,
  jsonJoin,
  type JsonMembers,
  jsonMembers,
  jsonMembersOf,
  jsonObject,
  type JsonParts,
  JsonText,
  readJson,
} from './json-text'
export { mount, NotModified, Redirect, Refused, type Answer, type RouteContext } from './mount'

/** A random id of this process, sent as `x-served-by` so operators (and tests) can see which replica answered. */
export const INSTANCE_ID = crypto.randomUUID().slice(0, 8)

type Properties = Record<string, TSchema>

/** A route's models as the service attached them: its query's properties and its body. */
interface RouteModels {
  query: Properties
  body: TSchema | null
}

/** The models of a route, by method and route pattern (looked up once per route). */
function modelsOf(app: Elysia, cache: Map<string, RouteModels>, method: string, route: string): RouteModels {
  const key = `${method} ${route}`
  let models = cache.get(key)
  if (!models) {
    const found = app.routes.find((r) => r.method === method && r.path === route)
    const hooks = found?.hooks as { query?: { properties?: Properties }; body?: TSchema } | undefined
    models = { query: hooks?.query?.properties ?? {}, body: hooks?.body ?? null }
    cache.set(key, models)
  }
  return models
}

// Elysia builds a summary of a failed value while constructing its ValidationError, and that throws a TypeError on
// a body such as `{"email": {"toString": 0}}`: the failure is then read again here, from the route's body model.
const isBrokenValidation = (error: unknown) => error instanceof TypeError && /ValidationError/.test(error.stack ?? '')

/**
 * The problems of a failed model, read from the validator itself: Elysia's `all` also writes a summary of each
 * value, which throws on a value such as `{"toString": 0}` (a request body anyone can send).
 */
function problemsOf(error: ValidationError): SchemaProblem[] {
  const validator = error.validator as { Errors?: (value: unknown) => Iterable<SchemaProblem> } & TSchema
  const errors =
    typeof validator.Errors === 'function' ? validator.Errors(error.value) : Value.Errors(validator, error.value)
  return [...errors]
}

/** The refusal of anything Elysia raised before the handler ran (an unparsable body, a failed model). */
function requestError(
  code: string | number,
  error: unknown,
  models: RouteModels,
  body: unknown,
): AppError | DomainError | null {
  if (isRefusal(error)) return error
  if (isBrokenValidation(error) && models.body) {
    const problems = [...Value.Errors(models.body, body)] as unknown as SchemaProblem[]
    return validationFailure(
      'body',
      problems.map(({ path, type, schema, value }) => ({ path, type, schema, value })),
    )
  }
  if (code === 'PARSE') {
    // A route's own parser (jsonBody) raised a typed error: Elysia wraps it as a parse error.
    const cause = (error as { cause?: unknown }).cause
    return cause instanceof AppError ? cause : new AppError(400, 'bad_request', 'The request body could not be parsed')
  }
  if (error instanceof ValidationError) {
    const problems = problemsOf(error)
    // Elysia checks a coerced query value on its own and calls that target `property`.
    const target = error.type === 'property' ? 'query' : error.type
    return validationFailure(target, problems, target === 'query' ? models.query : {})
  }
  return null
}

/** What a service app holds for its routes. */
export interface ServiceAppOptions {
  /** The operator's token: the routes whose contract says `auth: 'operator'` refuse a request without it. */
  operatorToken?: string
}

/**
 * An Elysia app for one service with the shared error mapping; routes are added by the service. A route's
 * TypeBox models (`query`, `params`, `body`) validate it; a failure becomes the API's Error object here, once.
 */
export function serviceApp(name: string, baseUrl: string, log: Logger, options: ServiceAppOptions = {}) {
  const routeModels = new Map<string, RouteModels>()
  const modelsFor = (request: Request, route: string) => modelsOf(app, routeModels, request.method, route)
  const app: Elysia = new Elysia({ name: `service:${name}` })
  return (
    app
      // Set once here, read by the operator guard of every mounted route (`mount`), those of `.use`d plugins too.
      .decorate('operatorToken', options.operatorToken)
      // Route patterns label the request metrics of `serve`.
      .use(routeLabels())
      .onRequest(({ set }) => {
        set.headers['x-served-by'] = `${name}/${INSTANCE_ID}`
      })
      // Runs before validation: Elysia would silently keep the last of a repeated parameter.
      .onTransform(({ request, route }) => {
        refuseRepeatedParameters(request.url, modelsFor(request, route).query)
      })
      .onError(({ code, error, request, route, body }) => {
        const requestId = request.headers.get(REQUEST_ID_HEADER) ?? undefined
        const headers: Record<string, string> = requestId ? { [REQUEST_ID_HEADER]: requestId } : {}
        if (code === 'NOT_FOUND') return errorResponse(404, 'not_found', 'No such route', baseUrl, { headers })
        const models = route ? modelsFor(request, route) : { query: {}, body: null }
        const failure = requestError(code, error, models, body) ?? error
        const mapped = errorAnswer(failure, baseUrl)
        if (!isRefusal(failure))
          log.error(
            {
              err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
              requestId,
              url: request.url,
            },
            'unhandled error',
          )
        return errorResponse(mapped.status, mapped.body.error, mapped.body.message, baseUrl, {
          details: mapped.body.details,
          headers: { ...headers, ...mapped.headers },
        })
      })
  )
}

/** How long health waits for the database before answering 500. */
export const HEALTH_PING_TIMEOUT_MS = 1500

/**
 * The health check of a service: `{status, timestamp}`; with a database, a 500 when it is unreachable.
 * (`store` is the service's database, when it has one.)
 */
export function healthCheck(store?: { database: Database; log: Logger }) {
  // Health is not rate-limited: probes that arrive while a ping is on its way share it, so a flood of them never
  // queues a database round trip each in front of the real queries.
  const ping = store && joinedWhileRunning(() => pingWithin(store.database, store.log))
  return async () => {
    if (ping) await ping()
    return { status: 'ok', timestamp: new Date().toISOString() }
  }
}

async function pingWithin(database: Database, log: Logger) {
  try {
    // Bounded: while PostgreSQL is down the driver queues queries behind its reconnect back-off, so an unbounded
    // ping would outlast the gateway's timeout (a 504) instead of reporting the database as unreachable.
    await Promise.race([
      database.ping(),
      Bun.sleep(HEALTH_PING_TIMEOUT_MS).then(() =>
        Promise.reject(new Error(`no answer within ${HEALTH_PING_TIMEOUT_MS} ms`)),
      ),
    ])
  } catch (err) {
    log.error({ err: String(err) }, 'health: database unreachable')
    throw new AppError(500, 'internal', 'Database unreachable')
  }
}

/** Mounts a service's health probe (its contract: `serviceHealth`), checking its database when it has one. */
export const healthRoute = (service: ServiceName, store?: { database: Database; log: Logger }) =>
  mount(serviceHealth(service), healthCheck(store))
