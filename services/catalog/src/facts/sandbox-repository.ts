// The queries of the sandbox's pace: the active listings with a package the sandbox can start (its registry entry's
// first npm/PyPI package, else the one found in its README, as the prober's `sandboxTarget` picks), the ones due a
// start in the order to start them, and what their last starts said.
import { sql, type Database } from '@mcp-directory/shared/db'

// Each active listing with the registry of the package the sandbox would start (null: none).
const RUNNABLE = sql`
  select id, views, created_at, sandbox,
    coalesce(
      (select p->>'registryType'
         from jsonb_array_elements(case when jsonb_typeof(packages) = 'array' then packages else '[]'::jsonb end)
           with ordinality as e(p, i)
        where p->>'registryType' in ('npm', 'pypi') and coalesce(p->>'identifier', '') <> ''
        order by i limit 1),
      case when inferred_install->>'registryType' in ('npm', 'pypi')
             and coalesce(inferred_install->>'identifier', '') <> ''
           then inferred_install->>'registryType' end
    ) as registry
  from catalog.listings where status = 'active'`

/**
 * The runnable listings never started, or last started before `startedBefore` (a retired guess is not: the
 * catalog gave up on it), most viewed first, then newest, then by id so the order is stable.
 */
export async function dueSandboxTargets(database: Database, startedBefore: Date, limit: number): Promise<string[]> {
  const rows = (await database.rows(sql`
    with runnable as (${RUNNABLE})
    select id from runnable
     where registry is not null
       and (sandbox is null
         or (coalesce((sandbox->>'retired')::boolean, false) = false
             and (sandbox->>'checkedAt')::timestamptz < ${startedBefore.toISOString()}::timestamptz))
     order by views desc, created_at desc, id
     limit ${limit}`)) as { id: string }[]
  return rows.map((r) => r.id)
}

/** Runnable listings per registry and last verdict (null: never started); a `ran` with no tool is `no_tools`. */
export async function sandboxVerdictCounts(database: Database) {
  return (await database.rows(sql`
    with runnable as (${RUNNABLE})
    select registry,
           case when sandbox is null then null
                when sandbox->>'verdict' = 'ran' and coalesce((sandbox->>'toolCount')::int, 0) = 0 then 'no_tools'
                else sandbox->>'verdict' end as verdict,
           count(*)::int as n
      from runnable where registry is not null
     group by 1, 2`)) as { registry: 'npm' | 'pypi'; verdict: string | null; n: number }[]
}
