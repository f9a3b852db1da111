// `bun run admin conflicts|accept-conflict|dismiss-conflict|upstreams …`: the entries imports and registry syncs kept
// for the operator, and the upstreams followed, through the operator API of a running directory.
import {
  adminAcceptImportConflict,
  adminDismissImportConflict,
  adminListImportConflicts,
  adminListRegistryUpstreams,
} from '@mcp-directory/catalog/contracts'
import { loadConfig } from '@mcp-directory/shared/config'
import { intOption, parseCommand, UsageError, urlOption } from './cli'
import { bareApiFlag, callOperatorApi, operatorApi } from './operator-api'

const NAME = 'bun run admin'
const STATES = ['open', 'accepted', 'dismissed']

/** The verbs of this file. */
export const CONFLICT_VERBS = ['conflicts', 'accept-conflict', 'dismiss-conflict', 'upstreams'] as const
export type ConflictVerb = (typeof CONFLICT_VERBS)[number]

/** Runs one verb; resolves when its output is printed. */
export async function runConflicts(verb: ConflictVerb, args: string[], usage: string): Promise<void> {
  const takesId = verb === 'accept-conflict' || verb === 'dismiss-conflict'
  const { values, positionals } = parseCommand(
    {
      name: `${NAME} ${verb}`,
      usage,
      options: {
        api: { type: 'string' },
        state: { type: 'string' },
        limit: { type: 'string' },
        json: { type: 'boolean' },
      },
      positionals: takesId ? { min: 1, max: 1, names: 'the conflict id' } : { min: 0, max: 0, names: '' },
    },
    bareApiFlag(args),
  )
  const name = `${NAME} ${verb}`
  const given = values.api ? urlOption(name, 'api', values.api) : undefined
  const api = operatorApi(loadConfig(), given)
  const print = (out: unknown, text: () => string[]) =>
    console.log(values.json ? JSON.stringify(out, null, 2) : text().join('\n'))
  if (verb === 'upstreams') {
    const out = await callOperatorApi(api, adminListRegistryUpstreams)
    return print(out, () =>
      out.upstreams.map(
        (u) =>
          `${u.upstream}  last sync ${u.lastSyncAt ?? 'never'}  trusts ${u.trustedOrigins.join(', ') || 'nobody'}${u.lastError ? `  error: ${u.lastError}` : ''}${u.lastStop ? `  stopped: ${u.lastStop}` : ''}`,
      ),
    )
  }
  if (takesId) {
    const resolve = verb === 'accept-conflict' ? adminAcceptImportConflict : adminDismissImportConflict
    const out = await callOperatorApi(api, resolve, { params: { id: positionals[0]! } })
    return print(out, () => [`conflict ${out.id} ${out.state}${out.listingId ? ` (listing ${out.listingId})` : ''}`])
  }
  const state = values.state ?? 'open'
  if (!STATES.includes(state))
    throw new UsageError(`--state must be one of ${STATES.join(', ')} (got ${JSON.stringify(state)})`)
  const limit = intOption(name, 'limit', values.limit, 50, 1, 500)
  const out = await callOperatorApi(api, adminListImportConflicts, { query: { state, limit } })
  return print(out, () => [
    `${out.total} ${state} conflict${out.total === 1 ? '' : 's'}`,
    ...out.conflicts.map((c) => `${c.id}  ${c.reason}  ${c.name}  from ${c.origin}: ${c.detail}`),
  ])
}
