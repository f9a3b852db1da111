// `bun run start` as its user meets it: --help and every mistake answer before anything is opened (no port, no
// DATA_DIR, no migration), and however the directory is killed, the packages it was installing go with it.
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cmdline, descendants, freePort } from '@mcp-directory/shared/testing'

const ROOT = join(import.meta.dir, '..', '..')
const scratch = mkdtempSync(join(tmpdir(), 'mcpdir-start-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A DATA_DIR that does not exist yet: if it exists after a run, the run opened it. */
let dirs = 0
const unusedDataDir = () => join(scratch, `data-${++dirs}`)

async function start(args: string[], env: Record<string, string> = {}) {
  const child = Bun.spawn(['bun', 'run', 'start', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  // A start that does not answer at once started something it should not have.
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
  const [stdout, stderr, code] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ])
  clearTimeout(timer)
  // `bun run` echoes the command it runs on stderr ("$ bun gateway/…"); that line is not the directory's.
  return { code, stdout, stderr: stderr.replace(/^\$ .*\n/m, '') }
}

/** A port something else listens on. */
function busyPort() {
  const holder = Bun.listen({ hostname: '0.0.0.0', port: 0, socket: { data() {} } })
  return { port: holder.port, release: () => holder.stop(true) }
}

describe('bun run start: checked before anything starts', () => {
  test('--help and -h print the usage and exit 0, opening neither the port nor DATA_DIR', async () => {
    // The port is busy: a start that tried to listen would fail instead of printing the usage.
    const busy = busyPort()
    try {
      for (const flag of ['--help', '-h']) {
        const dataDir = unusedDataDir()
        const r = await start([flag], { DATA_DIR: dataDir, PORT: String(busy.port) })
        expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' })
        expect(r.stdout).toStartWith('usage: bun run start')
        for (const said of ['PORT', 'DATA_DIR', 'Ctrl-C', 'SIGTERM']) expect(r.stdout).toContain(said)
        expect(existsSync(dataDir)).toBe(false)
      }
    } finally {
      busy.release()
    }
  })

  for (const args of [['--port', '5000'], ['bogus'], ['--help=yes']]) {
    test(`${args.join(' ')}: one line, exit 2, no migration run`, async () => {
      const dataDir = unusedDataDir()
      const r = await start(args, { DATA_DIR: dataDir, PORT: String(freePort()) })
      expect(r.code).toBe(2)
      expect(r.stderr.trim().split('\n')).toHaveLength(1)
      expect(r.stderr).toStartWith('bun run start: ')
      expect(r.stderr).not.toMatch(/^\s+at /m)
      expect(r.stdout).toBe('')
      expect(existsSync(dataDir)).toBe(false)
    })
  }

  test('a busy port: one line naming the port and how to pick another, exit 2, no migration run', async () => {
    const busy = busyPort()
    try {
      const dataDir = unusedDataDir()
      const r = await start([], { DATA_DIR: dataDir, PORT: String(busy.port) })
      expect(r.code).toBe(2)
      const lines = r.stderr.trim().split('\n')
      expect(lines).toHaveLength(1)
      expect(lines[0]).toContain(`port ${busy.port}`)
      expect(lines[0]).toContain('PORT=')
      expect(r.stdout).toBe('')
      expect(existsSync(dataDir)).toBe(false)
    } finally {
      busy.release()
    }
  })
})

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readStatus(pid))
function readStatus(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8')
  } catch {
    return ''
  }
}

/** Waits (bounded) for a condition; the bound is a safety net for a broken run, not a measure. */
async function waitFor(what: string, ok: () => boolean, limitMs = 120_000) {
  for (const until = Date.now() + limitMs; !ok(); await Bun.sleep(200))
    if (Date.now() > until) throw new Error(`never: ${what}`)
}

/**
 * A directory whose sandbox is installing a package of its demo catalog from a registry that never sends the
 * package itself, so the install (npm) stays running as its child; resolves with the `bun run start` wrapper and the directory's pid.
 */
async function directoryWithInstallUnderWay() {
  // The registry answers metadata (the sandbox resolves the tree before npm runs) and never sends a tarball.
  const silentRegistry = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    fetch(req) {
      const url = new URL(req.url)
      if (url.pathname.endsWith('.tgz')) return new Promise<Response>(() => {})
      const name = decodeURIComponent(url.pathname.slice(1))
      const tarball = `${url.origin}/${name}/-/package-1.0.0.tgz`
      return Response.json({
        name,
        'dist-tags': { latest: '1.0.0' },
        versions: { '1.0.0': { name, version: '1.0.0', dist: { tarball } } },
      })
    },
  })
  const wrapper = Bun.spawn(['bun', 'run', 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: unusedDataDir(),
      PORT: String(freePort()),
      LOG_LEVEL: 'error',
      NPM_REGISTRY_URL: `http://127.0.0.1:${silentRegistry.port}`,
      PYPI_URL: `http://127.0.0.1:${silentRegistry.port}/pypi`,
      GITHUB_API_URL: 'http://127.0.0.1:9',
      PROBE_TIMEOUT_MS: '500',
    },
    stdout: 'ignore',
    stderr: 'ignore',
  })
  let directory = 0
  await waitFor('the directory starts under bun run start', () => {
    directory = descendants(wrapper.pid).find((p) => /all-in-one\.ts/.test(cmdline(p))) ?? 0
    return directory > 0
  })
  await waitFor('a package install runs under the directory', () =>
    descendants(directory).some((p) => /npm|pip/.test(cmdline(p))),
  )
  return { wrapper, directory, silentRegistry }
}

describe('bun run start: its children die with it', () => {
  test('SIGKILL of the directory: the install under way dies too', async () => {
    const { wrapper, directory, silentRegistry } = await directoryWithInstallUnderWay()
    try {
      const children = descendants(directory)
      expect(children.length).toBeGreaterThan(0)
      process.kill(directory, 'SIGKILL')
      await waitFor('every child of the killed directory is gone', () => children.every((p) => !alive(p)))
      expect(children.filter(alive)).toEqual([])
    } finally {
      wrapper.kill('SIGKILL')
      silentRegistry.stop(true)
    }
  }, 180_000)

  test('SIGKILL of bun run start: the directory stops, and its install with it', async () => {
    const { wrapper, directory, silentRegistry } = await directoryWithInstallUnderWay()
    try {
      const processes = [directory, ...descendants(directory)]
      wrapper.kill('SIGKILL')
      await waitFor('the directory and every child of it are gone', () => processes.every((p) => !alive(p)))
      expect(processes.filter(alive)).toEqual([])
    } finally {
      for (const p of [directory, ...descendants(directory)]) if (alive(p)) process.kill(p, 'SIGKILL')
      silentRegistry.stop(true)
    }
  }, 180_000)
})
