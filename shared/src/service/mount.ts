// Mounting an endpoint's contract on a service's app: the contract's models validate the request (through the
// service app's one error mapper), and the handler's return type is the contract's 2xx model, so the compiler
// checks the answer. The answer's media type comes from the contract; status and headers from Elysia's `set`. A
// contract's operator guard is enforced here, the one place a service reads a contract's `auth`.
import { CloneType, type TSchema, Type } from '@sinclair/typebox'
import type { Elysia } from 'elysia'
import {
  type AnswerOf,
  type BodyOf,
  checkedParams,
  type Contract,
  type ParamsOf,
  type QueryOf,
  type SuccessOf,
  type SuccessStatus,
  successStatus,
} from '../contracts/endpoint'
import { requireOperator } from '../http'
import { type Json, JsonText } from './json-text'

/** A redirect answer: a Location, and optionally a JSON body saying why (a merged listing's Error object). */
export class Redirect {
  constructor(
    readonly location: string,
    readonly status: 301 | 302 | 303 | 307 | 308 = 302,
    readonly body?: unknown,
  ) {}
}

/**
 * A 304 answer of a contract that declares one: the client's copy (its If-None-Match) is current. No body; the
 * headers the handler set (its ETag, its Cache-Control) are sent.
 */
export class NotModified {
  readonly status = 304
}

/**
 * An answer of a status other than success that the contract declares with a model of its own: a refusal whose
 * body says more than the Error object (a 409 naming the listing that holds an address), typed by that model.
 */
export class Refused<S extends number = number, T = unknown> {
  constructor(
    readonly status: S,
    readonly body: T,
  ) {}
}

/** The refusals a contract declares, each with its model. */
type RefusedOf<C extends Contract> = {
  [S in Exclude<keyof C['responses'] & number, SuccessStatus<C>>]: Refused<S, AnswerOf<C, S>>
}[Exclude<keyof C['responses'] & number, SuccessStatus<C>>]

/** What a mounted handler sees: the request's values as the contract's models read them. */
export interface RouteContext<C extends Contract> {
  params: ParamsOf<C>
  query: QueryOf<C>
  body: BodyOf<C>
  request: Request
  /** Status and headers of the answer (a status the contract declares; headers added to the media type). */
  set: { status?: number | string; headers: Record<string, string | number> }
}

/**
 * What a handler may answer: its model (a `Uint8Array` model is sent as its bytes: a static file), the model as
 * text, a redirect, a 304 when the contract declares one, a refusal the contract declares with its model, or a
 * Response for a raw endpoint.
 */
export type Answer<C extends Contract> = C['rawResponse'] extends true
  ? Response
  :
      | SuccessOf<C>
      | Json<SuccessOf<C>>
      | Redirect
      | RefusedOf<C>
      | (304 extends keyof C['responses'] ? NotModified : never)

/**
 * A route's own request hooks that the contract does not describe (a bounded body reader, a check that must refuse
 * a request before its models are validated).
 */
export interface MountOptions {
  parse?: unknown
  transform?: unknown
  beforeHandle?: unknown
  /**
   * The route's own answer to an error its handler throws, for an API whose errors have their own shape (the
   * official registry's); undefined leaves the error to the app's mapper.
   */
  answerError?: (error: unknown) => Response | undefined
}

const TEXT_TYPES = /^(text\/|image\/svg\+xml|application\/(json|xml|[a-z.+-]*\+json))/

/** The Content-Type of an answer with this media type (UTF-8 for text). */
const contentType = (type: string) => (TEXT_TYPES.test(type) ? `${type}; charset=utf-8` : type)

