// The directory's tools. Each goes through the REST endpoint it mirrors (via the gateway), so it meets the same
// validation, Bearer and scope checks and rate limits; arguments are checked here first, by their own names.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { archivedReason } from '@mcp-directory/shared/contracts'
import { AppError, type ErrorBody } from '@mcp-directory/shared/errors'
import { CONFIG_CLIENTS } from '@mcp-directory/shared/install'
import type { Logger } from '@mcp-directory/shared/log'
import { markdownInline, quoted } from '@mcp-directory/shared/text'
import { z } from 'zod'
import { ApiError, errorBodyOf, type CallerContext, type DirectoryClient } from '../directory/client'
import { checkArgs, inArgumentTerms, toolInput, type ArgSpec, type ArgSpecs } from './args'
import { Category, ConfigEntry, InstallInfo, SearchHit, ServerDetail, toolOutput } from './schemas'
import {
  categoriesText,
  challengeText,
  confirmedText,
  detailText,
  errorText,
  installText,
  registeredText,
  searchText,
  submittedText,
  type InstallHint,
} from './text'

type Args = Record<string, unknown>
type Result = { data: Record<string, unknown>; text: string }

/** A tool error carrying the Error object in text and structuredContent. */
export function toolError(e: ErrorBody): CallToolResult {
  const data: Record<string, unknown> = { error: e.error, message: e.message, status: e.status }
  if (e.details !== undefined) data.details = e.details
  return { content: [{ type: 'text', text: errorText(e) }], structuredContent: data, isError: true }
}

/**
 * Runs a tool body; every failure becomes a tool error, never a protocol error. An endpoint's complaint about its
 * input is told in the tool's argument names (`names` maps REST parameter names that differ).
 */
async function run(
  log: Logger,
  tool: string,
  body: () => Promise<Result>,
  names: Record<string, string> = {},
): Promise<CallToolResult> {
  try {
    const r = await body()
    return { content: [{ type: 'text', text: r.text }], structuredContent: r.data }
  } catch (err) {
    if (err instanceof ApiError) return toolError(inArgumentTerms(err.body, names))
    if (err instanceof AppError) return toolError(errorBodyOf(err))
    log.error({ tool, err: err instanceof Error ? err.message : String(err) }, 'tool failed')
    return toolError({ error: 'internal', message: 'The tool failed; try again shortly', status: 500 })
  }
}

const SLUGS = CONFIG_CLIENTS.map((c) => c.client)
const CLIENT_HELP = `${CONFIG_CLIENTS.map((c) => `${c.client} (${c.label})`).join(', ')}`

/** The client slug a `client` argument names: a slug, or a client's label, in any case. */
function clientSlug(v: string): string | null {
  const want = v.trim().toLowerCase()
  return CONFIG_CLIENTS.find((c) => c.client === want || c.label.toLowerCase() === want)?.client ?? null
}
const clientCheck = (allowAll: boolean) => (v: unknown) =>
  (allowAll && v === 'all') || clientSlug(String(v))
    ? null
    : `must be a client slug: ${SLUGS.join(', ')}${allowAll ? ', or all' : ''} (a label such as "Cursor" works too)`

const ID: ArgSpec = {
  type: 'string',
  required: true,
  maxLength: 200,
  description: 'Listing id: the `id` of a search hit',
}
const TOKEN: ArgSpec = {
  type: 'string',
  maxLength: 200,
  description: 'Agent token (mcpdir_…) from confirm_mcp_agent; omitted: the Bearer token of the MCP request',
}

const SEARCH: ArgSpecs = {
  query: {
    type: 'string',
    maxLength: 200,
    description:
      'What the server should do, in a few words (e.g. "postgres", "send slack messages"); typos are tolerated',
  },
  category: {
    type: 'string',
    maxLength: 200,
    description: 'Category slug, label or stored name, any case (list_mcp_categories)',
  },
  transport: {
    type: 'string',
    enum: ['stdio', 'remote'],
    description: 'stdio: a package run locally; remote: a hosted HTTP endpoint',
  },
  verified: { type: 'boolean', description: 'true: only listings the directory has seen running' },
  client: {
    type: 'string',
    default: 'claude-code',
    check: clientCheck(false),
    description: `The MCP client to install into; each hit carries its install line for it. Slugs: ${CLIENT_HELP}; labels are accepted too`,
  },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'Hits per page' },
  cursor: {
    type: 'string',
    maxLength: 200,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'nextCursor of the previous page',
  },
}
// REST names of search parameters that differ from the tool's.
const SEARCH_NAMES = { q: 'query' }

