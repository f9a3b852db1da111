// The facts routes' models are shared with the catalog client (shared/src/contracts/catalog-internal).
export { ClearRiskAnswer, FactsBody, HEALTH_STATES } from '@mcp-directory/shared/contracts/catalog-internal'
import { t } from 'elysia'

/**
 * Query of the operator's clear-risk: the hash of the tool list the operator reviewed (the detail's
 * `risk.toolsHash`), so a list that changed between the review and the clearance is not cleared unseen.
 */
export const ClearRiskQuery = t.Object({
  toolsHash: t.Optional(
    t.String({
      pattern: '^[0-9a-f]{64}$',
      error: 'must be the 64 hex digits of risk.toolsHash',
      description: "The reviewed list's risk.toolsHash",
    }),
  ),
})
