// The groups of the API a contract belongs to, each described once: the OpenAPI document lists those its routes use.

/** Each tag a contract may name, with what the OpenAPI document says of it (in the document's order). */
export const TAGS = {
  catalog: 'Public read API',
  operator: 'Operator API (Bearer OPERATOR_TOKEN)',
  agent: 'Agent registration and Bearer tokens (see /auth.md)',
  badge: 'SVG badges of listings, for READMEs and sites',
  claims: 'Ownership claims by the holder of a claim link (the claim page)',
  mcp: 'The directory as an MCP server (Streamable HTTP, stateless)',
  owners: "A listing's owner (its claiming agent, or a publisher's registry token for its namespace) in charge",
  registry:
    'The official MCP registry API (version 2025-12-01): reads, so registry clients can use the directory as a sub-registry, and publishing with the official proofs (mcp-publisher --registry)',
  submission: 'Submitting a server for review, and following a submission (its status, its claim link)',
  internal: 'Service-to-service calls, never routed by the gateway',
  docs: "The gateway's API reference for people",
  web: 'Pages for people',
} as const

/** A tag of the API. */
export type Tag = keyof typeof TAGS