/** The answer as a Response: the contract's media type for its status, the handler's status and headers. */
function toResponse(contract: Contract, answer: unknown, set: RouteContext<Contract>['set']): Response {
  if (answer instanceof Response) return answer
  const headers = new Headers()
  for (const [k, v] of Object.entries(set.headers)) headers.set(k, String(v))
  // Elysia appends a Set-Cookie left in `set` to the Response it is given (any other header only when absent):
  // moved here rather than copied, so it is sent once.
  delete set.headers['set-cookie']
  if (answer instanceof NotModified) return new Response(null, { status: answer.status, headers })
  if (answer instanceof Refused) {
    headers.set('content-type', contentType(contract.responses[answer.status]?.type ?? 'application/json'))
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers })
  }
  if (answer instanceof Redirect) {
    headers.set('location', answer.location)
    if (answer.body === undefined) return new Response(null, { status: answer.status, headers })
    headers.set('content-type', contentType('application/json'))
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers })
  }
  // Elysia's status starts at 200: a contract that declares no 200 answers its own success status unless set.
  const chosen = typeof set.status === 'number' && (set.status !== 200 || 200 in contract.responses)
  const status = chosen ? (set.status as number) : successStatus(contract)
  const type = contract.responses[status]?.type
  if (answer === undefined || answer === null || !type) return new Response(null, { status, headers })
  if (!headers.has('content-type')) headers.set('content-type', contentType(type))
  const body =
    answer instanceof JsonText
      ? answer.text
      : typeof answer === 'string' || answer instanceof Uint8Array
        ? answer
        : JSON.stringify(answer)
  return new Response(body, { status, headers })
}

/** What the operator guard reads: the request, and the token its service app was given (`serviceApp`). */
interface GuardContext {
  request: Request
  operatorToken?: string
}

type Parser = (context: GuardContext, contentType: string) => unknown

// A service app given no token refuses every operator request: no Bearer token equals the empty one.
const operatorGuard = ({ request, operatorToken }: GuardContext) => requireOperator(request, operatorToken ?? '')

/**
 * The hooks of an operator route: its guard runs before anything of the request is read or validated, so a caller
 * without the token gets the 401 and never a hint drawn from the body, the path or the query. Before the route's own
 * body reader (or Elysia's, for a body it parses), and again before validation (a request whose body is not read).
 */
function guarded(contract: Contract, own: Omit<MountOptions, 'answerError'>): Record<string, unknown> {
  const hooks: Record<string, unknown> = { ...own }
  hooks.transform = own.transform ? [operatorGuard, own.transform] : operatorGuard
  const parse = own.parse
  if (typeof parse === 'function')
    hooks.parse = (context: GuardContext, contentType: string) => {
      operatorGuard(context)
      return (parse as Parser)(context, contentType)
    }
  // Returning nothing, the guard leaves the body to Elysia's parser.
  else if (parse === undefined && contract.body) hooks.parse = operatorGuard
  return hooks
}

/** The route's hooks: its guard, then the contract's models of the path, the query and the body. */
function hooksOf(contract: Contract, own: Omit<MountOptions, 'answerError'>): Record<string, unknown> {
  const hooks = contract.auth === 'operator' ? guarded(contract, own) : { ...own }
  const params = contract.params && checkedParams(contract.params)
  if (params && Object.keys(params).length) hooks.params = Type.Object(params)
  // Copies: Elysia writes into the models it is given (`additionalProperties` on a body), and the contract's own
  // models must read the same to the OpenAPI document and the MCP tools whichever routes this process mounted.
  if (contract.query) hooks.query = CloneType(contract.query as TSchema)
  if (contract.body) hooks.body = CloneType(contract.body)
  return hooks
}

/**
 * Mounts one endpoint: `app.use(mount(contract, handler))`. The contract's models validate the path, the query and
 * the body, and its operator guard refuses a request without the token; `options` adds what the contract does not
 * say (a bounded body parser, an early check).
 */
export function mount<const C extends Contract>(
  contract: C,
  handler: (context: RouteContext<C>) => Answer<C> | Promise<Answer<C>>,
  options: MountOptions = {},
) {
  const { answerError, ...own } = options
  const hooks = hooksOf(contract, own)
  const answer = async (context: RouteContext<C>) => {
    try {
      return toResponse(contract, await handler(context), context.set)
    } catch (error) {
      const answered = answerError?.(error)
      if (answered) return answered
      throw error
    }
  }
  // Destructured so Elysia parses only what a handler can read (it reads the parameter list to decide).
  const route = ({ params, query, body, request, set }: RouteContext<C>) =>
    answer({ params, query, body, request, set })
  return (app: Elysia) =>
    app.route(
      contract.method,
      contract.path,
      // Elysia types a handler's context per chain; here the contract's models type it, so Elysia's view is waived.
      route as never,
      hooks as never,
    )
}
