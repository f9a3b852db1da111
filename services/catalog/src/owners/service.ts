/**
 * What a listing's owner may do: edit its descriptive fields, replace its packages (each re-checked: its registry
 * entry must name the listing or link back to its repository) and remotes, mark it deprecated or archived with a
 * message, hand it to another agent (who accepts), and merge a duplicate into it. The owner is the agent whose
 * claim proved it (or to whom it was handed), or a publisher whose registry token grants the listing's namespace.
 * Every change is a history line and a `listing.owner_changed` event.
 */
import { AGENT_HEADERS } from '@mcp-directory/shared/agent-tokens'
import { resolveCategory, storedCategoryName } from '@mcp-directory/shared/categories'
import type { PackageSpec, RemoteSpec } from '@mcp-directory/shared/contracts'
import { catalogOutbox, type Database, type Tx } from '@mcp-directory/shared/db'
import {
  Conflict,
  Forbidden,
  InvalidInput,
  NotFound,
  Unauthenticated,
  UnknownCategory,
} from '@mcp-directory/shared/errors'
import { bearerToken } from '@mcp-directory/shared/http'
import { judgeEvidence } from '@mcp-directory/shared/install'
import type { Logger } from '@mcp-directory/shared/log'
import { privateRemotesReason } from '@mcp-directory/shared/outbound'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import { reguessedCategory } from '../categories/guess'
import { seenOfReplaced } from '../facts/observe'
import { isStorableId } from '../listings/repository'
import type { PackageReader } from '../publish/packages'
import type { RoleCheck } from '../publish/org-role'
import { grants, type RegistryTokens } from '../publish/token'
import type { EditBody, MaintenanceBody } from './model'
import { checkOfferRole, offerRestsOnRole, requireTokenRole } from './roles'
import { addHistoryLine } from '../listings/history'
import { type ListingSet, lockForOwner, putTransfer, setListing, takeTransfer } from './repository'

type Row = NonNullable<Awaited<ReturnType<typeof lockForOwner>>>
const TRANSFER_DAYS = 7
const forbidden = (what: string) => new Forbidden(`Only the listing's owner can ${what}`)

export interface OwnerDeps {
  database: Database
  log: Logger
  tokens: RegistryTokens
  readPackage: PackageReader
  nudge: () => void
  /** Whether a GitHub user is still an admin of an organisation: a right from that role lasts as long (roles.ts). */
  roles: RoleCheck
  /** OUTBOUND_ALLOW_PRIVATE=1: remotes on loopback or private addresses are accepted (tests, local development). */
  allowPrivateRemotes?: boolean
  /** Why a remote's name resolves to the user's own machine or network, or null (`resolvedRemotesReason`). */
  refusedRemotes?: (remotes: readonly { url?: unknown }[]) => Promise<string | null>
}

/**
 * Who acts: the owning agent (`agent:<id>`) or a publisher of the namespace; else 401 / 403. An anonymous registry
 * token proves nothing (every caller gets the same one), so it owns nothing either.
 */
function actorOf(deps: OwnerDeps, request: Request, row: Row, what: string): string {
  const agent = request.headers.get(AGENT_HEADERS.agentId)
  if (agent && row.ownerAgent === agent) return `agent:${agent}`
  const token = bearerToken(request)
  const claims = token && !agent ? deps.tokens.verify(token) : null
  if (claims && claims.auth_method !== 'none' && grants(claims.permissions, row.name))
    return `publisher:${claims.auth_method}:${claims.auth_method_sub}`
  if (!agent && !claims) throw new Unauthenticated('An agent token or a registry token is required', 'Bearer')
  throw forbidden(what)
}

/** A change by an owner: the columns, the history line and `listing.owner_changed`, in the caller's transaction. */
async function applyOwnerChange(
  tx: Tx,
  listingId: string,
  change: { kind: string; actor: string; set?: ListingSet; details?: Record<string, unknown> },
): Promise<void> {
  const at = new Date()
  const row = await setListing(tx, listingId, { ...change.set, updatedAt: at })
  if (!row) return
  await addHistoryLine(tx, { listingId, at, kind: change.kind, actor: change.actor, details: change.details ?? {} })
  await enqueueEvent(tx, catalogOutbox, 'listing.owner_changed', {
    ...row,
    at: at.toISOString(),
    kind: change.kind,
    actor: change.actor,
  })
}

/**
 * Runs one owner change on a live listing in a transaction; 404 for unknown, hidden or merged listings. A change
 * that also locks another listing (`other`, a merge's survivor) locks the two in the order of their ids, so two
 * merges of one pair in opposite directions queue instead of deadlocking (a 500).
 */
