// Raw HTTP exchanges over node:net, for what fetch never sends: a malformed Host, HTTP/1.0 without one.
import { connect } from 'node:net'

/** Host headers that name no host[:port]: a slash, spaces, a user part, a bad or too large port, an open bracket. */
export const MALFORMED_HOSTS = [
  'evil.example/path',
  'a b',
  'exa mple.com',
  'user@example.com',
  'example.com:notaport',
  'example.com:99999',
  '[::1',
  'a?b',
  'a#b',
  'a\\b',
  '%41',
  '',
  'a..b',
  'héllo.example',
]

/** The answer to one raw request: status, headers (lower-cased) and body (de-chunked). */
export interface RawAnswer {
  status: number
  headers: Record<string, string>
  body: string
}

/** Sends `head` (request line and headers, without the final blank line) and reads the answer until close. */
export const rawRequest = (base: string, head: string, giveUpMs = 10_000): Promise<RawAnswer> =>
  rawBytes(base, `${head}\r\n\r\n`, giveUpMs)

/** Sends `data` as it is (line ends included) and reads the answer until close. */
export function rawBytes(base: string, data: string, giveUpMs = 10_000): Promise<RawAnswer> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const s = connect(Number(url.port), url.hostname, () => s.write(data))
    s.on('data', (d: Buffer) => chunks.push(d))
    s.on('error', reject)
    const timer = setTimeout(() => s.destroy(), giveUpMs)
    s.on('close', () => {
      clearTimeout(timer)
      const data = Buffer.concat(chunks).toString('utf8')
      const split = data.indexOf('\r\n\r\n')
      const lines = data.slice(0, split).split('\r\n')
      const headers: Record<string, string> = {}
      for (const l of lines.slice(1))
        headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim()
      let body = split < 0 ? '' : data.slice(split + 4)
      if (headers['transfer-encoding'] === 'chunked') body = dechunk(body)
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0), headers, body })
    })
  })
}

function dechunk(text: string): string {
  let out = ''
  let rest = text
  for (;;) {
    const eol = rest.indexOf('\r\n')
    const size = parseInt(rest.slice(0, eol), 16)
    if (!size) return out
    out += rest.slice(eol + 2, eol + 2 + size)
    rest = rest.slice(eol + 2 + size + 2)
  }
}

/** A GET with the given Host header line (none when null) on HTTP/1.1, or on HTTP/1.0. */
export const getWithHost = (base: string, path: string, host: string | null, version: '1.0' | '1.1' = '1.1') =>
  rawRequest(
    base,
    [`GET ${path} HTTP/${version}`, ...(host === null ? [] : [`Host: ${host}`]), 'Connection: close'].join('\r\n'),
  )