const SUBMIT: ArgSpecs = {
  name: { type: 'string', required: true, description: 'Server name' },
  url: { type: 'string', required: true, format: 'uri', description: 'Repository or website address' },
  description: { type: 'string', required: true, description: 'What the server does' },
  category: {
    type: 'string',
    required: true,
    description: 'Category slug, label or stored name (list_mcp_categories)',
  },
  email: {
    type: 'string',
    required: true,
    format: 'email',
    description: 'Contact address; it receives the claim link and is never shown',
  },
  tags: { type: 'array', items: { type: 'string' } },
  license: { type: 'string' },
  authType: { type: 'string', enum: ['none', 'api_key', 'oauth', 'other'] },
  pricingModel: { type: 'string', enum: ['free', 'freemium', 'paid', 'byok'] },
  maintenanceStatus: { type: 'string', enum: ['active', 'stable', 'experimental', 'archived'] },
  compatibleClients: { type: 'array', items: { type: 'string' } },
  supportUrl: { type: 'string', format: 'uri' },
}

const REGISTER: ArgSpecs = {
  email: { type: 'string', required: true, format: 'email', description: 'Where the code is sent' },
  agentName: { type: 'string', maxLength: 100, description: 'Name of the agent, shown to the owner of the address' },
  scopes: {
    type: 'array',
    items: { type: 'string', enum: ['listings:claim'] },
    description: 'Omitted: every scope; []: a token that can only revoke itself',
  },
}
const CONFIRM: ArgSpecs = {
  email: { type: 'string', required: true, format: 'email', description: 'The address given to register_mcp_agent' },
  code: { type: 'string', required: true, pattern: '^[0-9]{6}$', description: 'The 6-digit code from the e-mail' },
}
const VERIFY: ArgSpecs = {
  id: ID,
  method: {
    type: 'string',
    enum: ['dns', 'website_badge', 'github'],
    default: 'dns',
    description: 'Which published proof to check (get_claim_challenge)',
  },
  websiteUrl: {
    type: 'string',
    format: 'uri',
    description: 'website_badge: the page carrying the badge (one the listing points to)',
  },
  agentToken: TOKEN,
}

const SearchOutput = toolOutput({
  total: int(),
  query: z.string().nullable(),
  category: z.string().nullable(),
  servers: z.array(SearchHit),
  nextCursor: z.string().nullable(),
})
const DetailOutput = toolOutput({ server: ServerDetail })
const InstallOutput = toolOutput({
  id: z.string(),
  name: z.string(),
  installName: z.string(),
  install: InstallInfo.nullable(),
  configs: z.array(ConfigEntry).nullable(),
})
const CategoriesOutput = toolOutput({ categories: z.array(Category) })
const SubmitOutput = toolOutput({
  success: z.boolean(),
  message: z.string(),
  id: z.string(),
  name: z.string(),
  url: z.string(),
  category: z.string(),
  status: z.string(),
  claim_url: z.string(),
  badge_markdown: z.string(),
})
const Scopes = z.array(z.string())
const RegisterOutput = toolOutput({
  success: z.boolean(),
  message: z.string(),
  email: z.string(),
  scopes: Scopes,
  expiresAt: z.string(),
  confirm_url: z.string(),
})
const ConfirmOutput = toolOutput({
  success: z.boolean(),
  message: z.string(),
  token: z.string(),
  tokenType: z.string(),
  scopes: Scopes,
  expiresAt: z.string(),
})
const ChallengeOutput = toolOutput({ id: z.string(), name: z.string(), proof: z.string(), methods: z.looseObject({}) })
const ClaimOutput = toolOutput({
  success: z.boolean(),
  pending: z.boolean(),
  isOfficial: z.boolean(),
  reciprocalBadgeOk: z.boolean(),
  message: z.string(),
})
const RevokeOutput = toolOutput({ success: z.boolean(), message: z.string() })
function int() {
  return z.number().meta({ type: 'integer' })
}

