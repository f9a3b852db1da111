// One sandbox start: install the package into a fresh directory, run it under bubblewrap, speak MCP to it over
// stdio with the official SDK client (initialize, tools/list, and prompts/list, resources/list and skills/list when
// offered),
// judge what happened, and remove everything it left.
import { readdirSync, rmSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SdkError, SdkErrorCode } from '@modelcontextprotocol/client'
import { boxCgroup } from './boxlimits'
import { diesWithThisProcess } from './parent-death'
import { bwrapArgs } from './bwrap'
import { installPackage, type Installed } from './install'
import { MAX_PAGES, type Session, since, speakMcp } from './speak'
import { BoundedStdioTransport, sandboxClient } from './stdio'
import { namedArgument, namedVariable } from './tools'

import type { StartContext, StartOptions, StartOutcome, StartRequest } from './start-state'

export type { StartContext, StartOptions, StartOutcome, StartRequest } from './start-state'

/** The placeholder a declared variable gets: plainly not a real credential. */
export const PLACEHOLDER = 'placeholder-set-by-mcp-directory-sandbox'

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 300)

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
export async function startPackage(req: StartRequest, opts: StartOptions): Promise<StartOutcome> {
  const ctx: StartContext = {
    req,
    opts,
    steps: {},
    started: performance.now(),
    stopped: new AbortController(),
    transport: null,
    cgroup: null,
  }
  const dir = await mkdtemp(join(tmpdir(), 'mcp-sandbox-'))
  inFlight.set(dir, () => {
    ctx.stopped.abort()
    ctx.transport?.kill()
  })
  try {
    const t0 = performance.now()
    const installed = await installPackage(req, dir, opts.registries, {
      timeoutMs: opts.installTimeoutMs,
      signal: ctx.stopped.signal,
      net: opts.net,
      limits: opts.installLimits,
      asNobody: opts.asNobody,
    })
    ctx.steps.install = since(t0)
    if (!installed.ok) {
      ctx.steps.total = since(ctx.started)
      const verdict = installed.refused ? 'install_refused' : installed.missing ? 'package_missing' : 'install_failed'
      return { verdict, steps: ctx.steps, detail: installed.detail, stderr: '', stdoutBytes: 0 }
    }
    return await runBoxed(ctx, installed)
  } catch (err) {
    ctx.steps.total = since(ctx.started)
    const detail = `sandbox failure: ${message(err)}`
    return { verdict: 'install_failed', steps: ctx.steps, detail, stderr: '', stdoutBytes: 0 }
  } finally {
    inFlight.delete(dir)
    ctx.transport?.kill()
    await ctx.transport?.close()
    ctx.cgroup?.destroy()
    await rm(dir, { recursive: true, force: true })
  }
}

/** Runs the installed package under bubblewrap and speaks MCP to it within the time limit. */
async function runBoxed(ctx: StartContext, installed: Extract<Installed, { ok: true }>): Promise<StartOutcome> {
  const { req, opts } = ctx
  const env = { ...installed.env, ...Object.fromEntries(req.variables.map((v) => [v, PLACEHOLDER])) }
  const argv = diesWithThisProcess(
    bwrapArgs({
      pkgDir: installed.pkgDir,
      extraRo: installed.extraRo,
      command: [...installed.command, ...(req.arguments ?? [])],
      env,
      limits: opts.limits,
    }),
    opts.asNobody,
  )
  // The box as a whole in a cgroup of its own (memory and processes of all its processes together), where there is one.
  if (opts.boxLimits) ctx.cgroup = boxCgroup(opts.boxLimits, opts.limits.boxMemoryBytes, opts.limits.processes)
  ctx.transport = new BoundedStdioTransport(ctx.cgroup?.wrap(argv) ?? argv, opts.limits.outputBytes)
  const t = ctx.transport
  const deadline = new AbortController()
  const timer = setTimeout(() => {
    deadline.abort(new Error('time limit'))
    t.kill()
  }, opts.limits.timeMs)
  const runStarted = performance.now()
  const session: Session = {
    client: sandboxClient(MAX_PAGES),
    phase: 'initialize',
    signal: deadline.signal,
    remaining: () => Math.max(1, opts.limits.timeMs - (performance.now() - runStarted)),
  }
  try {
    return await speakMcp(ctx, session, t)
  } catch (err) {
    clearTimeout(timer)
    return await judgeFailure(ctx, session, t, err)
  } finally {
    clearTimeout(timer)
    await Promise.race([session.client.close().catch(() => {}), Bun.sleep(1000)])
  }
}

/** The verdict of a session that failed: output cut, a declared variable named, time up, a crash, or not MCP. */
async function judgeFailure(
  ctx: StartContext,
  session: Session,
  t: BoundedStdioTransport,
  err: unknown,
): Promise<StartOutcome> {
  const { phase } = session
  const { limits } = ctx.opts
  // Give a dying process a moment to finish writing why.
  const end = await Promise.race([t.ended, Bun.sleep(500).then(() => null)])
  ctx.steps.total = since(ctx.started)
  const base = { steps: ctx.steps, stderr: t.stderr, stdoutBytes: t.bytesOut }
  if (ctx.cgroup?.oomKilled())
    return {
      ...base,
      verdict: 'memory_limit',
      detail: `its processes together passed ${Math.round(limits.boxMemoryBytes / 1048576)} MiB during ${phase}`,
    }
  if (t.outputCut)
    return {
      ...base,
      verdict: 'output_limit',
      detail: `cut off after ${limits.outputBytes} bytes of output during ${phase}`,
    }
  const variable = namedVariable(`${t.stderr}\n${message(err)}`, ctx.req.variables)
  if (variable)
    return { ...base, verdict: 'asked_for_keys', variable, detail: `stopped during ${phase} naming ${variable}` }
  const argument = namedArgument(`${t.stderr}\n${message(err)}`, ctx.req.arguments ?? [])
  if (argument) return { ...base, verdict: 'asked_for_config', detail: `stopped during ${phase} naming ${argument}` }
  // The client's own request timeout is set to the time left, so it can fire a moment before the deadline's timer;
  // the client then closes the transport itself, and the killed process must not read as a crash.
  const timedOut =
    session.signal.aborted ||
    (err instanceof SdkError && err.code === SdkErrorCode.RequestTimeout) ||
    session.remaining() <= 1
  if (timedOut) return { ...base, verdict: 'timeout', detail: `no answer to ${phase} within ${limits.timeMs} ms` }
  if (end)
    return { ...base, verdict: 'crashed', detail: `exited (${end.signal ?? `code ${end.exitCode}`}) during ${phase}` }
  return { ...base, verdict: 'not_mcp', detail: `${phase} failed: ${message(err)}` }
}
