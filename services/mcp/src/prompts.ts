// Prompts for the two common flows: find and install a server for a need, and claim one's own listing. Their text
// is the directory's own; the arguments are the user's, put in as quoted values.
import {
  completable,
  type GetPromptResult,
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
} from '@modelcontextprotocol/server'
import { ACCEPTED_CLIENT_NAMES, CONFIG_CLIENTS, clientFromName } from '@mcp-directory/shared/install'
import { flatText } from '@mcp-directory/shared/text'
import { z } from 'zod'

/** The prompt names, in the order prompts/list gives them. */
export const PROMPTS = ['find_and_install', 'claim_my_server'] as const

const SLUGS = CONFIG_CLIENTS.map((c) => c.client)
const MAX_ARG = 300

/** A prompt argument as one quoted line (a user's words, not more of the prompt's own structure). */
const value = (s: string) => JSON.stringify(flatText(s).slice(0, MAX_ARG))

/** The client slug a prompt's `client` names (slug or label, any case); an unknown one is invalid params. */
function clientOf(v: string | undefined): string {
  if (v === undefined || v.trim() === '') return 'claude-code'
  const slug = clientFromName(v)
  if (!slug)
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `Invalid argument "client": must name an MCP client; accepted: ${ACCEPTED_CLIENT_NAMES}`,
    )
  return slug
}

const user = (text: string): GetPromptResult => ({ messages: [{ role: 'user', content: { type: 'text', text } }] })

// The argument schemas are built once: a server is built per request, and zod schemas are costly to build.
const FIND_ARGS = z.object({
  need: z.string().describe('What the server should let you do, e.g. "query my Postgres database"'),
  // The SDK finds the completer under `optional()`, so it marks the string itself.
  client: completable(z.string().describe(`Your MCP client: ${SLUGS.join(', ')} (default claude-code)`), (v) =>
    SLUGS.filter((s) => s.startsWith((v ?? '').trim().toLowerCase())),
  ).optional(),
})
const CLAIM_ARGS = z.object({
  server: z.string().describe('The listing id, or the server name to search for'),
  email: z.string().describe('Your e-mail address, for the confirmation code'),
})

/** Registers the prompts on a server built for one request. */
export function registerPrompts(server: McpServer) {
  server.registerPrompt(
    'find_and_install',
    {
      title: 'Find and install an MCP server',
      description: 'Find the best MCP server for a need and install it in your MCP client, in one search.',
      argsSchema: FIND_ARGS,
    },
    ({ need, client }) => {
      const slug = clientOf(client)
      return user(
        [
          `I need an MCP server for this: ${value(need)}. My MCP client is ${slug}.`,
          `Call search_mcp_servers once with a short query for that need and client ${JSON.stringify(slug)}.`,
          'From the hits, prefer one that is official or verified, healthy, not archived, with install confidence high; ' +
            'say which keys it needs, if any.',
          'Give me its install line for my client (a command to run, a link to open, or config to merge), exactly as the hit gives it. ' +
            'Call get_mcp_server only if I ask about its tools or the choice is close.',
        ].join('\n'),
      )
    },
  )

  server.registerPrompt(
    'claim_my_server',
    {
      title: 'Claim my MCP server',
      description:
        'Prove that you own a listed MCP server, so the directory marks it official: register, confirm, publish a proof, verify.',
      argsSchema: CLAIM_ARGS,
    },
    ({ server: listing, email }) =>
      user(
        [
          `I own the MCP server ${value(listing)} and want to claim its listing. My e-mail address is ${value(email)}.`,
          '1. If that is not a listing id, find the listing with search_mcp_servers and confirm it with me.',
          '2. Call register_mcp_agent with my address; I will tell you the 6-digit code from the e-mail.',
          '3. Call confirm_mcp_agent with the code; keep the token it returns (shown once).',
          '4. Call get_claim_challenge with the listing id and the token; show me the proofs, and I will publish one ' +
            '(a DNS TXT record, a badge on my website, or a badge in my repository README).',
          '5. When I say it is published, call verify_mcp_claim with the method I used; if it fails, show me what was found instead.',
          '6. When the listing is official, call revoke_mcp_agent with the token.',
        ].join('\n'),
      ),
  )
}
