/** pino JSON logging and the request id that crosses services. */
import { AsyncLocalStorage } from 'node:async_hooks'
import pino, { type Logger } from 'pino'

export type { Logger }

/** Header carrying the request id from the gateway to every service and back to the client. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** A JSON logger named after the service; secrets are redacted wherever they appear. */
export function createLogger(service: string, level = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    redact: {
      paths: [
        'token',
        'code',
        'secret',
        '*.token',
        '*.code',
        '*.secret',
        'headers.authorization',
        'req.headers.authorization',
      ],
      censor: '[redacted]',
    },
  }
  // A destination (tests capture output to check that no secret is logged) or stdout.
  return destination ? pino(options, destination) : pino(options)
}

// The id of the request being served, for code far from the request (the outbox stamps events with it).
const requestContext = new AsyncLocalStorage<string>()

/** Runs `fn` with `id` as the current request id. */
export function withRequestId<T>(id: string, fn: () => T): T {
  return requestContext.run(id, fn)
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()
}

/** A request id from a trusted incoming header, else the current request's, else a new one. */
export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER)
  return incoming && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : (currentRequestId() ?? crypto.randomUUID())
}
