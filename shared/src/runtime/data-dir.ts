/**
 * One writer for embedded data. The all-in-one directory holds a lock file in DATA_DIR while it runs (its pid and
 * the local address of its API); the command-line tools read it and go through that API, or refuse, instead of
 * opening the database files a running PGlite owns. The operator token of embedded mode is kept beside it.
 */
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config'

const LOCK_FILE = 'directory.lock'
const OPERATOR_TOKEN_FILE = 'operator-token'

/** What the lock file says about the directory that holds it. */
export interface DataDirHolder {
  pid: number
  /** Who holds it, for messages: "the directory", "bun run import". */
  what: string
  /** Where its API answers on this machine (the loopback address when it listens on every interface); null: no API. */
  url: string | null
  /** Whether its operator token is the one kept in DATA_DIR (false: it came from OPERATOR_TOKEN). */
  tokenKept: boolean
  startedAt: string
}

/** Thrown when another live process holds the lock. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: DataDirHolder,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${describeHolder(holder)}; stop it first, or use another DATA_DIR`)
    this.name = 'DataDirBusyError'
  }
}

const lockPath = (dataDir: string) => join(dataDir, LOCK_FILE)

/** "the directory (pid 123, http://127.0.0.1:3000)". */
export function describeHolder(h: DataDirHolder): string {
  return `${h.what} (pid ${h.pid}${h.url ? `, ${h.url}` : ''})`
}

function alive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readHolder(dataDir: string): DataDirHolder | null {
  try {
    const h = JSON.parse(readFileSync(lockPath(dataDir), 'utf8')) as DataDirHolder
    return typeof h.pid === 'number'
      ? { ...h, what: String(h.what ?? 'the directory'), url: typeof h.url === 'string' ? h.url : null }
      : null
  } catch {
    return null
  }
}

/** The live directory holding DATA_DIR, or null (no lock, or one left by a process that is gone). */
export function runningDirectory(dataDir: string): DataDirHolder | null {
  const h = readHolder(dataDir)
  return h && h.pid !== process.pid && alive(h.pid) ? h : null
}

/** The local address of this process's API as written in the lock: loopback for a wildcard HOST. */
export function localApiUrl(config: Pick<Config, 'host' | 'port'>): string {
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === ''
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host
  return `http://${host}:${config.port}`
}

/**
 * Takes the lock of DATA_DIR for this process (a stale lock of a dead process is taken over); throws
 * DataDirBusyError when a live process holds it. The returned function releases it (also done at exit).
 */
export function lockDataDir(dataDir: string, as: Pick<DataDirHolder, 'what' | 'url' | 'tokenKept'>): () => void {
  mkdirSync(dataDir, { recursive: true })
  const file = lockPath(dataDir)
  const mine: DataDirHolder = { pid: process.pid, ...as, startedAt: new Date().toISOString() }
  for (let attempt = 0; ; attempt++) {
    try {
      // `wx` creates the file only if it does not exist: of two starting processes, one wins.
      writeFileSync(file, JSON.stringify(mine), { flag: 'wx', mode: 0o600 })
      break
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err
      const holder = runningDirectory(dataDir)
      if (holder) throw new DataDirBusyError(dataDir, holder)
      try {
        unlinkSync(file)
      } catch {}
    }
  }
  const release = () => {
    if (readHolder(dataDir)?.pid !== process.pid) return
    try {
      unlinkSync(file)
    } catch {}
  }
  process.once('exit', release)
  return release
}

/**
 * The operator token of an embedded directory: OPERATOR_TOKEN when set, else the one kept in DATA_DIR, made and
 * kept there (readable by its owner only) on the first start, which alone reports `generated` so it is printed once.
 */
export function keptOperatorToken(config: Pick<Config, 'dataDir' | 'operatorToken'>): {
  token: string
  generated: boolean
  kept: boolean
} {
  if (config.operatorToken) return { token: config.operatorToken, generated: false, kept: false }
  const file = join(config.dataDir, OPERATOR_TOKEN_FILE)
  if (existsSync(file)) return { token: readFileSync(file, 'utf8').trim(), generated: false, kept: true }
  mkdirSync(config.dataDir, { recursive: true })
  const token = `mcpdir_op_${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url')}`
  writeFileSync(file, token, { mode: 0o600 })
  return { token, generated: true, kept: true }
}

/** The operator token kept in DATA_DIR, if any (for the command-line tools). */
export function readKeptOperatorToken(dataDir: string): string | null {
  try {
    return readFileSync(join(dataDir, OPERATOR_TOKEN_FILE), 'utf8').trim() || null
  } catch {
    return null
  }
}
