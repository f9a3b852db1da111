/**
 * Publishing as the official registry accepts it: with a registry token (auth-service.ts), a server.json is
 * published (schema-valid, in a granted namespace, its packages naming it, a version not published before) as a
 * listing of origin `publisher:<namespace>`, and its versions' status is changed.
 */
import { catalogOutbox, type Database, sql } from '@mcp-directory/shared/db'
import type { Logger } from '@mcp-directory/shared/log'
import { enqueueEvent } from '@mcp-directory/shared/outbox'
import type { Importer } from '../import/importer'
import { checkPackages, PackageRefused, type PackageReader } from './packages'
import { RegistryRefusal } from '../registry/errors'
import {
  lockStatus,
  reactivateRejected,
  setListingStatus,
  updateVersionStatus,
  versionExists,
  versionsLeft,
  type VersionStatus,
  type VersionTarget,
} from './repository'
import { schemaProblems } from './schema'
import { identityColumns } from '../listings/identity'
import { listingOfName } from '../listings/repository'
import { takedownMatching, takedownOf } from '../takedown/repository'
import { isTakedownSkip, TAKEN_DOWN } from '../takedown/service'
import { grants, type RegistryClaims } from './token'
import { orgOfGrant, type RoleCheck, recordPublisher } from './org-role'
import { holderOfName, supersedable, supersedePending } from './supersede'

/**
 * The origin of a listing published under a namespace by the holder of `claims`: the namespace's, which only its
 * publisher's tokens change. An anonymous token's namespace is everyone's, so what it publishes is recorded with that
 * token's own random subject (`publisher:<namespace>:<subject>`): another anonymous caller changes none of it.
 */
export const publisherOrigin = (namespace: string, claims: Pick<RegistryClaims, 'auth_method' | 'auth_method_sub'>) =>
  claims.auth_method === 'none'
    ? `publisher:${namespace.toLowerCase()}:${claims.auth_method_sub}`
    : `publisher:${namespace.toLowerCase()}`

/** The moderation reason of a listing its publisher deleted whole: only such a listing comes back by publishing. */
const DELETED_BY_PUBLISHER = 'Deleted by its publisher'

/**
 * Sets the status of one version (or every version, `version` null) of a listing's server; returns the versions
 * changed. When no version is left that is not deleted, the listing leaves search (`rejected`, with the message as
 * its reason); a listing whose latest version is deprecated says so as its maintenance status. One transaction,
 * with the listing's event.
 */
async function setVersionStatus(
  database: Database,
  target: VersionTarget,
  status: VersionStatus,
  message: string | null,
): Promise<string[]> {
  return database.db.transaction(async (tx) => {
    // The listing is locked before its versions, as the demo catalog's removal takes them: changes of one server's
    // versions queue on its listing, and no two writers of both can each hold what the other waits for.
    const before = await lockStatus(tx, target.listingId, DELETED_BY_PUBLISHER)
    const changed = await updateVersionStatus(tx, target, status, message)
    if (!changed.length) return []
    const left = await versionsLeft(tx, target.listingId)
    const gone = left.live === 0
    // Only a live listing is taken down by its publisher, and only what its publisher took down comes back: an
    // operator's rejection or a publish still waiting for moderation keeps its status and reason.
    const takeDown = gone && before?.status === 'active'
    const bringBack = !gone && before?.status === 'rejected' && before.reasonMatches
    const reason = `${DELETED_BY_PUBLISHER}${message ? `: ${message}` : ''}`
    const change = takeDown ? { status: 'rejected', reason } : bringBack ? { status: 'active', reason: null } : null
    const row = await setListingStatus(tx, target.listingId, change, left.deprecated)
    const event = { id: row.id, name: row.name, status: row.status, at: new Date().toISOString() }
    if (takeDown)
      await enqueueEvent(tx, catalogOutbox, 'listing.rejected', { ...event, reason: 'deleted by its publisher' })
    else await enqueueEvent(tx, catalogOutbox, 'listing.imported', { ...event, created: false })
    return changed
  })
}

/** A listing its publisher had deleted whole comes back with a new version (approved again, with its event). */
async function reviveDeletedByPublisher(database: Database, listingId: string): Promise<boolean> {
  return database.db.transaction(async (tx) => {
    const row = await reactivateRejected(tx, listingId, DELETED_BY_PUBLISHER)
    if (!row) return false
    const at = new Date().toISOString()
    await enqueueEvent(tx, catalogOutbox, 'listing.approved', { id: row.id, name: row.name, status: 'active', at })
    return true
  })
}

