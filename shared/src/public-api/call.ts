// The typed public client: one call per contract, built from the contract's method, path and models, answering the
// contract's 2xx model or throwing one ApiError. The web pages and the MCP tools call the API only through it.
import type { BodyOf, Contract, ParamsOf, QueryOf, SuccessOf } from '../contracts/endpoint'
import type { ErrorBody } from '../errors'

/** An error answer of the public API, carried as its Error object (and its status and headers). */
export class ApiError extends Error {
  constructor(
    readonly body: ErrorBody,
    readonly status: number,
    readonly headers: Headers = new Headers(),
  ) {
    super(body.message)
    this.name = 'ApiError'
  }
}

/** Reads an error answer as its Error object; a body that is not one still gives a code and a message. */
export async function errorOf(res: Response): Promise<ErrorBody> {
  const text = await res.text().catch(() => '')
  try {
    const parsed = JSON.parse(text) as Partial<ErrorBody>
    if (parsed && typeof parsed.error === 'string' && typeof parsed.message === 'string') {
      const body: ErrorBody = { error: parsed.error, message: parsed.message, status: res.status }
      if (Array.isArray(parsed.details)) body.details = parsed.details
      return body
    }
  } catch {}
  return {
    error: res.status >= 500 ? 'bad_gateway' : 'bad_request',
    message: `The directory answered ${res.status}`,
    status: res.status,
  }
}

/** What one call sends: the path's parameters, the query and the body, as the contract's models type them. */
export interface CallInput<C extends Contract> {
  params?: ParamsOf<C>
  query?: Partial<{ [K in keyof QueryOf<C>]: QueryOf<C>[K] | string }>
  body?: BodyOf<C>
}

/**
 * The path and query string of a call: each parameter encoded into the contract's path, absent values left out. A
 * lone surrogate in a parameter is written U+FFFD, as UTF-8 encodes it (and URLSearchParams does for the query).
 */
export function pathOf<C extends Contract>(contract: C, input: CallInput<C> = {}): string {
  const params = (input.params ?? {}) as Record<string, string>
  const path = contract.path.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    encodeURIComponent(String(params[name] ?? '').toWellFormed()),
  )
  const query = new URLSearchParams()
  for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== null) query.set(k, String(v))
  const qs = query.toString()
  return qs ? `${path}?${qs}` : path
}

/** Whether the contract's answer for this status is JSON (else it is read as text: Markdown, SVG, a page). */
const isJson = (contract: Contract, status: number) =>
  /json/.test(contract.responses[status]?.type ?? 'application/json')

/** A success's body as the contract's model: JSON parsed, text as it came. */
export async function successOf<C extends Contract>(contract: C, res: Response): Promise<SuccessOf<C>> {
  if (!isJson(contract, res.status)) return (await res.text()) as SuccessOf<C>
  const text = await res.text()
  return (text ? JSON.parse(text) : undefined) as SuccessOf<C>
}