// Annotations as the tools behave. Reads touch only the directory. Register and submit send e-mail (an outside
// effect); verify reads the owner's DNS, website or repository; a second revoke of the same token is a 401.
const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false }
const MAILS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: true,
}
const CONFIRMS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
}
const VERIFIES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: true,
}
const REVOKES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
}

const enc = encodeURIComponent

type Detail = z.infer<typeof ServerDetail> & {
  install: (z.infer<typeof InstallInfo> & { command?: string; args?: string[]; url?: string }) | null
}
type SearchBody = Parameters<typeof searchText>[0] & { servers: InstallHint[] }

/** A detail with what the directory knows of its maintenance: `archived` as the catalog gave it, or as read here. */
function withArchived(s: Detail & { checks?: { githubArchived?: boolean | null }; maintenanceStatus?: string | null }) {
  const archived =
    s.archived !== undefined ? s.archived : archivedReason({ ...s, githubArchived: s.checks?.githubArchived })
  return { ...s, archived }
}

/** Search arguments as the REST query string (the endpoint checks the values again). */
function searchQuery(a: Args, client: string): string {
  const params = new URLSearchParams()
  if (a.query !== undefined) params.set('q', String(a.query))
  for (const k of ['category', 'transport', 'cursor'] as const) if (a[k] !== undefined) params.set(k, String(a[k]))
  params.set('limit', String(a.limit ?? 10))
  if (a.verified === true) params.set('verified', '1')
  params.set('client', client)
  return `?${params}`
}

/** The tools' names, in the order tools/list gives them. */
export const TOOLS = [
  'search_mcp_servers',
  'get_mcp_server',
  'get_mcp_install_config',
  'list_mcp_categories',
  'submit_mcp_server',
  'register_mcp_agent',
  'confirm_mcp_agent',
  'get_claim_challenge',
  'verify_mcp_claim',
  'revoke_mcp_agent',
] as const

