// Attacks on the MCP endpoint (POST /api/mcp) of the real all-in-one process, over raw HTTP: what the endpoint
// reads before it refuses a body, and what it answers for resource addresses outside its own.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startAllInOne } from '../e2e/processes'

let dir: Awaited<ReturnType<typeof startAllInOne>>

beforeAll(async () => {
  dir = await startAllInOne({
    RATE_LIMIT_PER_MINUTE: '100000',
    SERVER_SECRET: 'mcp-attacks-server-secret-0123456789abcdef',
  })
}, 120_000)
afterAll(async () => {
  await dir?.stop()
}, 20_000)

const HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-06-18',
}

/** A 2025 message posted as is. */
async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${dir.base}/api/mcp`, {
    method: 'POST',
    headers: { ...HEADERS, ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.text()) || null }
}

describe('MCP endpoint: bodies', () => {
  test('a body streamed without Content-Length is refused (413) once past the bound, not read to its end', async () => {
    // 64 KiB chunks, then the stream stays open: an endpoint that reads the whole body first never answers.
    const head = new TextEncoder().encode(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"x":"`)
    const filler = new TextEncoder().encode('a'.repeat(64 * 1024))
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(c) {
        if (sent > 1024 * 1024) return void (await Bun.sleep(30_000))
        c.enqueue(sent === 0 ? head : filler)
        sent += sent === 0 ? head.byteLength : filler.byteLength
      },
    })
    const answer = fetch(`${dir.base}/api/mcp`, {
      method: 'POST',
      headers: HEADERS,
      body,
      duplex: 'half',
    } as RequestInit).then(async (r) => ({ status: r.status, body: await r.json() }))
    const res = await Promise.race([answer, Bun.sleep(5000).then(() => null)])
    expect(res).toMatchObject({ status: 413, body: { jsonrpc: '2.0', error: { code: -32600 }, id: null } })
  }, 15_000)
})

describe('MCP endpoint: resource addresses', () => {
  test('resources/read of an address outside directory:// or climbing out of it is not found, and reads nothing', async () => {
    for (const uri of [
      'file:///etc/passwd',
      `${dir.base}/api/v1/health`,
      'directory://servers/../../api/v1/admin/import',
      'directory://servers/..',
      'directory://servers/%2e%2e%2F%2e%2e%2Finternal%2Fstatus',
      'directory://servers/%E0%A4%A',
    ]) {
      const r = await post({ jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri } })
      const error = JSON.parse(r.body!).error
      expect({ uri, code: error?.code }).toEqual({ uri, code: -32602 })
      expect(r.body).not.toMatch(/ at |\/work\/|127\.0\.0\.1:\d+\/internal/)
    }
  }, 15_000)
})
