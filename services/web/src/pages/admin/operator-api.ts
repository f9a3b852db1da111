// The operator endpoints the pages call whose owners list them without a name: each is taken from its owner's list
// by its operationId, and typed by the owner's models of its answer and body, which must be the ones the contract
// declares (checked when the service starts), so nothing here declares an endpoint again.
import { CATALOG_CONTRACTS } from '@mcp-directory/catalog/contracts'
import {
  ConflictList,
  ConflictListQuery,
  ConflictResolved,
  RegistryUpstream,
  RegistryUpstreamList,
  UpstreamTrustBody,
} from '@mcp-directory/catalog/model'
import type { Contract } from '@mcp-directory/shared/contracts'
import { SUBMISSION_CONTRACTS } from '@mcp-directory/submission/contracts'
import { ReasonBody, Transition } from '@mcp-directory/submission/model'
import type { TObject, TSchema } from '@sinclair/typebox'

/** The models a listed contract is typed by: its 200 answer's, its query's and its body's. */
type Models = { answer: TSchema; query?: TObject; body?: TSchema }

/** A listed contract, typed by its models. */
type Listed<M extends Models> = Omit<Contract, 'responses' | 'query' | 'body'> & {
  responses: { 200: { description: string; type: string; schema: M['answer'] } }
  query: M extends { query: infer Q } ? Q : undefined
  body: M extends { body: infer B } ? B : undefined
}

/** The contract `operationId` of an owner's list, checked to declare exactly these models. */
function listed<const M extends Models>(list: readonly Contract[], operationId: string, models: M): Listed<M> {
  const found = list.find((c) => c.operationId === operationId)
  const same =
    found?.responses[200]?.schema === models.answer && found.query === models.query && found.body === models.body
  if (!same) throw new Error(`${operationId}: its owner lists no such contract with these models`)
  return found as unknown as Listed<M>
}

const moderation = (operationId: string) =>
  listed(SUBMISSION_CONTRACTS, operationId, { answer: Transition, body: ReasonBody })

/** The moderation verbs of the submission service (clearing a risk is the catalog's `adminClearRisk`). */
export const adminApproveListing = moderation('adminApproveListing')
export const adminRejectListing = moderation('adminRejectListing')
export const adminFlagListing = moderation('adminFlagListing')

/** The import conflicts and followed upstream registries of the catalog. */
export const adminListImportConflicts = listed(CATALOG_CONTRACTS, 'adminListImportConflicts', {
  answer: ConflictList,
  query: ConflictListQuery,
})
export const adminAcceptImportConflict = listed(CATALOG_CONTRACTS, 'adminAcceptImportConflict', {
  answer: ConflictResolved,
})
export const adminDismissImportConflict = listed(CATALOG_CONTRACTS, 'adminDismissImportConflict', {
  answer: ConflictResolved,
})
export const adminListRegistryUpstreams = listed(CATALOG_CONTRACTS, 'adminListRegistryUpstreams', {
  answer: RegistryUpstreamList,
})
export const adminSetRegistryUpstreamTrust = listed(CATALOG_CONTRACTS, 'adminSetRegistryUpstreamTrust', {
  answer: RegistryUpstream,
  body: UpstreamTrustBody,
})