async function change<T>(
  deps: OwnerDeps,
  id: string,
  work: (tx: Tx, row: Row) => Promise<T>,
  other?: string,
): Promise<T> {
  const out = await deps.database.db.transaction(async (tx) => {
    if (other !== undefined && other < id && isStorableId(other) && isStorableId(id)) await lockForOwner(tx, other)
    const row = isStorableId(id) ? await lockForOwner(tx, id) : null
    if (row?.status !== 'active' || row.mergedInto) throw new NotFound('Listing')
    return work(tx, row)
  })
  deps.nudge()
  return out
}

/** Each new package must be linked to the listing by its registry entry; 400 naming the first that is not. */
async function checkPackages(deps: OwnerDeps, row: Row, packages: PackageSpec[]) {
  for (const p of packages) {
    const type = p.registryType as 'npm' | 'pypi'
    const r = await deps.readPackage(type, p.identifier, p.version ?? null)
    if (r.status === 'failed')
      throw new InvalidInput(`package ${p.identifier}: its registry entry could not be read (${r.reason})`)
    const subject = { name: row.name, repositoryUrl: row.repositoryUrl, url: row.url ?? '' }
    const { missing } = judgeEvidence(r.evidence, subject)
    if (missing) throw new InvalidInput(`package ${p.identifier}: ${missing}`, { field: 'packages', message: missing })
  }
}

/** The columns an edit sets (packages re-checked first). */
async function editedColumns(deps: OwnerDeps, row: Row, body: EditBody): Promise<Record<string, unknown>> {
  const set: Record<string, unknown> = {}
  if (body.title !== undefined) set.title = body.title
  if (body.description !== undefined) set.description = body.description
  if (body.tags !== undefined) set.tags = [...new Set(body.tags)]
  // The owner's website is their word: it proves no namespace (listings/publisher.ts).
  if (body.websiteUrl !== undefined) Object.assign(set, { websiteUrl: body.websiteUrl, websiteByOwner: true })
  if (body.category !== undefined) {
    const c = resolveCategory(body.category)
    if (!c) throw new UnknownCategory(`Unknown category "${body.category.slice(0, 100)}"`)
    Object.assign(set, { category: storedCategoryName(c), categorySource: 'given' })
  } else {
    // A guessed category follows the new words; one its owner or source named stays.
    const category = reguessedCategory(row, {
      title: body.title !== undefined ? body.title : row.title,
      description: body.description ?? row.description,
    })
    if (category) set.category = category
  }
  if (body.packages !== undefined) {
    const packages = body.packages.map((p) => ({ ...p, environmentVariables: [] }) as PackageSpec)
    await checkPackages(deps, row, packages)
    Object.assign(set, { packages, hasPackage: packages.length > 0 })
  }
  if (body.remotes !== undefined) {
    // An install line runs on the user's machine: a remote there or on their network is no server of the listing's.
    const why = privateRemotesReason(body.remotes, deps.allowPrivateRemotes === true)
    if (why) throw new InvalidInput(why, { field: 'remotes', message: why })
    // …and so is a name that resolves there (the edit is its owner's, checked above: nobody else makes us resolve).
    const resolved = await deps.refusedRemotes?.(body.remotes)
    if (resolved) throw new InvalidInput(resolved, { field: 'remotes', message: resolved })
    const remotes = body.remotes.map((r) => ({ ...r, headers: [] }) as RemoteSpec)
    Object.assign(set, { remotes, hasRemote: remotes.length > 0 })
  }
  // What the prober saw running was the old package or endpoint: the new ones are not verified until probed.
  return { ...set, ...seenOfReplaced(row, set) }
}

async function edit(deps: OwnerDeps, request: Request, id: string, body: EditBody) {
  await requireTokenRole(deps, request, [id])
  return change(deps, id, async (tx, row) => {
    const actor = actorOf(deps, request, row, 'edit it')
    const set = await editedColumns(deps, row, body)
    const fields = Object.keys(body)
    const kind = body.packages !== undefined || body.remotes !== undefined ? 'packages_replaced' : 'edited'
    await applyOwnerChange(tx, row.id, { kind, actor, set, details: { fields } })
    deps.log.info({ id: row.id, actor, kind, fields }, 'listing changed by its owner')
    return { id: row.id, kind, fields }
  })
}

async function maintenance(deps: OwnerDeps, request: Request, id: string, body: MaintenanceBody) {
  await requireTokenRole(deps, request, [id])
  return change(deps, id, async (tx, row) => {
    const actor = actorOf(deps, request, row, 'change its status')
    const kind = body.status === 'active' ? 'reactivated' : body.status
    const set = { maintenanceStatus: body.status === 'active' ? null : body.status }
    await applyOwnerChange(tx, row.id, { kind, actor, set, details: { message: body.message ?? null } })
    deps.log.info({ id: row.id, actor, kind }, 'listing status set by its owner')
    return { id: row.id, maintenanceStatus: set.maintenanceStatus, message: body.message ?? null }
  })
}

