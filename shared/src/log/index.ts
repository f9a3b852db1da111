/** pino JSON logging and the request id that crosses services. */
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
    redact: { paths: ['token', 'code', 'secret', '*.token', '*.code', '*.secret', 'headers.authorization', 'req.headers.authorization'], censor: '[redacted]' },
  }
  // A destination (tests capture output to check that no secret is logged) or stdout.
  return destination ? pino(options, destination) : pino(options)
}

/** A request id from a trusted incoming header, or a new one. */
export function requestIdFrom(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER)
  return incoming && /^[A-Za-z0-9._:-]{1,128}$/.test(incoming) ? incoming : crypto.randomUUID()
}
