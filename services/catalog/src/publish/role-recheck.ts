// Publisher marks follow the organisation roles they rest on without waiting for the next use of the right: once a
// day, each login a listing's mark rests on is asked again about its organisation, and a role that
// has ended lapses the mark there and then (org-role.ts). A role the directory cannot verify (GitHub down, or its
// token cannot see the organisation) is left as it is: logged, never read as a lapse.
import { type Database, resultRows, sql } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import type { RoleCheck } from './org-role'

/** How often the marks' roles are asked again. */
export const ROLE_RECHECK_MS = 86_400_000
/** At most this many (organisation, login) pairs per pass: one GitHub request or two each. */
const MAX_PAIRS = 500
const ORIGIN = 'publisher:io.github.'

/** The organisations and logins that standing publisher marks rest on. */
async function standingRoles(database: Database): Promise<{ org: string; login: string }[]> {
  const rows = resultRows<{ origin: string; login: string }>(
    await database.db.execute(sql`
      select distinct origin, published_by as login
      from catalog.listings
      where origin like ${`${ORIGIN}%`} and published_by is not null and not publisher_lapsed
      order by 1, 2 limit ${MAX_PAIRS}`),
  )
  return rows.map((r) => ({ org: r.origin.slice(ORIGIN.length), login: r.login }))
}

/** Asks every standing mark's role again; returns how many were held, lapsed (403) and left unknown (503). */
export async function recheckRoles(database: Database, roles: RoleCheck, log: Logger) {
  const counts = { held: 0, lapsed: 0, unknown: 0 }
  for (const { org, login } of await standingRoles(database)) {
    const verdict = await roles(org, login)
    if (verdict.held) counts.held++
    else if (verdict.status === 403) counts.lapsed++
    else counts.unknown++
  }
  if (counts.lapsed || counts.unknown) log.info(counts, 'publisher roles re-checked')
  return counts
}

/** Re-checks the marks' roles now and every `intervalMs`; `stop` ends it (a pass under way finishes). */
export function startRoleRecheck(database: Database, roles: RoleCheck, log: Logger, intervalMs = ROLE_RECHECK_MS) {
  let running: Promise<unknown> = Promise.resolve()
  const pass = () => {
    running = recheckRoles(database, roles, log).catch((err) =>
      log.warn({ err: String(err) }, 'publisher roles: re-check failed'),
    )
  }
  const timer = setInterval(pass, intervalMs)
  timer.unref?.()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
