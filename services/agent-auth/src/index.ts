/** The agent-auth service's public face: its factory and types. */
export { createAgentAuthApp, type AgentAuthDeps, type AgentAuthService } from './app'
export { TOKEN_TTL_MS } from './registrations/service'
export {
  CODE_TTL_MS,
  LOCK_MS,
  MAX_CONFIRM_ATTEMPTS,
  MAX_FAILED_PER_ADDRESS,
  MAX_LIVE_CODES,
  MAX_WRONG_PER_CLIENT,
  MAX_WRONG_PER_DAY,
  THROTTLE_AFTER,
} from './codes/code'
