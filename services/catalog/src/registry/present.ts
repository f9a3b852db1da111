import type { Listing, ServerDetail } from '@mcp-directory/shared/contracts'
import type { Static } from 'elysia'
import { detailOf } from '../listings/present'
import type { ServerJson, ServerResponse } from './model'
import type { VersionRow } from './repository'
import { OFFICIAL_META } from '../import/parse'
import { enrichmentKey } from './server-json'

/** The directory's enrichment of a served version, under its own `_meta` key. */
export interface DirectoryMeta {
  id: string
  category: string
  transports: string[]
  health: string | null
  verified: boolean
  /** Claimed by its owner (a verified ownership claim). */
  official: boolean
  /** The name's namespace is proven (see the detail's `publisherVerified`). */
  publisherVerified: boolean
  /** Who made it, on what evidence (the detail's `publisher`). */
  publisher: ServerDetail['publisher'] | null
  /** Who may change the listing: `submission`, `import`, `registry:<base URL>` (never `demo`: demo data is not served). */
  origin: string | null
  installConfidence: string | null
  configs: unknown
  detailUrl: string
  markdownUrl: string
}

/** The directory's view of a listing, as served beside the registry's metadata. */
export function directoryMetaOf(listing: Listing, baseUrl: string): DirectoryMeta {
  const d = detailOf(listing, baseUrl)
  return {
    id: d.id,
    category: d.category,
    transports: d.transports,
    health: d.health,
    verified: d.isVerifiedActive,
    official: d.isOfficial,
    publisherVerified: d.publisherVerified ?? false,
    publisher: d.publisher ?? null,
    origin: d.origin ?? null,
    installConfidence: d.install?.confidence ?? null,
    configs: d.configs,
    detailUrl: d.detailUrl,
    markdownUrl: d.markdownUrl,
  }
}

/**
 * A ServerResponse of the registry API: the server.json, the registry's official metadata, and the directory's
 * enrichment (left out of a deleted version: the listing is no longer in the catalog).
 */
export function serverResponseOf(
  row: VersionRow,
  listing: Listing | undefined,
  baseUrl: string,
  namespace: string,
): Static<typeof ServerResponse> {
  const official: Static<typeof ServerResponse>['_meta'][typeof OFFICIAL_META] = {
    status: row.status,
    publishedAt: row.publishedAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isLatest: row.isLatest,
  }
  if (row.statusMessage && row.status !== 'active') official.statusMessage = row.statusMessage.slice(0, 500)
  const meta: Static<typeof ServerResponse>['_meta'] & Record<string, unknown> = { [OFFICIAL_META]: official }
  if (listing && row.status !== 'deleted') meta[enrichmentKey(namespace)] = directoryMetaOf(listing, baseUrl)
  // Stored as servedServerJson wrote it: always a name, a description and a version.
  return { server: row.server as Static<typeof ServerJson>, _meta: meta }
}
