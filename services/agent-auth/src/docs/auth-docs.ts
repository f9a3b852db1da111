// The two public documents of directory-api §5.6: protected-resource metadata (RFC 9728) and /auth.md.
import { AGENT_SCOPES } from '@mcp-directory/shared/agent-tokens'
import {
  CODE_TTL_MS,
  LOCK_MS,
  MAX_CONFIRM_ATTEMPTS,
  MAX_FAILED_PER_ADDRESS,
  MAX_LIVE_CODES,
  MAX_WRONG_PER_CLIENT,
  MAX_WRONG_PER_DAY,
  THROTTLE_AFTER,
} from '../codes/code'
import { TOKEN_TTL_MS } from '../registrations/service'

/** RFC 9728 metadata of the directory as a protected resource; `resource` is PUBLIC_BASE_URL. */
export function protectedResourceMetadata(base: string) {
  return {
    resource: base,
    resource_name: 'MCP Server Directory',
    scopes_supported: [...AGENT_SCOPES],
    bearer_methods_supported: ['header'],
    resource_documentation: `${base}/auth.md`,
  }
}

/** How an agent gets, uses and revokes a token, as Markdown. */
export function authMarkdown(base: string): string {
  const days = TOKEN_TTL_MS / 86_400_000
  const minutes = CODE_TTL_MS / 60_000
  return `# Authenticating an agent to the MCP Server Directory

Reading the directory needs no credentials. Claiming a listing needs a Bearer token with the scope
\`listings:claim\`, which an agent obtains by proving an e-mail address. There is no redirect flow.

## 1. Register: a 6-digit code is e-mailed to you

\`\`\`sh
curl -X POST ${base}/api/v1/agent/register \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"agent-owner@example.com","agentName":"my-agent","scopes":["listings:claim"]}'
\`\`\`

- \`scopes\` is optional; omitted means every supported scope (${AGENT_SCOPES.map((s) => `\`${s}\``).join(', ')}); \`[]\` asks for a
  token without scope (it can only revoke itself). Any other scope is a 400 \`invalid_scope\`.
- The code is valid for ${minutes} minutes (\`expiresAt\`). A new registration adds a code: earlier live codes
  keep working (at most ${MAX_LIVE_CODES} at once per address).
- Registrations are limited per client address and per e-mail address, and mail per recipient (429
  \`rate_limited\` with \`Retry-After\`). Spellings of one mailbox (case, \`+tags\`, dots on Gmail) count as one address.

## 2. Confirm: exchange the code for a token (shown once)

\`\`\`sh
curl -X POST ${base}/api/v1/agent/register/confirm \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"agent-owner@example.com","code":"123456"}'
\`\`\`

The answer holds \`token\`, \`tokenType: "Bearer"\`, \`scopes\` and \`expiresAt\` (${days} days). Store the token
as a secret: the directory keeps only its SHA-256 and cannot show it again.

- A code works once. Confirm from the client (network address) that registered: after ${MAX_CONFIRM_ATTEMPTS} wrong
  tries from it the code is dead (400 \`too_many_attempts\`), even with the right code: register again. Wrong tries
  from other clients never kill it.
- A client that sends wrong codes for an address it did not register is slowed after ${THROTTLE_AFTER} (429 with
  \`Retry-After\`) and refused after ${MAX_WRONG_PER_CLIENT} for ${LOCK_MS / 3_600_000} hours (400
  \`too_many_attempts\`, \`reason: "client_locked"\`). After ${MAX_WRONG_PER_DAY} wrong tries for one address
  within 24 hours, such clients are refused (\`reason: "address_guarded"\`) and the address is told by mail;
  registering and confirming from your own client still works (one try per new code). After
  ${MAX_FAILED_PER_ADDRESS} wrong tries in all, no code is accepted until the 24 hours end
  (\`reason: "address_locked"\`, with \`lockedUntil\`). Wrong codes never refuse a registration.
- Tokens look like \`mcpdir_\` followed by 36 letters and digits (the last 6 are a checksum), so secret scanners
  can recognise a leaked one: pattern \`mcpdir_[0-9A-Za-z]{36}\`.

## 3. Use the token

\`\`\`sh
curl -X POST ${base}/api/v1/agent/claim \\
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '{"id":"<listing id>","method":"dns"}'
\`\`\`

Send it only in the \`Authorization\` header. Errors follow RFC 6750:

| situation | status | \`WWW-Authenticate\` |
|---|---|---|
| no token | 401 \`unauthorized\` | \`Bearer realm="mcp-directory", resource_metadata="${base}/.well-known/oauth-protected-resource"\` |
| malformed, unknown, expired or revoked token | 401 \`unauthorized\` | \`… error="invalid_token" …\` |
| valid token without \`listings:claim\` | 403 \`insufficient_scope\` | \`… error="insufficient_scope", scope="listings:claim" …\` |

## 4. Revoke the token

\`\`\`sh
curl -X POST ${base}/api/v1/agent/revoke -H "Authorization: Bearer $TOKEN"
\`\`\`

Any valid token may revoke itself; no scope is needed. From then on it is refused everywhere (401) within a
second. Register again for a new one.

## MCP tools

Where the directory's MCP endpoint (\`${base}/api/mcp\`) is deployed, it offers the same steps as tools:

| step | tool |
|---|---|
| register | \`register_mcp_agent\` with \`email\`, optional \`agentName\` and \`scopes\` |
| confirm | \`confirm_mcp_agent\` with \`email\` and \`code\` |
| claim | \`verify_mcp_claim\` with the token as \`agentToken\` or in the \`Authorization\` header |
| revoke | \`revoke_mcp_agent\` |

Machine-readable metadata (RFC 9728): \`${base}/.well-known/oauth-protected-resource\`.
`
}
