// `bun run admin list|approve|reject|flag …`: the moderation queue from a terminal, through the operator API of a
// running directory (contract §3). Output is meant for people; `--json` prints the raw answer.
import {
  adminApproveListing,
  adminFlagListing,
  adminListListings,
  adminRejectListing,
} from '@mcp-directory/submission/contracts'
import { loadConfig } from '@mcp-directory/shared/config'
import { intOption, parseCommand, urlOption, UsageError } from './cli'
import { bareApiFlag, callOperatorApi, operatorApi } from './operator-api'

const NAME = 'bun run admin'
const STATUSES = ['pending', 'rejected', 'flagged', 'active']

const pad = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s.padEnd(n))

/** Runs one moderation verb; resolves when its output is printed. */
export async function runModeration(
  verb: 'list' | 'approve' | 'reject' | 'flag',
  args: string[],
  usage: string,
): Promise<void> {
  const { values, positionals } = parseCommand(
    {
      name: `${NAME} ${verb}`,
      usage,
      options: {
        api: { type: 'string' },
        status: { type: 'string' },
        limit: { type: 'string' },
        reason: { type: 'string' },
        json: { type: 'boolean' },
      },
      positionals: verb === 'list' ? { min: 0, max: 0, names: '' } : { min: 1, max: 1, names: 'the listing id' },
    },
    bareApiFlag(args),
  )
  const name = `${NAME} ${verb}`
  const status = values.status ?? 'pending'
  if (!STATUSES.includes(status))
    throw new UsageError(`--status must be one of ${STATUSES.join(', ')} (got ${JSON.stringify(status)})`)
  const limit = intOption(name, 'limit', values.limit, 50, 1, 500)
  const given = values.api ? urlOption(name, 'api', values.api) : undefined
  const api = operatorApi(loadConfig(), given)
  if (verb === 'list') {
    const out = await callOperatorApi(api, adminListListings, { query: { status, limit } })
    if (values.json) return void console.log(JSON.stringify(out, null, 2))
    console.log(
      `${out.total} ${status} listing${out.total === 1 ? '' : 's'}${out.total > out.listings.length ? ` (newest ${out.listings.length} shown)` : ''}`,
    )
    if (!out.listings.length) return
    console.log(`${pad('ID', 32)}  ${pad('SUBMITTED', 16)}  ${pad('NAME', 36)}  URL`)
    for (const l of out.listings) {
      console.log(
        `${pad(l.id, 32)}  ${pad(l.createdAt.slice(0, 16).replace('T', ' '), 16)}  ${pad(l.name, 36)}  ${l.url}${l.reason ? `  (reason: ${l.reason})` : ''}`,
      )
    }
    return
  }
  const id = positionals[0]!
  const contract = { approve: adminApproveListing, reject: adminRejectListing, flag: adminFlagListing }[verb]
  const body = values.reason === undefined ? undefined : { reason: values.reason }
  const out = await callOperatorApi(api, contract, { params: { id }, body })
  if (values.json) return void console.log(JSON.stringify(out, null, 2))
  const past = { approve: 'approved', reject: 'rejected', flag: 'flagged' }[verb]
  console.log(
    `${past} ${out.id} (${out.name}): ${out.from} → ${out.status}${out.reason ? `, reason: ${out.reason}` : ''}`,
  )
}
