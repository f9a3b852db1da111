// The claim-verifier's route models, for the gateway's route table (`@mcp-directory/claim-verifier/model`).
export { Challenge, ChallengeParams, LinkChallengeBody } from './challenge/model'
export { AgentClaimBody, CheckModel, ClaimMethodModel, ClaimResult, LinkClaimBody } from './claims/model'
