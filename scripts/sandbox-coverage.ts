// `bun run admin sandbox`: how far the sandbox got through the catalog's runnable listings (started, needing a
// setting, failed by reason, not started yet; per registry the share whose tools were seen), through the operator
// API of a running directory.
import { adminSandboxCoverage } from '@mcp-directory/catalog/contracts'
import { loadConfig } from '@mcp-directory/shared/config'
import { parseCommand, urlOption } from './cli'
import { bareApiFlag, callOperatorApi, operatorApi } from './operator-api'

const NAME = 'bun run admin sandbox'

/** Runs the verb; resolves when its output is printed. */
export async function runSandboxCoverage(args: string[], usage: string): Promise<void> {
  const { values } = parseCommand(
    { name: NAME, usage, options: { api: { type: 'string' }, json: { type: 'boolean' } } },
    bareApiFlag(args),
  )
  const given = values.api ? urlOption(NAME, 'api', values.api) : undefined
  const c = await callOperatorApi(operatorApi(loadConfig(), given), adminSandboxCoverage)
  if (values.json) return void console.log(JSON.stringify(c, null, 2))
  const list = (counts: Record<string, number>) =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none'
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`
  console.log(
    [
      `${c.runnable} runnable listings: ${c.started} started (tools listed), ${c.needsSetting} need a setting, ${Object.values(c.failed).reduce((a, b) => a + b, 0)} failed, ${c.notStarted} not started yet`,
      `failed: ${list(c.failed)}`,
      `npm: tools seen for ${c.npm.toolsSeen} of ${c.npm.runnable} (${pct(c.npm.share)}), ${c.npm.notStarted} not started`,
      `PyPI: tools seen for ${c.pypi.toolsSeen} of ${c.pypi.runnable} (${pct(c.pypi.share)}), ${c.pypi.notStarted} not started`,
    ].join('\n'),
  )
}
