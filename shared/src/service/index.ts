/** The base every service app is built on: one error mapper, JSON 404s, and the request id. */
import { Elysia } from 'elysia'
import type { Database } from '../db'
import { AppError, errorResponse, toErrorResponse } from '../errors'
import { json } from '../http'
import { REQUEST_ID_HEADER, type Logger } from '../log'
import { routeLabels } from '../metrics'

/** A random id of this process, sent as `x-served-by` so operators (and tests) can see which replica answered. */
export const INSTANCE_ID = crypto.randomUUID().slice(0, 8)

/** An Elysia app for one service with the shared error mapping; routes are added by the service. */
export function serviceApp(name: string, baseUrl: string, log: Logger) {
  return (
    new Elysia({ name: `service:${name}` })
      // Route patterns label the request metrics of `serve`.
      .use(routeLabels())
      .onRequest(({ set }) => {
        set.headers['x-served-by'] = `${name}/${INSTANCE_ID}`
      })
      .onError(({ code, error, request }) => {
        const requestId = request.headers.get(REQUEST_ID_HEADER) ?? undefined
        const headers: Record<string, string> = requestId ? { [REQUEST_ID_HEADER]: requestId } : {}
        if (code === 'NOT_FOUND') return errorResponse(404, 'not_found', 'No such route', baseUrl, { headers })
        if (code === 'PARSE')
          return errorResponse(400, 'bad_request', 'The request body could not be parsed', baseUrl, { headers })
        if (code === 'VALIDATION')
          return errorResponse(400, 'invalid_body', 'The request failed validation', baseUrl, { headers })
        const mapped = toErrorResponse(error, baseUrl)
        if (!(error instanceof AppError))
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

/** The health handler every service serves at /api/v1/health: 200 `{status, timestamp}`, 500 when its database is unreachable. */
export function healthHandler(database: Database, log: Logger) {
  return async () => {
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
    return json({ status: 'ok', timestamp: new Date().toISOString() })
  }
}
