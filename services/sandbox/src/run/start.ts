// One sandbox start: install the package into a fresh directory, run it under bubblewrap, speak MCP to it over
// stdio with the official SDK client (initialize, tools/list, and prompts/list and resources/list when offered),
// judge what happened, and remove everything it left.
import { readdirSync, rmSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { SandboxRun, ToolInfo } from '@mcp-directory/shared/contracts'
import { bwrapArgs, type SandboxLimits } from './bwrap'
import { installPackage, type PackageRef, type Registries } from './install'
import { BoundedStdioTransport } from './stdio'

/** What to start. */
export interface StartRequest extends PackageRef {
  /** Environment variables the listing declares: each gets a placeholder value, nothing else is set. */
  variables: string[]
}

/** What a start found. */
export interface StartOutcome {
  verdict: SandboxRun['verdict']
  steps: Record<string, number>
  detail: string
  variable?: string
  tools?: ToolInfo[]
  promptCount?: number
  resourceCount?: number
  /** The last of what it wrote to stderr (never reported: tests and logs only). */
  stderr: string
  /** Bytes it wrote to stdout. */
  stdoutBytes: number
}

/** How a start is run. */
export interface StartOptions {
  registries: Registries
  limits: SandboxLimits
  installTimeoutMs: number
  /** Run as nobody (needed for process limits when the service runs as root). */
  asNobody: boolean
}

const MAX_TOOLS = 500
const MAX_DESCRIPTION = 2000
const MAX_PAGES = 10
const CLIENT_INFO = { name: 'mcp-directory-sandbox', version: '1.0.0' }

/** The placeholder a declared variable gets: plainly not a real credential. */
export const PLACEHOLDER = 'placeholder-set-by-mcp-directory-sandbox'

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300)

/** The declared variable a text names, if any (word-bounded, so API_KEY does not match MY_API_KEY_2). */
export function namedVariable(text: string, variables: string[]): string | undefined {
  return variables.find((v) =>
    new RegExp(`(^|[^A-Za-z0-9_])${v.replace(/[^A-Za-z0-9_]/g, '')}([^A-Za-z0-9_]|$)`).test(text),
  )
}

function toolInfo(t: {
  name: string
  description?: string
  inputSchema?: { properties?: Record<string, unknown> }
}): ToolInfo {
  const params = Object.keys(t.inputSchema?.properties ?? {})
    .filter((p) => p.length <= 200)
    .slice(0, 100)
  const description = typeof t.description === 'string' ? t.description.trim().slice(0, MAX_DESCRIPTION) : ''
  return {
    name: String(t.name).slice(0, 200),
    ...(description ? { description } : {}),
    ...(params.length ? { parameters: params } : {}),
  }
}

// Work directories of starts in flight, with a way to stop each: a stopping process removes them itself (an
// install or a box cut short by the stop never reaches its own clean-up).
const inFlight = new Map<string, () => void>()

/** Kills every start in flight and removes its work directory (on stop). */
export function abandonStarts(): void {
  for (const [dir, kill] of inFlight) {
    kill()
    rmSync(dir, { recursive: true, force: true })
  }
  inFlight.clear()
}

/**
 * Removes work directories a killed process left (SIGKILL, a crash): older than `olderThanMs`, which must be
 * longer than any start lasts, so a start of another process sharing this temp directory is never touched.
 */
export function sweepLeftovers(olderThanMs: number): number {
  let removed = 0
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith('mcp-sandbox-')) continue
    const path = join(tmpdir(), name)
    try {
      if (Date.now() - statSync(path).mtimeMs < olderThanMs) continue
      rmSync(path, { recursive: true, force: true })
      removed++
    } catch {
      // gone meanwhile
    }
  }
  return removed
}

