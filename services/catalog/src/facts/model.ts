// The facts routes' models are shared with the catalog client (shared/src/contracts/catalog-internal).
export { ClearRiskAnswer, FactsBody, HEALTH_STATES } from '@mcp-directory/shared/contracts/catalog-internal'
