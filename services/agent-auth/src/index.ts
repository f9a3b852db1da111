/** The agent-auth service's public face: its factory and types. */
export { createAgentAuthApp, type AgentAuthDeps, type AgentAuthService } from './app'
