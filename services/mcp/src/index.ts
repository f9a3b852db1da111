/** The mcp service's public face: its factory and types. */
export { createMcpApp, SERVER_INFO, type McpDeps, type McpService } from './app'
export { CATEGORIES_URI, SERVER_URI_TEMPLATE } from './resources'
