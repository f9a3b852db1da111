// An MCP stdio transport over a process we spawn ourselves (rather than the SDK's StdioClientTransport), so that
// every byte of stdout is counted and the process is cut off at the output limit, and stderr is kept (bounded)
// to tell a server that asked for a key. The SDK's own line framing (ReadBuffer) parses the messages. And the
// client that speaks over it: the official SDK v2's, which asks server/discover first (2026-07-28) and falls back
// to the 2025 initialize handshake.
import type { Subprocess } from 'bun'
import { Client, type JSONRPCMessage, ReadBuffer, serializeMessage, type Transport } from '@modelcontextprotocol/client'
import { type McpProtocolSeen, mcpProtocolSeen } from '@mcp-directory/shared/contracts'

const CLIENT_INFO = { name: 'mcp-directory-sandbox', version: '1.0.0' }
// A 2025 server may never answer server/discover: after this long the client falls back to initialize.
const DISCOVER_WAIT_MS = 5000

/**
 * The sandbox's MCP client: server/discover first, on the process itself (the transport has `pid` and `stderr`,
 * which the SDK reads as a stdio transport: silence or an error there means a 2025 server, not an outage).
 */
export function sandboxClient(maxPages: number): Client {
  return new Client(CLIENT_INFO, {
    capabilities: {},
    listMaxPages: maxPages,
    versionNegotiation: { mode: 'auto', probe: { timeoutMs: DISCOVER_WAIT_MS } },
  })
}

/** The revision the client negotiated with the boxed server, and its tool list's ttlMs. */
export function sandboxProtocol(
  client: Client,
  firstToolsPage: unknown,
): Omit<McpProtocolSeen, 'checkedAt'> | undefined {
  return mcpProtocolSeen(
    { version: client.getNegotiatedProtocolVersion(), era: client.getProtocolEra() },
    firstToolsPage,
    'sandbox',
  )
}

const STDERR_KEEP = 16 * 1024

/** Why the process stopped, as far as the transport saw it. */
export interface ProcessEnd {
  exitCode: number | null
  signal: string | null
  /** stdout passed the output limit and the process was killed. */
  outputCut: boolean
}

/** A stdio transport bound to one spawned command. */
export class BoundedStdioTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage) => void
  private proc: Subprocess<'pipe', 'pipe', 'pipe'> | null = null
  private readonly buffer = new ReadBuffer()
  private stdoutBytes = 0
  private stderrText = ''
  outputCut = false
  /** Resolves when the process ended. */
  ended: Promise<ProcessEnd> = new Promise(() => {})

  constructor(
    private readonly argv: string[],
    private readonly outputLimit: number,
  ) {}

  async start(): Promise<void> {
    const proc = Bun.spawn(this.argv, { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', env: {} })
    this.proc = proc
    this.ended = proc.exited.then((code) => {
      const end = {
        exitCode: proc.signalCode ? null : code,
        signal: proc.signalCode ? String(proc.signalCode) : null,
        outputCut: this.outputCut,
      }
      this.onclose?.()
      return end
    })
    void this.pump(proc.stdout, (chunk) => {
      this.stdoutBytes += chunk.byteLength
      if (this.stdoutBytes > this.outputLimit) {
        this.outputCut = true
        this.kill()
        return false
      }
      this.buffer.append(Buffer.from(chunk))
      for (;;) {
        let message: JSONRPCMessage | null
        try {
          message = this.buffer.readMessage()
        } catch (err) {
          // A line that is not a JSON-RPC message (a log line on stdout): reported, not fatal.
          this.onerror?.(err instanceof Error ? err : new Error(String(err)))
          continue
        }
        if (!message) break
        this.onmessage?.(message)
      }
      return true
    })
    void this.pump(proc.stderr, (chunk) => {
      this.stderrText = (this.stderrText + new TextDecoder().decode(chunk)).slice(-STDERR_KEEP)
      return true
    })
  }

  private async pump(stream: ReadableStream<Uint8Array>, onChunk: (chunk: Uint8Array) => boolean) {
    const reader = stream.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done || !onChunk(value)) break
      }
    } catch {
      // the process ended
    } finally {
      await reader.cancel().catch(() => {})
    }
  }

  async send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.proc?.stdin
    if (!stdin) throw new Error('not started')
    stdin.write(serializeMessage(message))
    await stdin.flush()
  }

  /** The process id (null before start); with `stderr`, what marks this as a stdio transport to the SDK. */
  get pid(): number | null {
    return this.proc?.pid ?? null
  }

  /** What the process wrote to stderr (the last 16 KB). */
  get stderr(): string {
    return this.stderrText
  }

  get bytesOut(): number {
    return this.stdoutBytes
  }

  kill(): void {
    try {
      this.proc?.kill('SIGKILL')
    } catch {
      // already gone
    }
  }

  async close(): Promise<void> {
    this.kill()
    await Promise.race([this.ended, Bun.sleep(2000)])
  }
}
