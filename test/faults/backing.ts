// Private PostgreSQL, Redis and NATS for fault scenarios: each on a free port in its own temporary directory, so
// a scenario can stop, restart or pause it without touching the machine's shared servers that other tests use.
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import { freePort } from '@mcp-directory/shared/testing'

/** A backing server a scenario may break and mend. */
export interface PrivateServer {
  url: string
  port: number
  /** Stops the server (its data is kept where the server keeps data). */
  stop(): Promise<void>
  /** Starts it again on the same port and waits until it answers. */
  start(): Promise<void>
  /** Stops it for good and removes its directory. */
  destroy(): Promise<void>
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs
  for (;;) {
    if (await check().catch(() => false)) return
    if (Date.now() > end) throw new Error(`${what} did not come up within ${timeoutMs} ms`)
    await Bun.sleep(100)
  }
}

/** Whether something accepts TCP connections on a loopback port. */
async function listening(port: number): Promise<boolean> {
  try {
    const socket = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data() {} } })
    socket.end()
    return true
  } catch {
    return false
  }
}

/** Everything started here, so an interrupted run still leaves nothing behind. */
const cleanups = new Set<() => void>()
process.on('exit', () => {
  for (const c of cleanups) {
    try {
      c()
    } catch {}
  }
})

/** A child process that is started again on demand. */
function supervised(
  name: string,
  cmd: () => string[],
  port: number,
  ready: () => Promise<boolean>,
  dir: string,
): PrivateServer {
  let child: ReturnType<typeof Bun.spawn> | null = null
  const kill = () => child?.kill('SIGKILL')
  cleanups.add(kill)
  const server: PrivateServer = {
    url: '',
    port,
    start: async () => {
      child = Bun.spawn(cmd(), { stdout: 'ignore', stderr: 'ignore' })
      await until(name, ready)
    },
    stop: async () => {
      const c = child
      child = null
      if (!c) return
      c.kill('SIGTERM')
      await Promise.race([c.exited, Bun.sleep(5000).then(() => c.kill('SIGKILL'))])
      await c.exited
    },
    destroy: async () => {
      await server.stop()
      cleanups.delete(kill)
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return server
}

/** redis-server on a free port, without persistence. */
export async function startPrivateRedis(): Promise<PrivateServer> {
  const port = freePort()
  const dir = mkdtempSync(join(tmpdir(), 'mcpdir-fault-redis-'))
  const s = supervised(
    'redis',
    () => [
      'redis-server',
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    port,
    () => listening(port),
    dir,
  )
  s.url = `redis://127.0.0.1:${port}`
  await s.start()
  return s
}

/** nats-server with JetStream on a free port; its store survives a stop, as a real server's disk does. */
export async function startPrivateNats(): Promise<PrivateServer> {
  const port = freePort()
  const dir = mkdtempSync(join(tmpdir(), 'mcpdir-fault-nats-'))
  const bin = Bun.which('nats-server') ?? '/usr/sbin/nats-server'
  const s = supervised(
    'nats',
    () => [bin, '-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir],
    port,
    () => listening(port),
    dir,
  )
  s.url = `nats://127.0.0.1:${port}`
  await s.start()
  return s
}

/** The PostgreSQL server binaries of the machine (Debian keeps them per major version). */
function pgBin(tool: string): string {
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
    for (const v of versions) if (existsSync(join(root, v, 'bin', tool))) return join(root, v, 'bin', tool)
  }
  const found = Bun.which(tool)
  if (!found) throw new Error(`${tool} not found (install Debian's postgresql)`)
  return found
}

/**
 * A private PostgreSQL cluster (initdb, trust auth) on a free port. initdb refuses root, so as root the cluster
 * belongs to the `postgres` user and its tools run through runuser.
 */
export async function startPrivatePostgres(): Promise<PrivateServer & { database(name: string): Promise<string> }> {
  const port = freePort()
  const dir = mkdtempSync(join(tmpdir(), 'mcpdir-fault-pg-'))
  const asRoot = userInfo().uid === 0
  if (asRoot) {
    const pgUser = Bun.spawnSync(['id', '-u', 'postgres']).stdout.toString().trim()
    const pgGroup = Bun.spawnSync(['id', '-g', 'postgres']).stdout.toString().trim()
    chownSync(dir, Number(pgUser), Number(pgGroup))
  }
  const run = (args: string[]) => {
    const r = Bun.spawnSync(asRoot ? ['runuser', '-u', 'postgres', '--', ...args] : args, {
      stdout: 'pipe',
      stderr: 'pipe',
    })
    if (r.exitCode !== 0) throw new Error(`${args[0]} failed: ${r.stderr.toString()}${r.stdout.toString()}`)
  }
  const data = join(dir, 'data')
  run([pgBin('initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync'])
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`
  const ping = async () => {
    const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} })
    try {
      await sql`select 1`
      return true
    } finally {
      await sql.end({ timeout: 1 })
    }
  }
  let running = false
  const stopNow = () => {
    if (running)
      Bun.spawnSync(
        asRoot
          ? ['runuser', '-u', 'postgres', '--', pgBin('pg_ctl'), '-D', data, '-m', 'immediate', 'stop']
          : [pgBin('pg_ctl'), '-D', data, '-m', 'immediate', 'stop'],
      )
    running = false
  }
  cleanups.add(stopNow)
  const server = {
    url,
    port,
    start: async () => {
      run([
        pgBin('pg_ctl'),
        '-D',
        data,
        '-l',
        join(dir, 'log'),
        '-w',
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
        'start',
      ])
      running = true
      await until('postgres', ping)
    },
    // An immediate stop: the server goes away as in a crash, and recovers from its WAL on the next start.
    stop: async () => stopNow(),
    destroy: async () => {
      stopNow()
      cleanups.delete(stopNow)
      rmSync(dir, { recursive: true, force: true })
    },
    /** Creates a database on this server and returns its URL. */
    database: async (name: string) => {
      const sql = postgres(url, { max: 1, onnotice: () => {} })
      await sql.unsafe(`create database "${name}"`)
      await sql.end()
      return `postgres://postgres@127.0.0.1:${port}/${name}`
    },
  }
  await server.start()
  return server
}
