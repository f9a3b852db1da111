// Starts the directory as real processes for end-to-end tests.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '@mcp-directory/shared/testing'

const ROOT = join(import.meta.dir, '..', '..')

/** Waits until a URL answers 200. */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (res.status === 200) return
    } catch {}
    if (Date.now() > until) throw new Error(`${url} did not come up`)
    await Bun.sleep(200)
  }
}

/**
 * The all-in-one process (`bun run start`) on a free port with its own data directory, or with `dataDir` (kept
 * when it stops, for a restart on the same data).
 */
export async function startAllInOne(env: Record<string, string> = {}, opts: { dataDir?: string; port?: number } = {}) {
  const port = opts.port ?? freePort()
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'mcpdir-e2e-'))
  const output: string[] = []
  const child = Bun.spawn(['bun', 'run', 'start'], {
    cwd: ROOT,
    // SANDBOX=off: the sandbox would install the demo and imported packages from the public npm registry (its own
    // tests use a local registry).
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SANDBOX: 'off', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const collect = async (s: ReadableStream<Uint8Array>) => {
    for await (const chunk of s) output.push(new TextDecoder().decode(chunk))
  }
  void collect(child.stdout as ReadableStream<Uint8Array>)
  void collect(child.stderr as ReadableStream<Uint8Array>)
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/api/v1/health`, 90_000)
  return {
    base,
    port,
    dataDir,
    output,
    stop: async () => {
      child.kill('SIGTERM')
      await Promise.race([child.exited, Bun.sleep(10_000).then(() => child.kill('SIGKILL'))])
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Posts a registry document to the operator import endpoint. */
export async function importThroughApi(base: string, operatorToken: string, doc: unknown) {
  const res = await fetch(`${base}/api/v1/admin/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  })
  if (res.status !== 200) throw new Error(`import: ${res.status} ${await res.text()}`)
  return (await res.json()) as {
    total: number
    created: number
    updated: number
    unchanged: number
    skipped: { index: number; name: string | null; reason: string }[]
  }
}