export interface PublishDeps {
  database: Database
  log: Logger
  readPackage: PackageReader
  importDocument: Importer
  /** Published listings wait for an operator (flagged) instead of going live. */
  moderate: boolean
  flag: (listingId: string) => Promise<void>
  /** Why a remote's name resolves to the user's own machine or network, or null (`resolvedRemotesReason`). */
  refusedRemotes?: (remotes: readonly { url?: unknown }[] | undefined) => Promise<string | null>
  /** After a write with listing events: search and the relay see it. */
  nudge: () => void
  /** Whether a GitHub user is still an admin of an organisation (org-role.ts). */
  roles: RoleCheck
}

/** A grant that came from an organisation role is used only while the role stands (org-role.ts). */
async function requireRole(deps: PublishDeps, claims: RegistryClaims, name: string) {
  const org = orgOfGrant(claims, name)
  if (!org) return
  const verdict = await deps.roles(org, claims.auth_method_sub)
  if (!verdict.held) throw new RegistryRefusal(verdict.refusal, verdict.message)
}

/** 403 unless the registry token grants the name's namespace (the refusal names what it does grant). */
function requirePublishGrant(claims: RegistryClaims, name: string) {
  if (grants(claims.permissions, name)) return
  const granted = claims.permissions.map((p) => p.resource).join(', ')
  throw new RegistryRefusal(
    'forbidden',
    `You do not have permission to publish this server (this token grants ${granted})`,
  )
}

/**
 * Runs publishes one after another. A publish's checks (a version never published, a name no other origin holds)
 * and the import that writes it are separate statements, so two publishes of one server at once both passed them:
 * the same version was acknowledged twice, the later copy written over the earlier, or the second failed on the
 * listing's unique name with a 500. In this process a promise chain orders them; across replicas (PostgreSQL) a
 * transaction-scoped advisory lock per namespace is held while the import runs on other pooled connections. One
 * publish at a time per process holds at most one connection for that lock, so the import always finds another.
 * PGlite is one process with one connection: the chain is enough, and a transaction held open would block the import.
 */
function publishInTurn(database: Database) {
  let last: Promise<unknown> = Promise.resolve()
  const locked = <T>(namespace: string, work: () => Promise<T>): Promise<T> =>
    database.kind !== 'postgres'
      ? work()
      : database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalog:publish:${namespace.toLowerCase()}`}))`)
          return work()
        })
  return <T>(namespace: string, work: () => Promise<T>): Promise<T> => {
    const turn = last.then(() => locked(namespace, work))
    last = turn.catch(() => {})
    return turn
  }
}

/** What a refused publish of a taken-down server is told (never the operator's reason). */
const takenDownRefusal = (name: string) =>
  new RegistryRefusal('forbidden', `${name} was ${TAKEN_DOWN}: its name and repository cannot be published here`)

/** Refuses a server whose name (or a look-alike) or repository an operator took down. */
async function refuseTakenDown(database: Database, server: { name: string; repository?: { url?: unknown } }) {
  const url = typeof server.repository?.url === 'string' ? server.repository.url : null
  const keys = identityColumns({ name: server.name, url, repositoryUrl: url })
  if (await takedownMatching(database.db, keys)) throw takenDownRefusal(server.name)
}

/**
 * Refuses a version already published, or a name another origin holds (unless `supersedes`: a proven publisher's
 * publish passes a pending submission of the name, which supersede.ts then rejects).
 */
async function refuseTaken(database: Database, name: string, version: string, origin: string, supersedes: boolean) {
  if (await versionExists(database, name, version))
    throw new RegistryRefusal('invalid', `invalid version: cannot publish duplicate version ${version} of ${name}`)
  const held = await holderOfName(database, name)
  if (held && held.origin !== origin && !(supersedes && supersedable(held)))
    throw new RegistryRefusal('conflict', `${name} is listed here from another origin; the operator decides`)
}

