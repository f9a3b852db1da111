// The routes of a listing's owners (services/catalog/src/owners) and the status lookup anyone may ask.
import {
  EditBody,
  MaintenanceBody,
  MergeBody,
  OwnerChangeAnswer,
  StatusLookupAnswer,
  StatusLookupQuery,
  TransferBody,
} from './model'
import { defineContract, err, ListingIdPath, type Contract } from '@mcp-directory/shared/contracts'

/** "Why is my server not listed?" (services/catalog/src/owners/status-lookup.ts). */
export const listingStatus = defineContract({
  service: 'catalog',
  tag: 'catalog',
  limit: 'read',
  auth: null,
  method: 'GET',
  path: '/api/v1/listings/status',
  operationId: 'listingStatus',
  summary:
    'Why is a server (not) listed: listed, pending_moderation, rejected (reason), merged, conflicting or unknown, by url or name',
  query: StatusLookupQuery,
  responses: {
    200: { description: 'What the directory knows of it', type: 'application/json', schema: StatusLookupAnswer },
    400: err('invalid_parameter'),
    429: err('rate_limited'),
  },
})

/**
 * What a listing's owner does with it (services/catalog/src/owners): the agent token that claimed it (scope
 * listings:claim), or a registry token (POST /v0.1/auth/*) for its namespace, which the catalog checks.
 */
const OWNER = {
  service: 'catalog',
  tag: 'owners',
  limit: 'write',
  auth: 'bearer',
  scope: 'listings:claim',
  registryTokens: true,
  changesListings: true,
  params: ListingIdPath,
} as const

/** An owner's change: its success answer (by status) and the refusals every such change may meet. */
const answers = <S extends number = 200>(what: string, status: S = 200 as S) =>
  ({
    [status]: { description: what, type: 'application/json', schema: OwnerChangeAnswer },
    400: err('invalid_body (a package whose registry entry does not name the listing is named)'),
    401: err('unauthorized'),
    403: err("forbidden: not the listing's owner"),
    404: err('not_found'),
    429: err('rate_limited'),
  }) as Record<S, { description: string; type: 'application/json'; schema: typeof OwnerChangeAnswer }> &
    Record<400 | 401 | 403 | 404 | 429, ReturnType<typeof err>>

export const editListing = defineContract({
  ...OWNER,
  method: 'PATCH',
  path: '/api/v1/servers/:id',
  operationId: 'editListing',
  summary: "Edit a listing's title, description, tags, category, website, packages or remotes (owner only)",
  body: EditBody,
  responses: answers('Changed'),
})

export const setListingMaintenance = defineContract({
  ...OWNER,
  method: 'POST',
  path: '/api/v1/servers/:id/status',
  operationId: 'setListingMaintenance',
  summary: 'Mark a listing deprecated or archived with a message, or active again (owner only)',
  body: MaintenanceBody,
  responses: answers('Changed'),
})

export const offerListingTransfer = defineContract({
  ...OWNER,
  method: 'POST',
  path: '/api/v1/servers/:id/transfer',
  operationId: 'offerListingTransfer',
  summary: 'Offer the listing to another agent, who accepts within 7 days (owner only)',
  body: TransferBody,
  responses: answers('Offered', 202),
})

export const acceptListingTransfer = defineContract({
  ...OWNER,
  registryTokens: false,
  method: 'POST',
  path: '/api/v1/servers/:id/transfer/accept',
  operationId: 'acceptListingTransfer',
  summary: 'Accept a listing offered to this agent',
  responses: answers('Now owned by this agent'),
})

export const mergeListing = defineContract({
  ...OWNER,
  method: 'POST',
  path: '/api/v1/servers/:id/merge',
  operationId: 'mergeListing',
  summary: 'Merge a duplicate listing into another of the same server; both owned by the caller',
  body: MergeBody,
  responses: { ...answers('Merged', 200), 409: err('conflict: not listings of the same repository or name') },
})

/** What owners do with their listings, and why a server is (not) listed. */
export const OWNER_CONTRACTS: Contract[] = [
  editListing,
  setListingMaintenance,
  offerListingTransfer,
  acceptListingTransfer,
  mergeListing,
  listingStatus,
]