/** Registers every tool on a server built for one request. */
export function registerTools(server: McpServer, api: DirectoryClient, caller: CallerContext, log: Logger) {
  /** The Bearer token a claim tool uses: its `agentToken` argument, else the MCP request's own Authorization header. */
  const tokenOf = (a: Args) => (typeof a.agentToken === 'string' && a.agentToken ? a.agentToken : caller.bearer)

  server.registerTool(
    'search_mcp_servers',
    {
      title: 'Search MCP servers',
      description:
        'Find MCP servers for a need, and how to install one, in one call. Use it first whenever the user wants a tool, integration or ' +
        'MCP server for something. Returns ranked hits; each says its transports (stdio or remote), health, whether it is verified ' +
        '(seen running) or official (claimed by its owner), whether it is archived, whether it needs keys (and which), the install ' +
        'confidence, and one line that installs it in the client named by `client` (a command to run, a link to open, or config to merge). ' +
        "Use get_mcp_server for a hit's tools, description and every client's config.",
      inputSchema: toolInput(SEARCH),
      outputSchema: SearchOutput,
      annotations: READ,
    },
    (args) =>
      run(
        log,
        'search_mcp_servers',
        async () => {
          const a = checkArgs(SEARCH, args)
          const client = clientSlug(String(a.client ?? 'claude-code')) ?? 'claude-code'
          const r = await api.json<SearchBody>(`/api/v1/search${searchQuery(a, client)}`)
          return { data: r as unknown as Record<string, unknown>, text: searchText(r, client) }
        },
        SEARCH_NAMES,
      ),
  )

  server.registerTool(
    'get_mcp_server',
    {
      title: 'Get one MCP server',
      description:
        'Everything about one listing, to decide on it or install it: description, category, marks (official, verified), health, ' +
        'whether it is archived or deprecated, repository, transports, its tools, risk findings about its tool descriptions if any, ' +
        'quality score, popularity, the install recipe with its confidence, and the ready-to-paste config (with one-line command and ' +
        "install links) for every client. Use it after search_mcp_servers, with a hit's id.",
      inputSchema: toolInput({ id: ID }),
      outputSchema: DetailOutput,
      annotations: READ,
    },
    (args) =>
      run(log, 'get_mcp_server', async () => {
        const a = checkArgs({ id: ID }, args)
        const r = await api.json<{ server: Detail }>(`/api/v1/servers/${enc(String(a.id))}`)
        return { data: r, text: detailText(withArchived(r.server)) }
      }),
  )

  const INSTALL: ArgSpecs = {
    id: ID,
    client: {
      type: 'string',
      default: 'all',
      check: clientCheck(true),
      description: `One client's config, or all (the default). Slugs: ${CLIENT_HELP}; labels are accepted too`,
    },
  }
  server.registerTool(
    'get_mcp_install_config',
    {
      title: 'Get install config',
      description:
        'The ready-to-paste config of one listing for one MCP client or for all: the file to edit on each system, the snippet, a note on ' +
        'keys and runtimes, and where the client has them a one-line command and install links (Cursor, VS Code). configs is null when ' +
        'the install is only guessed; then check the repository README.',
      inputSchema: toolInput(INSTALL),
      outputSchema: InstallOutput,
      annotations: READ,
    },
    (args) =>
      run(log, 'get_mcp_install_config', async () => {
        const a = checkArgs(INSTALL, args)
        const client = a.client === undefined || a.client === 'all' ? null : clientSlug(String(a.client))
        const { server: s } = await api.json<{ server: Detail }>(`/api/v1/servers/${enc(String(a.id))}`)
        const configs = s.configs === null ? null : s.configs.filter((c) => client === null || c.client === client)
        const data = { id: s.id, name: s.name, installName: s.installName, install: s.install, configs }
        return { data, text: installText(data as Parameters<typeof installText>[0]) }
      }),
  )

  server.registerTool(
    'list_mcp_categories',
    {
      title: 'List categories',
      description:
        'The categories of the directory (label, slug, emoji, group). Use it to pick the `category` of a search or a submission.',
      inputSchema: toolInput({}),
      outputSchema: CategoriesOutput,
      annotations: READ,
    },
    (args) =>
      run(log, 'list_mcp_categories', async () => {
        checkArgs({}, args)
        const r = await api.json<{ categories: z.infer<typeof Category>[] }>('/api/v1/categories')
        return { data: r, text: categoriesText(r.categories) }
      }),
  )

  server.registerTool(
    'submit_mcp_server',
    {
      title: 'Submit an MCP server',
      description:
        'Adds a server to the directory when search does not find it. It stays pending until its owner proves ownership (the claim ' +
        'flow, or the claim link e-mailed to `email`) or an operator approves it. Returns the new listing id, its status, the claim page ' +
        'and badge Markdown.',
      inputSchema: toolInput(SUBMIT),
      outputSchema: SubmitOutput,
      annotations: MAILS,
    },
    (args) =>
      run(log, 'submit_mcp_server', async () => {
        const body = checkArgs(SUBMIT, args)
        const r = await api.json<{
          id: string
          name: string
          status: string
          claim_url: string
          badge_markdown: string
        }>('/api/v1/submit', { method: 'POST', body })
        return { data: r, text: submittedText(r) }
      }),
  )

  server.registerTool(
    'register_mcp_agent',
    {
      title: 'Register an agent',
      description:
        'Claim flow, step 1 of 4: e-mails a 6-digit confirmation code to the address, for an agent token. Next: confirm_mcp_agent with ' +
        'the code the user reads from that e-mail. Returns where the code went and until when it is valid.',
      inputSchema: toolInput(REGISTER),
      outputSchema: RegisterOutput,
      annotations: MAILS,
    },
    (args) =>
      run(log, 'register_mcp_agent', async () => {
        const body = checkArgs(REGISTER, args)
        const r = await api.json<{ email: string; expiresAt: string; scopes: string[] }>('/api/v1/agent/register', {
          method: 'POST',
          body,
        })
        return { data: r, text: registeredText(r) }
      }),
  )

  server.registerTool(
    'confirm_mcp_agent',
    {
      title: 'Confirm an agent',
      description:
        'Claim flow, step 2 of 4: exchanges the e-mailed code for an agent token, shown once; keep it for get_claim_challenge and ' +
        'verify_mcp_claim (as agentToken, or as the Bearer token of the MCP connection).',
      inputSchema: toolInput(CONFIRM),
      outputSchema: ConfirmOutput,
      annotations: CONFIRMS,
    },
    (args) =>
      run(log, 'confirm_mcp_agent', async () => {
        const body = checkArgs(CONFIRM, args)
        const r = await api.json<{ token: string; tokenType: string; scopes: string[]; expiresAt: string }>(
          '/api/v1/agent/register/confirm',
          { method: 'POST', body },
        )
        return { data: r, text: confirmedText(r) }
      }),
  )

  const CHALLENGE: ArgSpecs = { id: ID, agentToken: TOKEN }
  server.registerTool(
    'get_claim_challenge',
    {
      title: 'Get claim challenge',
      description:
        'Claim flow, step 3 of 4: what to publish to prove ownership of a listing, by each method: a DNS TXT record, a badge on its ' +
        'website, or a badge in its repository README. Any one is enough; publish it, then call verify_mcp_claim. Needs an agent token.',
      inputSchema: toolInput(CHALLENGE),
      outputSchema: ChallengeOutput,
      annotations: READ,
    },
    (args) =>
      run(log, 'get_claim_challenge', async () => {
        const a = checkArgs(CHALLENGE, args)
        const r = await api.json<Parameters<typeof challengeText>[0]>(
          `/api/v1/agent/claim/${enc(String(a.id))}/challenge`,
          { bearer: tokenOf(a) },
        )
        return { data: r as unknown as Record<string, unknown>, text: challengeText(r) }
      }),
  )

  server.registerTool(
    'verify_mcp_claim',
    {
      title: 'Verify a claim',
      description:
        'Claim flow, step 4 of 4: checks the published proof (DNS, website or repository) and, when it holds, marks the listing ' +
        'official (and approves it if pending). Returns whether it is official now; on failure, what was found instead. Needs an agent token.',
      inputSchema: toolInput(VERIFY),
      outputSchema: ClaimOutput,
      annotations: VERIFIES,
    },
    (args) =>
      run(log, 'verify_mcp_claim', async () => {
        const { agentToken: _token, ...body } = checkArgs(VERIFY, args)
        type Claim = {
          isOfficial: boolean
          pending: boolean
          reciprocalBadgeOk: boolean
          message: string
          method?: string
        }
        const r = await api.json<Claim>('/api/v1/agent/claim', { method: 'POST', body, bearer: tokenOf(args ?? {}) })
        // The endpoint's message may suggest adding a badge; tool output states the outcome only.
        const outcome = `${r.isOfficial ? 'official' : 'not official'}: ownership verified by ${r.method ?? String(body.method ?? 'dns')}`
        const message = `${String(body.id)} is ${outcome}.`
        const text =
          `Listing ${quoted(String(body.id))} is ${markdownInline(outcome)}.\n` +
          `Pending: ${r.pending ? 'yes' : 'no'}; reciprocal badge found: ${r.reciprocalBadgeOk ? 'yes' : 'no'}.`
        return { data: { ...r, message }, text }
      }),
  )

  const REVOKE: ArgSpecs = { agentToken: TOKEN }
  server.registerTool(
    'revoke_mcp_agent',
    {
      title: 'Revoke an agent token',
      description:
        'Revokes an agent token (agentToken, or the Bearer token of the MCP request) when the claim work is done or the token leaked; ' +
        'it is refused everywhere within a second. Not repeatable: a revoked token is a 401 afterwards.',
      inputSchema: toolInput(REVOKE),
      outputSchema: RevokeOutput,
      annotations: REVOKES,
    },
    (args) =>
      run(log, 'revoke_mcp_agent', async () => {
        const a = checkArgs(REVOKE, args)
        const r = await api.json<{ success: boolean; message: string }>('/api/v1/agent/revoke', {
          method: 'POST',
          bearer: tokenOf(a),
        })
        return { data: r, text: markdownInline(r.message) }
      }),
  )
}
