/** What says a listing is no longer maintained: a fact of its repository or its own maintenance status. */
export interface ArchiveFacts {
  url?: string | null
  repositoryUrl?: string | null
  githubArchived?: boolean | null
  maintenanceStatus?: string | null
}

// The reference servers moved out of modelcontextprotocol/servers keep their listings, pointing at the archive.
const ARCHIVE_REPOSITORY = /^https?:\/\/(?:www\.)?github\.com\/modelcontextprotocol\/servers-archived(?:[/?#]|$)/i

/**
 * Why a listing counts as archived or deprecated, or null: its GitHub repository is archived, its address points at
 * `modelcontextprotocol/servers-archived`, or its maintainers mark it archived or deprecated.
 */
export function archivedReason(l: ArchiveFacts): string | null {
  if (l.githubArchived === true) return 'its GitHub repository is archived (read-only)'
  if ([l.repositoryUrl, l.url].some((u) => typeof u === 'string' && ARCHIVE_REPOSITORY.test(u.trim()))) {
    return 'it lives in modelcontextprotocol/servers-archived: a reference server that is no longer maintained'
  }
  const status = l.maintenanceStatus?.trim().toLowerCase()
  if (status === 'archived' || status === 'deprecated') return `its maintainers mark it ${status}`
  return null
}