/** Imports a checked server.json as its publisher's listing, in turn (`publishInTurn`). */
async function writePublished(
  deps: PublishDeps,
  claims: RegistryClaims,
  s: { name: string; version: string },
  server: unknown,
  origin: string,
) {
  const { database, log } = deps
  const summary = await deps.importDocument({ servers: [server] }, undefined, { origin })
  if (summary.conflicts.length)
    throw new RegistryRefusal('conflict', `${s.name} conflicts with a listing of another origin; the operator decides`)
  const skipped = summary.skipped[0]?.reason
  if (skipped !== undefined && isTakedownSkip(skipped)) throw takenDownRefusal(s.name)
  if (skipped !== undefined) throw new RegistryRefusal('invalid', `${s.name} refused: ${skipped}`)
  const listing = await listingOfName(database, s.name)
  if (!listing) throw new RegistryRefusal('failed', 'Failed to publish server')
  await recordPublisher(database, listing.id, orgOfGrant(claims, s.name) ? claims.auth_method_sub : null)
  if (summary.created && deps.moderate) await deps.flag(listing.id)
  else if (await reviveDeletedByPublisher(database, listing.id)) deps.nudge()
  log.info(
    { name: s.name, version: s.version, origin, by: `${claims.auth_method}:${claims.auth_method_sub}` },
    'server published',
  )
  return { name: s.name, version: s.version, listingId: listing.id, created: summary.created > 0 }
}

/** The fields of a schema-valid server.json read here. */
type Published = {
  name: string
  version: string
  packages?: unknown
  repository?: { url?: unknown }
  remotes?: unknown
}

export function publishService(deps: PublishDeps) {
  const { database, log } = deps
  const inTurn = publishInTurn(database)

  return {
    /** Publishes a server.json; returns its name and version (the route answers with the served version). */
    async publish(claims: RegistryClaims, server: unknown) {
      const problems = schemaProblems(server)
      if (problems.length) throw new RegistryRefusal('invalid', `Invalid server.json: ${problems[0]}`, problems)
      const s = server as Published
      requirePublishGrant(claims, s.name)
      await requireRole(deps, claims, s.name)
      await refuseTakenDown(database, s)
      // `latest` names the latest version in every read path: it cannot be a version of its own.
      if (s.version.trim().toLowerCase() === 'latest')
        throw new RegistryRefusal('invalid', 'invalid version: "latest" is reserved for the latest version')
      const namespace = s.name.slice(0, s.name.indexOf('/'))
      const origin = publisherOrigin(namespace, claims)
      // Proven (not anonymous): the namespace's owner, before whom a stranger's pending submission of the name gives way.
      const supersedes = claims.auth_method !== 'none'
      await refuseTaken(database, s.name, s.version, origin, supersedes)
      try {
        await checkPackages(s.name, s.packages, deps.readPackage)
      } catch (err) {
        if (err instanceof PackageRefused) throw new RegistryRefusal('invalid', err.message)
        throw err
      }
      // Resolved before the publish waits its turn: a slow name holds up no other publish of the namespace.
      const remote = Array.isArray(s.remotes) ? await deps.refusedRemotes?.(s.remotes) : null
      if (remote) throw new RegistryRefusal('invalid', `${s.name} refused: ${remote}`)
      // Checked again in turn: another publish of this server may have written it since.
      return inTurn(namespace, async () => {
        await refuseTaken(database, s.name, s.version, origin, supersedes)
        const superseded = supersedes ? await supersedePending(database, s.name, namespace) : []
        if (superseded.length)
          log.info({ name: s.name, superseded }, 'pending submission superseded by its namespace owner')
        return writePublished(deps, claims, s, server, origin)
      })
    },

    /** Sets the status of one version (or all, `version` null); 403 outside the token's namespaces. */
    async setStatus(
      claims: RegistryClaims,
      name: string,
      version: string | null,
      status: VersionStatus,
      message: string | null,
    ) {
      if (!grants(claims.permissions, name))
        throw new RegistryRefusal('forbidden', 'You do not have publish or edit permissions for this server')
      await requireRole(deps, claims, name)
      const listing = await listingOfName(database, name)
      if (!listing) throw new RegistryRefusal('not_found', 'Server not found')
      // A taken-down server's versions stay deleted: its publisher cannot set them again.
      if (await takedownOf(database.db, listing.id)) throw takenDownRefusal(name)
      // Only what was published here is the publisher's to change; another origin's listing stays that origin's.
      if (listing.origin !== publisherOrigin(name.slice(0, name.indexOf('/')), claims))
        throw new RegistryRefusal(
          'forbidden',
          "This server is listed here from another origin: its status is not the publisher's to change",
        )
      if (version !== null && !(await versionExists(database, name, version)))
        throw new RegistryRefusal('not_found', 'Server version not found')
      const changed = await setVersionStatus(database, { listingId: listing.id, name, version }, status, message)
      if (changed.length) deps.nudge()
      if (version !== null && !changed.length)
        throw new RegistryRefusal('invalid', `No changes to apply: status is already ${status}`)
      log.info(
        { name, version, status, by: `${claims.auth_method}:${claims.auth_method_sub}` },
        'server status changed',
      )
      return changed
    },
  }
}

export type PublishService = ReturnType<typeof publishService>
