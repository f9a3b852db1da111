// Badges the gateway answered from its micro-cache, per listing (internal only; the model is shared with the
// catalog's detail views).
export { CachedHitCounts as ImpressionCounts, Counted } from '@mcp-directory/shared/contracts'
