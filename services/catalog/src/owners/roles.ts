/**
 * An owner's right that came from a GitHub organisation role is checked against that role when it is used
 * (publish/org-role.ts): a registry token's grant of an organisation's namespace before an edit, a status change, an
 * offer or a merge, and an offer made with such a grant before it is accepted. Asked before the change's transaction,
 * so no row stays locked while GitHub answers; the transaction then acts only on what was checked.
 */
import { AGENT_HEADERS } from '@mcp-directory/shared/agent-tokens'
import { and, eq, listings, listingTransfers, type Database } from '@mcp-directory/shared/db'
import { Forbidden, Unavailable } from '@mcp-directory/shared/errors'
import { bearerToken } from '@mcp-directory/shared/http'
import { isStorableId } from '../listings/repository'
import { githubLoginOfActor, orgOfGrant, orgOfLogin, type RoleCheck, type RoleVerdict } from '../publish/org-role'
import { grants, type RegistryTokens } from '../publish/token'

const refusal = (v: Exclude<RoleVerdict, { held: true }>) =>
  v.refusal === 'forbidden' ? new Forbidden(v.message) : new Unavailable(v.message)

async function nameOf(database: Database, id: string): Promise<string | null> {
  if (!isStorableId(id)) return null
  const [row] = await database.db.select({ name: listings.name }).from(listings).where(eq(listings.id, id)).limit(1)
  return row?.name ?? null
}

/** 403 (or 503) when the request's registry token acts on one of these listings by an organisation role that ended. */
export async function requireTokenRole(
  deps: { database: Database; tokens: RegistryTokens; roles: RoleCheck },
  request: Request,
  ids: string[],
): Promise<void> {
  if (request.headers.get(AGENT_HEADERS.agentId)) return
  const token = bearerToken(request)
  const claims = token ? deps.tokens.verify(token) : null
  if (claims?.auth_method !== 'github-at') return
  for (const id of ids) {
    const name = await nameOf(deps.database, id)
    const org = name && grants(claims.permissions, name) ? orgOfGrant(claims, name) : null
    if (!org) continue
    const verdict = await deps.roles(org, claims.auth_method_sub)
    if (!verdict.held) throw refusal(verdict)
  }
}

/** Whether an offer's sender held the listing by an organisation role (so the role is checked at acceptance). */
export const offerRestsOnRole = (fromActor: string, name: string) => {
  const login = githubLoginOfActor(fromActor)
  return login !== null && orgOfLogin(login, name) !== null
}

/**
 * Checks the sender's role behind the offer of listing `id` to `agent`, if it rests on one: an offer whose sender has
 * since lost the role lapses (it is withdrawn, 403). Returns the sender checked, for the acceptance to match.
 */
export async function checkOfferRole(
  deps: { database: Database; roles: RoleCheck },
  id: string,
  agent: string,
): Promise<string | null> {
  const name = await nameOf(deps.database, id)
  if (!name) return null
  const where = and(eq(listingTransfers.listingId, id), eq(listingTransfers.toAgent, agent))
  const [offer] = await deps.database.db.select().from(listingTransfers).where(where).limit(1)
  if (!offer || !offerRestsOnRole(offer.fromActor, name)) return null
  const login = githubLoginOfActor(offer.fromActor) as string
  const verdict = await deps.roles(orgOfLogin(login, name) as string, login)
  if (verdict.held) return offer.fromActor
  if (verdict.refusal === 'forbidden') {
    await deps.database.db.delete(listingTransfers).where(and(where, eq(listingTransfers.fromActor, offer.fromActor)))
  }
  throw verdict.refusal === 'forbidden'
    ? new Forbidden(`The transfer lapsed: ${verdict.message}`)
    : new Unavailable(verdict.message)
}
