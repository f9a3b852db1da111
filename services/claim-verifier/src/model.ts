// The claim-verifier's route models, for the gateway's route table, and its claim methods, for the pages and tools
// that offer them (`@mcp-directory/claim-verifier/model`).
export { Challenge, ChallengeParams, LinkChallengeBody } from './challenge/model'
export {
  AgentClaimBody,
  CheckModel,
  CLAIM_METHODS,
  type ClaimMethod,
  ClaimMethodModel,
  ClaimResult,
  DEFAULT_CLAIM_METHOD,
  LinkClaimBody,
} from './claims/model'
