// The facts routes' models are shared with the catalog client (shared/src/contracts/catalog-internal).
export {
  ClearRiskAnswer,
  FactsAnswer,
  FactsBody,
  HEALTH_STATES,
  ListingIdParams,
  MAX_TARGETS_PAGE,
  ProbeTargets,
  ProbeTargetsQuery,
  SANDBOX_VERDICTS,
} from '@mcp-directory/shared/contracts/catalog-internal'
