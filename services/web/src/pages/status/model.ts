import { t } from '../../models'

/**
 * What the status page is asked: a repository or website address, or a server name (the API's own bounds; the
 * address wins when both are given, as in the API).
 */
export const StatusQuery = t.Object({
  url: t.Optional(t.String({ maxLength: 2048 })),
  name: t.Optional(t.String({ maxLength: 200 })),
})

/** One listing the lookup found. */
export interface FoundListing {
  id: string
  name: string
  state: string
  origin?: string
  mergedInto?: string
  reason?: string | null
}

/** `GET /api/v1/listings/status`: what the directory knows of an address or a name. */
export interface StatusAnswer {
  state: 'listed' | 'pending_moderation' | 'rejected' | 'merged' | 'conflicting' | 'unknown'
  id?: string
  name?: string
  reason?: string | null
  mergedInto?: string
  origin?: string
  heldBy?: string | null
  listings?: FoundListing[]
}
