// The npm tree is resolved in a short-lived process of its own (resolve-child.ts), not in the directory's. A tree's
// metadata is every packument of every package in it, tens of MiB parsed and held at once for each sandbox start;
// in the directory's process that memory stays with it after the start (the runtime keeps the pages of its highest
// heap), in a process of its own it goes back to the system when the process ends. The registry's answers are
// also parsed where a packument written to exhaust memory can only end that process, not the directory.
import { join } from 'node:path'
import { readStreamUpTo } from '@mcp-directory/shared/http'
import type { InstallNetwork } from './netconfig'
import { npmRuntime, type Resolution } from './resolve'
import type { ResolveRequest } from './resolve-child'

const CHILD = join(import.meta.dir, 'resolve-child.ts')
// A Resolution is a line of JSON of a few hundred bytes; anything longer is not one.
const MAX_ANSWER = 64 * 1024

/**
 * Resolves `name@range` and its whole tree as resolveNpmTree does, in a process of its own that reads the operator's
 * network configuration (proxy, CAs, npmrc) from the same variables (`net.source`) and no others: none of the
 * directory's secrets reach it. Ended when `signal` aborts; a process that fails answers as a failed resolution.
 */
export async function resolveNpmTreeApart(
  name: string,
  range: string,
  registry: string,
  net: InstallNetwork,
  signal?: AbortSignal,
): Promise<Resolution> {
  const failed = (detail: string): Resolution => ({ ok: false, refused: false, missing: false, detail })
  if (signal?.aborted) return failed('resolving: the time for the install ran out')
  const child = spawnResolver(net.source)
  const stop = () => child.kill('SIGKILL')
  signal?.addEventListener('abort', stop, { once: true })
  try {
    const request: ResolveRequest = { name, range, registry, runtime: npmRuntime() }
    child.stdin.write(`${JSON.stringify(request)}\n`)
    await child.stdin.flush()
    const answer = await readStreamUpTo(child.stdout, MAX_ANSWER)
    await child.exited
    if (signal?.aborted) return failed('resolving: the time for the install ran out')
    try {
      return JSON.parse(new TextDecoder().decode(answer ?? new Uint8Array())) as Resolution
    } catch {
      return failed(`resolving: the resolver ended without an answer (exit ${child.exitCode})`)
    }
  } finally {
    signal?.removeEventListener('abort', stop)
    stop()
    child.stdin.end()
  }
}

/**
 * The resolver's process, with the variables it may read (`source`) and PATH as its whole environment. Bun would
 * also read a `.env` file in the working directory, where an operator keeps the directory's own secrets: not here.
 */
export function spawnResolver(source: Record<string, string>) {
  const env: Record<string, string> = { ...source }
  if (process.env.PATH) env.PATH = process.env.PATH
  return Bun.spawn([process.execPath, '--no-env-file', CHILD], {
    env,
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'ignore',
  })
}
