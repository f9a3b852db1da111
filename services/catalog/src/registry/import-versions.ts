/**
 * The served versions imports and upstream syncs record (the import's `ServedVersions`, import/ports.ts): each
 * record's server.json under the name and version the registry API serves it.
 */
import type { Database } from '@mcp-directory/shared/db'
import type { ServedVersions } from '../import/ports'
import { listingsWithoutLiveVersion, type VersionWrite } from './repository'
import { servedNameOf, servedServerJson, servedVersionOf } from './server-json'
import { writeVersions } from './service'

export function versionsOfImports(database: Database, namespace: string): ServedVersions {
  return {
    write: async (records) => {
      const writes: VersionWrite[] = []
      const latestAt = new Map<string, number>()
      for (const r of records) {
        const serverName = servedNameOf(r.listing.name, r.listing.id, namespace)
        writes.push({
          serverName,
          version: servedVersionOf(r.server, { version: null }),
          listingId: r.listing.id,
          server: servedServerJson(r.server, r.listing, namespace),
          status: r.meta?.status ?? 'active',
          statusMessage: r.meta?.statusMessage ?? null,
          isLatest: r.meta ? r.meta.isLatest : true,
          publishedAt: r.meta?.publishedAt ?? null,
        })
        if (writes[writes.length - 1].isLatest) latestAt.set(serverName, writes.length - 1)
      }
      writes.forEach((w, i) => {
        if (w.isLatest && latestAt.get(w.serverName) !== i) w.isLatest = false
      })
      await writeVersions(database, writes)
      return writes.length
    },
    withoutLiveVersion: (ids) => listingsWithoutLiveVersion(database, ids),
  }
}
