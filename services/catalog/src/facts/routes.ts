// The catalog's internal facts API, for the prober and the sandbox only (never in the gateway's public route
// table): the live facts a probe found (health, tools, README, GitHub metadata, an install found in the README,
// what npm and PyPI say about the listing's packages, how its repository can be run, a sandbox start) are written
// here, because the catalog owns listings; the list of active listings a probe round covers; and the runnable
// listings the sandbox starts next, with what their last starts said. The operator's
// clearing of a risk finding lives here too, on its public path.
import type { Config } from '@mcp-directory/shared/config'
import type { Database } from '@mcp-directory/shared/db'
import {
  listProbeTargets,
  listSandboxTargets,
  putListingFacts,
  readSandboxCoverage,
} from '@mcp-directory/shared/contracts/catalog-internal'
import { jsonBody } from '@mcp-directory/shared/http'
import type { Logger } from '@mcp-directory/shared/log'
import { isRefusal } from '@mcp-directory/shared/errors'
import { mount } from '@mcp-directory/shared/service'
import { Elysia } from 'elysia'
import { adminClearRisk, adminSandboxCoverage } from './contract'
import { listingFactsOf } from './rules'
import {
  clearRisk,
  probeTargets,
  recordRefusedFacts,
  sandboxCoverage,
  sandboxTargets,
  writeFactsOrRecordFailure,
} from './service'

/** What the facts routes need. */
export interface FactsDeps {
  database: Database
  log: Logger
  /** Publish soon: called after a commit that wrote events. */
  /** After a commit that wrote listing events, naming the listings when they are known. */
  nudge: (ids?: string[]) => void
  /** OUTBOUND_ALLOW_PRIVATE=1: remotes' private addresses are allowed, so none is kept as a reason to withhold. */
  config?: Pick<Config, 'outboundAllowPrivate'>
}

// A README and a tool list of hundreds fit many times over.
const MAX_BODY = 2 * 1024 * 1024

/** The facts routes, mounted on the catalog app. */
export function factsRoutes(deps: FactsDeps) {
  const { database, log } = deps
  return (
    new Elysia({ name: 'catalog:facts' })
      .use(
        mount(
          putListingFacts,
          async ({ params, body }) => {
            if (body.refused !== undefined) {
              const refused = await recordRefusedFacts(database, log, params.id, new Date(body.checkedAt), body.refused)
              deps.nudge([refused.id])
              return refused
            }
            const result = await writeFactsOrRecordFailure(
              database,
              log,
              params.id,
              listingFactsOf(body, deps.config?.outboundAllowPrivate === true),
            ).catch((err) => {
              // A write the database refused was recorded as a failure with its event: this replica sees it now.
              if (!isRefusal(err)) deps.nudge([params.id])
              throw err
            })
            if (result.changed.length) {
              deps.nudge([result.id])
              log.info({ id: result.id, changed: result.changed }, 'listing facts changed')
            }
            return result
          },
          // What a remote server, a README or a sandbox said is cleaned as it is read (NUL, lone surrogates); noted.
          {
            parse: jsonBody(MAX_BODY, (removed) =>
              log.info({ removed }, 'listing facts: unstorable characters removed'),
            ),
          },
        ),
      )
      .use(mount(listProbeTargets, async ({ query }) => probeTargets(database, query.after ?? '', query.limit ?? 1000)))
      .use(
        mount(listSandboxTargets, async ({ query }) =>
          sandboxTargets(database, new Date(query.startedBefore), query.limit ?? 100),
        ),
      )
      .use(mount(readSandboxCoverage, () => sandboxCoverage(database)))
      .use(mount(adminSandboxCoverage, () => sandboxCoverage(database)))
      // Operators: a listing's high-risk finding was looked at and is fine, for the tool list it was found in.
      .use(
        mount(
          adminClearRisk,
          async ({ params, query, request }) => {
            await request.body?.cancel()
            const result = await clearRisk(database, params.id, new Date(), query.toolsHash)
            if (result.changed) deps.nudge([result.id])
            log.info(
              { id: result.id, level: result.riskLevel, toolsHash: result.clearedHash },
              'operator: risk cleared',
            )
            return {
              success: true,
              message: `${result.name}: ${result.riskLevel} risk cleared for this tool list`,
              ...result,
            }
          },
          { parse: 'none' },
        ),
      )
  )
}
