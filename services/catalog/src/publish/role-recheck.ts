// Publisher marks follow the organisation roles they rest on without waiting for the next use of the right: each
// login a listing's mark rests on is asked again about its organisation about once a day, and a role that has ended
// lapses the mark there and then (org-role.ts). A role the directory cannot verify (GitHub down, or its token cannot
// see the organisation) is left as it is: logged, never read as a lapse.
//
// A pass claims the (organisation, login) pairs checked least recently, at most MAX_PAIRS, and records the claim in
// catalog.role_rechecks before asking GitHub: every pair is reached in turn however many there are (none can be kept
// out of reach by a publisher owning many organisations that sort first), and catalog replicas, whose claims take
// turns under one transaction lock, each ask about different pairs rather than all about the same ones.
import { type Database, resultRows, sql } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import type { RoleCheck } from './org-role'

/** How old a pair's last check may grow before a scheduled pass asks again. */
export const ROLE_RECHECK_MS = 86_400_000
/** How often each replica looks for pairs due (so a day's pairs are spread over the day's passes). */
export const ROLE_RECHECK_PASS_MS = 3_600_000
/** The first pass comes this long after start, plus up to as long again (replicas started together spread out). */
export const ROLE_RECHECK_FIRST_MS = 60_000
/** At most this many (organisation, login) pairs per pass: one GitHub request or two each. */
const MAX_PAIRS = 500
const ORIGIN = 'publisher:io.github.'

/**
 * Claims the pairs standing publisher marks rest on whose last check is at least `dueAfterMs` old (never checked
 * first, then the oldest), marking them checked now; forgets pairs no mark rests on any more.
 */
async function claimDuePairs(database: Database, dueAfterMs: number): Promise<{ org: string; login: string }[]> {
  return database.db.transaction(async (tx) => {
    // One claim at a time across replicas; held only while claiming, never while GitHub is asked.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog:role-recheck'))`)
    await tx.execute(sql`
      delete from catalog.role_rechecks r where not exists (
        select 1 from catalog.listings l
        where l.origin = r.origin and l.published_by = r.login and not l.publisher_lapsed)`)
    const rows = resultRows<{ origin: string; login: string }>(
      await tx.execute(sql`
        with standing as (
          select distinct origin, published_by as login from catalog.listings
          where origin like ${`${ORIGIN}%`} and published_by is not null and not publisher_lapsed
        ), due as (
          select s.origin, s.login from standing s
          left join catalog.role_rechecks r on r.origin = s.origin and r.login = s.login
          where r.checked_at is null or r.checked_at <= now() - ${dueAfterMs} * interval '1 millisecond'
          order by r.checked_at nulls first, s.origin, s.login
          limit ${MAX_PAIRS}
        )
        insert into catalog.role_rechecks (origin, login, checked_at)
        select origin, login, now() from due
        on conflict (origin, login) do update set checked_at = excluded.checked_at
        returning origin, login`),
    )
    return rows.map((r) => ({ org: r.origin.slice(ORIGIN.length), login: r.login }))
  })
}

/**
 * Asks the roles of the standing marks due again (by default every one, least recently checked first, up to
 * MAX_PAIRS: an operator's "now"); returns how many were held, lapsed (403) and left unknown (503).
 */
export async function recheckRoles(
  database: Database,
  roles: RoleCheck,
  log: Logger,
  opts: { dueAfterMs?: number } = {},
) {
  const counts = { held: 0, lapsed: 0, unknown: 0 }
  for (const { org, login } of await claimDuePairs(database, opts.dueAfterMs ?? 0)) {
    const verdict = await roles(org, login)
    if (verdict.held) counts.held++
    else if (verdict.refusal === 'forbidden') counts.lapsed++
    else counts.unknown++
  }
  if (counts.lapsed || counts.unknown) log.info(counts, 'publisher roles re-checked')
  return counts
}

/** When the passes run: the first after `firstMs` (jittered), then every `passMs`, each asking pairs `dueAfterMs` old. */
export interface RoleRecheckSchedule {
  firstMs: number
  passMs: number
  dueAfterMs: number
}

const defaultSchedule = (): RoleRecheckSchedule => ({
  firstMs: ROLE_RECHECK_FIRST_MS + Math.floor(Math.random() * ROLE_RECHECK_FIRST_MS),
  passMs: ROLE_RECHECK_PASS_MS,
  dueAfterMs: ROLE_RECHECK_MS,
})

/**
 * Re-checks the marks' roles soon after start and then every pass (a catalog restarted often still re-checks);
 * `stop` ends it (a pass under way finishes).
 */
export function startRoleRecheck(
  database: Database,
  roles: RoleCheck,
  log: Logger,
  schedule: RoleRecheckSchedule = defaultSchedule(),
) {
  let running: Promise<unknown> = Promise.resolve()
  let timer: ReturnType<typeof setTimeout> | null = null
  let stopped = false
  const pass = () => {
    if (stopped) return
    running = recheckRoles(database, roles, log, { dueAfterMs: schedule.dueAfterMs })
      .catch((err) => log.warn({ err: String(err) }, 'publisher roles: re-check failed'))
      .finally(() => {
        if (stopped) return
        timer = setTimeout(pass, schedule.passMs)
        timer.unref?.()
      })
  }
  timer = setTimeout(pass, schedule.firstMs)
  timer.unref?.()
  return {
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
