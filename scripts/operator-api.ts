/** How the command-line tools find a directory's operator API and its token, and call it. */
import type { Config } from '@mcp-directory/shared/config'
import type { Contract, SuccessOf } from '@mcp-directory/shared/contracts'
import { type CallInput, pathOf } from '@mcp-directory/shared/public-api'
import {
  DataDirBusyError,
  describeHolder,
  lockDataDir,
  readKeptOperatorToken,
  runningDirectory,
  type DataDirHolder,
} from '@mcp-directory/shared/runtime'
import { CommandError, UsageError } from './cli'

/** Where a directory's operator API answers and the token to call it with. */
export interface OperatorApi {
  base: string
  token: string
}

/** The all-in-one directory running on this config's DATA_DIR (embedded mode only), if any. */
export function runningEmbeddedDirectory(config: Config): DataDirHolder | null {
  return config.databaseUrl === null ? runningDirectory(config.dataDir) : null
}

/**
 * `--api` may be given without an address: it then means the default one. This rewrites a bare `--api` (last, or
 * followed by something that is not an http(s) address) to `--api=` so parseArgs accepts it.
 */
export function bareApiFlag(argv: string[]): string[] {
  return argv.map((a, i) => (a === '--api' && !/^https?:\/\//i.test(argv[i + 1] ?? '') ? '--api=' : a))
}

/**
 * The operator API to use: the given address, else the directory running on DATA_DIR, else localhost on PORT.
 * The token: OPERATOR_TOKEN, else (embedded mode) the one the directory keeps in DATA_DIR.
 */
export function operatorApi(config: Config, given: string | undefined): OperatorApi {
  const holder = runningEmbeddedDirectory(config)
  if (holder && !holder.url && !given)
    throw new CommandError(
      `DATA_DIR ${config.dataDir} is in use by ${describeHolder(holder)}, which has no API: wait for it to finish`,
    )
  const base = (given || holder?.url || `http://localhost:${config.port}`).replace(/\/+$/, '')
  const kept = config.databaseUrl === null && holder?.tokenKept !== false ? readKeptOperatorToken(config.dataDir) : null
  const token = config.operatorToken ?? kept
  if (!token) {
    throw new UsageError(
      holder && !holder.tokenKept
        ? `the directory running as pid ${holder.pid} took its operator token from OPERATOR_TOKEN: set OPERATOR_TOKEN to it`
        : 'set OPERATOR_TOKEN to the operator token of the directory',
    )
  }
  return { base, token }
}

/**
 * Calls one endpoint of the operator API: its method from the contract, its path from the contract and the input's
 * parameters and query, the body (when given) as JSON. A refusal or an unreachable directory is a CommandError of
 * one line.
 */
export async function callOperatorApi<C extends Contract>(
  api: OperatorApi,
  contract: C,
  input: CallInput<C> = {},
): Promise<SuccessOf<C>> {
  const body = input.body === undefined ? undefined : JSON.stringify(input.body)
  let res: Response
  try {
    res = await fetch(`${api.base}${pathOf(contract, input)}`, {
      method: contract.method,
      headers: {
        authorization: `Bearer ${api.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body,
    })
  } catch (err) {
    throw new CommandError(`cannot reach ${api.base}: ${err instanceof Error ? err.message : String(err)}`)
  }
  const out = (await res.json().catch(() => null)) as Record<string, unknown> | null
  if (!res.ok)
    throw new CommandError(
      `${api.base} answered ${res.status} ${out?.error ?? ''}: ${String(out?.message ?? res.statusText).split('\n')[0]}`,
    )
  if (!out) throw new CommandError(`${api.base} answered ${res.status} without JSON`)
  return out as SuccessOf<C>
}

/** Holds DATA_DIR's lock for a tool that writes the embedded files itself; a live holder is a CommandError. */
export function holdDataDir(dataDir: string, what: string): () => void {
  try {
    return lockDataDir(dataDir, { what, url: null, tokenKept: false })
  } catch (err) {
    if (err instanceof DataDirBusyError) throw new CommandError(err.message)
    throw err
  }
}
