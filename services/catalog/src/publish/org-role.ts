/**
 * Rights that follow the role that granted them. A GitHub login's registry token grants the namespaces of the
 * organisations its user was an admin of when logging in; a listing published that way rests on that admin role.
 * Each use of such a grant (a publish, a status change, an owner's edit, status, offer or merge) and the acceptance of
 * an offer its holder made ask GitHub again whether the role still stands. When it has ended, the right is refused
 * (403), and the listings of that namespace whose publish rested on that user's role lose their publisher mark
 * (`publisher_lapsed`) until a current admin publishes again. When GitHub cannot say, the right waits (503), and so
 * it does when GitHub's "not found" may only mean that the directory's own token cannot see the organisation's
 * members (RoleUnverifiable: logged for the operator, never read as a demotion).
 */
import { catalogOutbox, type Database, resultRows, sql, type Tx } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { namespaceOf } from '../listings/publisher'
import { addHistoryLine } from '../listings/history'
import { type ProofSources, RoleUnverifiable } from './sources'
import type { RegistryClaims } from './token'

/** The answer of a role check: held, or refused with the status and message to answer with. */
export type RoleVerdict = { held: true } | { held: false; refusal: 'forbidden' | 'unavailable'; message: string }

/** Checks that a GitHub user is an admin of an organisation now. */
export type RoleCheck = (org: string, login: string) => Promise<RoleVerdict>

/** The organisation whose admin role grants `login` the GitHub namespace of `name`; null for their own or none. */
export function orgOfLogin(login: string, name: string): string | null {
  const ns = namespaceOf(name)
  if (ns.kind !== 'github') return null
  return ns.owner === login.toLowerCase() ? null : ns.owner
}

/** The organisation a registry token's grant of `name` comes from (a GitHub login's); null when not from a role. */
export const orgOfGrant = (claims: Pick<RegistryClaims, 'auth_method' | 'auth_method_sub'>, name: string) =>
  claims.auth_method === 'github-at' ? orgOfLogin(claims.auth_method_sub, name) : null

/** The GitHub login of a publisher actor (`publisher:github-at:<login>`), else null. */
export const githubLoginOfActor = (actor: string) =>
  actor.startsWith('publisher:github-at:') ? actor.slice('publisher:github-at:'.length) : null

const originOf = (org: string) => `publisher:io.github.${org.toLowerCase()}`

/**
 * Marks lapsed the listings of the organisation's namespace that were published on `login`'s role: a history line
 * and `listing.owner_changed` each, so search and caches drop the mark. Only those: a listing whose publisher is
 * not recorded (published on a DNS or OIDC proof, or before publishers were recorded) is not the former admin's to
 * strip, or a demoted admin with a token still valid could take the mark from the current owners' listings.
 */
async function lapsePublisher(database: Database, org: string, login: string): Promise<number> {
  return database.db.transaction(async (tx: Tx) => {
    const changed = resultRows<{ id: string; name: string; status: string }>(
      await tx.execute(sql`
      update catalog.listings set publisher_lapsed = true, updated_at = now()
      where origin = ${originOf(org)} and not publisher_lapsed
        and published_by = ${login.toLowerCase()}
      returning id, name, status`),
    )
    const at = new Date()
    for (const r of changed) {
      const details = { org, login, reason: `${login} is no longer an admin of the GitHub organisation ${org}` }
      await addHistoryLine(tx, { listingId: r.id, at, kind: 'publisher_lapsed', actor: `github:${login}`, details })
      await enqueueEvent(tx, catalogOutbox, 'listing.owner_changed', {
        ...r,
        at: at.toISOString(),
        kind: 'publisher_lapsed',
        actor: `github:${login}`,
      })
    }
    return changed.length
  })
}

/**
 * Records who a publish rested on (`login` when an organisation role granted it, else null) and, as it was made
 * with the right standing, clears a lapsed mark (with its history line and event).
 */
export async function recordPublisher(database: Database, listingId: string, login: string | null) {
  await database.db.transaction(async (tx: Tx) => {
    const [row] = resultRows<{ id: string; name: string; status: string; was: boolean }>(
      await tx.execute(sql`
      update catalog.listings l set published_by = ${login?.toLowerCase() ?? null}, publisher_lapsed = false
      from (select id, publisher_lapsed as was from catalog.listings where id = ${listingId} for update) o
      where l.id = o.id returning l.id, l.name, l.status, o.was`),
    )
    if (!row?.was) return
    const at = new Date()
    const actor = login ? `github:${login}` : 'publisher'
    await addHistoryLine(tx, { listingId: row.id, at, kind: 'publisher_restored', actor, details: {} })
    const event = { id: row.id, name: row.name, status: row.status, at: at.toISOString() }
    await enqueueEvent(tx, catalogOutbox, 'listing.owner_changed', { ...event, kind: 'publisher_restored', actor })
  })
}

/** The role check over the GitHub source, lapsing the publisher mark when the role has ended. */
export function roleCheck(deps: {
  sources: Pick<ProofSources, 'orgRole'>
  database: Database
  log: Logger
  nudge: () => void
}): RoleCheck {
  return async (org, login) => {
    let role: string | null
    try {
      role = await deps.sources.orgRole(org, login)
    } catch (err) {
      if (err instanceof RoleUnverifiable) {
        // Not the caller's doing and not a lapse: the operator must give GITHUB_TOKEN a view of the organisation.
        deps.log.error(
          { org, login, why: err.why },
          'organisation role cannot be verified: GITHUB_TOKEN needs read:org and membership of the organisation',
        )
        return {
          held: false,
          refusal: 'unavailable',
          message: `The directory cannot verify roles in the GitHub organisation ${org} (its GitHub token cannot see the organisation's members), so it cannot confirm that ${login} is still an admin; the right is not withdrawn, but waits until the directory's operator fixes this`,
        }
      }
      deps.log.warn({ org, login, why: err instanceof Error ? err.message : String(err) }, 'organisation role unknown')
      return {
        held: false,
        refusal: 'unavailable',
        message: `GitHub could not confirm that ${login} is still an admin of the organisation ${org}; try again later`,
      }
    }
    if (role === 'admin') return { held: true }
    const lapsed = await lapsePublisher(deps.database, org, login)
    if (lapsed) deps.nudge()
    deps.log.info({ org, login, role, lapsed }, 'organisation role ended: the right it granted is refused')
    return {
      held: false,
      refusal: 'forbidden',
      message: `This right came from an admin role in the GitHub organisation ${org}, which ${login} no longer holds`,
    }
  }
}