async function offerTransfer(deps: OwnerDeps, request: Request, id: string, toAgent: string) {
  await requireTokenRole(deps, request, [id])
  return change(deps, id, async (tx, row) => {
    const actor = actorOf(deps, request, row, 'hand it over')
    if (row.ownerAgent === toAgent) throw new Conflict({ message: 'That agent already owns the listing' })
    const expiresAt = new Date(Date.now() + TRANSFER_DAYS * 86_400_000)
    await putTransfer(tx, row.id, actor, toAgent, expiresAt)
    await applyOwnerChange(tx, row.id, { kind: 'transfer_offered', actor, details: { to: `agent:${toAgent}` } })
    deps.log.info({ id: row.id, actor, to: toAgent }, 'listing transfer offered')
    return { id: row.id, to: toAgent, expiresAt: expiresAt.toISOString() }
  })
}

/**
 * Whether an offer still stands: its sender must own the listing now as it did then. An agent's offer lapses when
 * the listing changed hands since (a newer claim, a revoked one, another transfer); a publisher's stands while the
 * namespace does, which is where its grant comes from, and is withdrawn when a claim or a revocation changes the
 * owning agent (claims/service.ts), so it never takes the listing from an agent who proved ownership after it. One
 * whose grant came from an organisation role stands only while its sender still holds the role (roles.ts).
 */
function offerStands(row: Row, fromActor: string): boolean {
  if (fromActor.startsWith('agent:')) return row.ownerAgent === fromActor.slice('agent:'.length)
  return fromActor.startsWith('publisher:') && !fromActor.startsWith('publisher:none:')
}

async function acceptTransfer(deps: OwnerDeps, request: Request, id: string) {
  const agent = request.headers.get(AGENT_HEADERS.agentId)
  if (!agent) throw new Unauthenticated('An agent token is required to accept a listing')
  const checked = await checkOfferRole(deps, id, agent)
  return change(deps, id, async (tx, row) => {
    const offer = await takeTransfer(tx, row.id, agent)
    // An expired offer is refused; the refusal rolls the transaction back, so it stays until it is replaced.
    if (!offer || offer.expiresAt.getTime() <= Date.now())
      throw new Forbidden(
        'No live transfer of this listing to this agent: none was offered, it expired, or the listing changed hands since',
      )
    if (!offerStands(row, offer.fromActor))
      throw new Forbidden('The transfer lapsed: its sender no longer owns the listing')
    if (offerRestsOnRole(offer.fromActor, row.name) && offer.fromActor !== checked)
      throw new Forbidden('The offer changed while its sender was checked: accept it again')
    const actor = `agent:${agent}`
    const details = { from: offer.fromActor, to: actor }
    await applyOwnerChange(tx, row.id, { kind: 'transferred', actor, set: { ownerAgent: agent }, details })
    deps.log.info({ id: row.id, ...details }, 'listing transferred')
    return { id: row.id, owner: actor, from: offer.fromActor }
  })
}

/** Merges listing `id` into `into`: the owner of both, two listings of one server (same repository or name). */
async function merge(deps: OwnerDeps, request: Request, id: string, into: string) {
  if (id === into) throw new InvalidInput('A listing cannot be merged into itself')
  await requireTokenRole(deps, request, [id, into])
  return change(
    deps,
    id,
    async (tx, row) => {
      const actor = actorOf(deps, request, row, 'merge it')
      const survivor = await lockForOwner(tx, into)
      if (survivor?.status !== 'active' || survivor.mergedInto) throw new NotFound('Listing')
      if (actorOf(deps, request, survivor, 'merge into it') !== actor) throw forbidden('merge into it')
      const same =
        (row.repositoryKey !== null && row.repositoryKey === survivor.repositoryKey) ||
        (row.nameSkeleton !== null && row.nameSkeleton === survivor.nameSkeleton)
      if (!same) throw new Conflict({ message: 'Only listings of the same repository or name can be merged' })
      const set = { status: 'rejected', mergedInto: survivor.id, moderationReason: `merged into ${survivor.id}` }
      await applyOwnerChange(tx, row.id, { kind: 'merged', actor, set, details: { into: survivor.id } })
      await applyOwnerChange(tx, survivor.id, { kind: 'merged_from', actor, details: { from: row.id } })
      deps.log.info({ id: row.id, into: survivor.id, actor }, 'listing merged by its owner')
      return { id: row.id, mergedInto: survivor.id }
    },
    into,
  )
}

/** The owner's operations, bound to their dependencies. */
export function ownerService(deps: OwnerDeps) {
  return {
    edit: (request: Request, id: string, body: EditBody) => edit(deps, request, id, body),
    maintenance: (request: Request, id: string, body: MaintenanceBody) => maintenance(deps, request, id, body),
    offerTransfer: (request: Request, id: string, toAgent: string) => offerTransfer(deps, request, id, toAgent),
    acceptTransfer: (request: Request, id: string) => acceptTransfer(deps, request, id),
    merge: (request: Request, id: string, into: string) => merge(deps, request, id, into),
  }
}

export type OwnerService = ReturnType<typeof ownerService>
