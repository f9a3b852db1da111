/**
 * What an import and an upstream sync need of the parts that stand above them, as small interfaces: the registry
 * keeps the served versions of what they bring (registry/import-versions.ts), and moderation moves a listing its
 * upstream no longer serves out of the catalog and back (moderation/service.ts). The catalog's wiring (app.ts) gives
 * them, so the import knows neither.
 */
import type { ImportedListing } from './format'

/** The registry's metadata of one version, as its upstream gave it. */
export interface RecordMeta {
  status: 'active' | 'deprecated' | 'deleted'
  statusMessage: string | null
  isLatest: boolean
  publishedAt: Date | null
  updatedAt: Date | null
}

/** One version to serve: the server.json as the document gave it, its listing, and its registry metadata if any. */
export interface VersionRecord {
  server: unknown
  listing: ImportedListing & { id: string }
  meta: RecordMeta | null
}

/** The registry's served versions, as imports and syncs record them. */
export interface ServedVersions {
  /**
   * Stores the versions (a later one of the same server and version wins); of several marked (or taken as) latest of
   * one server, the last one is the latest. Returns how many were written.
   */
  write(records: VersionRecord[]): Promise<number>
  /** Of these listings, those with no version left that is not deleted. */
  withoutLiveVersion(ids: string[]): Promise<string[]>
}

/** Moderation's change of a listing's status: out of the catalog (`rejected`, saying why) or back (`active`). */
export type ChangeStatus = (id: string, to: 'active' | 'rejected', reason: string | null) => Promise<unknown>
