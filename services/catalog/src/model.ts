/**
 * The catalog's public models, one module per resource: the gateway's route table imports them from here
 * (`@mcp-directory/catalog/model`) and nothing else deep from the service.
 */
export { CategoryList, CategoryModel } from './categories/model'
export { HealthResponse } from '@mcp-directory/shared/contracts'
export { ImportDocument, ImportSummary } from './import/model'
export {
  ConflictList,
  ConflictListQuery,
  ConflictResolved,
  RegistryUpstream,
  RegistryUpstreamList,
  UpstreamTrustBody,
} from './import/conflict-model'
export { InstallCounted, ServerDetailResponse, ServerParams } from './listings/model'
export { MarkdownDocument } from './markdown/model'
export {
  RegistryError,
  RegistryListQuery,
  RegistryVersionsQuery,
  ServerJson,
  ServerList,
  ServerResponse,
} from './registry/model'
export { MAX_QUERY_LENGTH, SearchQuery, SearchResponse } from './search/model'
export { ClearRiskAnswer } from './facts/model'
export { TakedownAnswer, TakedownBody } from './takedown/model'
export {
  AllVersionsStatusAnswer,
  GithubTokenBody,
  PublishBody,
  SignedTimestampBody,
  StatusUpdateBody,
  TokenAnswer,
} from './publish/model'
export {
  EditBody,
  MaintenanceBody,
  MergeBody,
  OwnerChangeAnswer,
  StatusLookupAnswer,
  StatusLookupQuery,
  TransferBody,
} from './owners/model'
