// `bun run admin takedown <id> --reason "…"`: take a malicious listing down everywhere at once, through the operator
// API of a running directory (services/catalog/README.md, *Takedowns*).
import { adminTakedownListing } from '@mcp-directory/catalog/contracts'
import { loadConfig } from '@mcp-directory/shared/config'
import { parseCommand, UsageError, urlOption } from './cli'
import { bareApiFlag, callOperatorApi, operatorApi } from './operator-api'

const NAME = 'bun run admin takedown'

/** Runs the verb; resolves when its output is printed. */
export async function runTakedown(args: string[], usage: string): Promise<void> {
  const { values, positionals } = parseCommand(
    {
      name: NAME,
      usage,
      options: { api: { type: 'string' }, reason: { type: 'string' }, json: { type: 'boolean' } },
      positionals: { min: 1, max: 1, names: 'the listing id' },
    },
    bareApiFlag(args),
  )
  const reason = values.reason?.trim()
  if (!reason) throw new UsageError('--reason "…" is required: why the listing is taken down (kept for operators)')
  const given = values.api ? urlOption(NAME, 'api', values.api) : undefined
  const api = operatorApi(loadConfig(), given)
  const out = await callOperatorApi(api, adminTakedownListing, { params: { id: positionals[0]! }, body: { reason } })
  if (values.json) return void console.log(JSON.stringify(out, null, 2))
  console.log(
    out.changed
      ? `taken down ${out.id} (${out.name}): was ${out.from}, ${out.versionsDeleted} served version(s) deleted`
      : `${out.id} (${out.name}) was already taken down at ${out.takenDownAt}: ${out.reason}`,
  )
}