/** Starts one package; never throws (every failure is a verdict). The work directory is always removed. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one start read top to bottom: install, bubblewrap, MCP handshake, and the timed steps of each
export async function startPackage(req: StartRequest, opts: StartOptions): Promise<StartOutcome> {
  const started = performance.now()
  const steps: Record<string, number> = {}
  const since = (t: number) => Math.round(performance.now() - t)
  const dir = await mkdtemp(join(tmpdir(), 'mcp-sandbox-'))
  let transport: BoundedStdioTransport | null = null
  const stopped = new AbortController()
  inFlight.set(dir, () => {
    stopped.abort()
    transport?.kill()
  })
  try {
    const t0 = performance.now()
    const installed = await installPackage(req, dir, opts.registries, opts.installTimeoutMs, stopped.signal)
    steps.install = since(t0)
    if (!installed.ok) {
      steps.total = since(started)
      return {
        verdict: installed.missing ? 'package_missing' : 'install_failed',
        steps,
        detail: installed.detail,
        stderr: '',
        stdoutBytes: 0,
      }
    }
    const env = { ...installed.env, ...Object.fromEntries(req.variables.map((v) => [v, PLACEHOLDER])) }
    const argv = bwrapArgs({
      pkgDir: installed.pkgDir,
      extraRo: installed.extraRo,
      command: installed.command,
      env,
      limits: opts.limits,
      asNobody: opts.asNobody,
    })
    transport = new BoundedStdioTransport(argv, opts.limits.outputBytes)
    const t = transport
    const deadline = new AbortController()
    const timer = setTimeout(() => {
      deadline.abort(new Error('time limit'))
      t.kill()
    }, opts.limits.timeMs)
    const client = new Client(CLIENT_INFO, { capabilities: {} })
    const runStarted = performance.now()
    const remaining = () => Math.max(1, opts.limits.timeMs - (performance.now() - runStarted))
    let phase = 'initialize'
    try {
      const t1 = performance.now()
      // A process that dies ends every pending request at once (the transport closes).
      await client.connect(t, { signal: deadline.signal, timeout: remaining() })
      steps.initialize = since(t1)
      phase = 'tools/list'
      const t2 = performance.now()
      const tools: ToolInfo[] = []
      let cursor: string | undefined
      for (let page = 0; page < MAX_PAGES && tools.length < MAX_TOOLS; page++) {
        const res = await client.listTools(cursor ? { cursor } : undefined, {
          signal: deadline.signal,
          timeout: remaining(),
        })
        for (const x of res.tools) if (tools.length < MAX_TOOLS) tools.push(toolInfo(x))
        cursor = res.nextCursor
        if (!cursor) break
      }
      steps.tools = since(t2)
      const caps = client.getServerCapabilities() ?? {}
      let promptCount: number | undefined
      let resourceCount: number | undefined
      phase = 'prompts/list'
      if (caps.prompts)
        promptCount = (
          await client
            .listPrompts(undefined, { signal: deadline.signal, timeout: remaining() })
            .catch(() => ({ prompts: [] }))
        ).prompts.length
      phase = 'resources/list'
      if (caps.resources)
        resourceCount = (
          await client
            .listResources(undefined, { signal: deadline.signal, timeout: remaining() })
            .catch(() => ({ resources: [] }))
        ).resources.length
      steps.total = since(started)
      return {
        verdict: 'ran',
        steps,
        detail: `${tools.length} tools`,
        tools,
        ...(promptCount !== undefined ? { promptCount } : {}),
        ...(resourceCount !== undefined ? { resourceCount } : {}),
        stderr: t.stderr,
        stdoutBytes: t.bytesOut,
      }
    } catch (err) {
      clearTimeout(timer)
      // Give a dying process a moment to finish writing why.
      const end = await Promise.race([t.ended, Bun.sleep(500).then(() => null)])
      steps.total = since(started)
      const base = { steps, stderr: t.stderr, stdoutBytes: t.bytesOut }
      if (t.outputCut)
        return {
          ...base,
          verdict: 'output_limit',
          detail: `cut off after ${opts.limits.outputBytes} bytes of output during ${phase}`,
        }
      const variable = namedVariable(`${t.stderr}\n${message(err)}`, req.variables)
      if (variable)
        return { ...base, verdict: 'asked_for_keys', variable, detail: `stopped during ${phase} naming ${variable}` }
      if (deadline.signal.aborted)
        return { ...base, verdict: 'timeout', detail: `no answer to ${phase} within ${opts.limits.timeMs} ms` }
      if (end)
        return {
          ...base,
          verdict: 'crashed',
          detail: `exited (${end.signal ?? `code ${end.exitCode}`}) during ${phase}`,
        }
      return { ...base, verdict: 'not_mcp', detail: `${phase} failed: ${message(err)}` }
    } finally {
      clearTimeout(timer)
      await Promise.race([client.close().catch(() => {}), Bun.sleep(1000)])
    }
  } catch (err) {
    steps.total = since(started)
    return { verdict: 'install_failed', steps, detail: `sandbox failure: ${message(err)}`, stderr: '', stdoutBytes: 0 }
  } finally {
    inFlight.delete(dir)
    transport?.kill()
    await transport?.close()
    await rm(dir, { recursive: true, force: true })
  }
}
