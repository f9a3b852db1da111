// The directory's tools. Each mirrors one REST endpoint and goes through it (via the gateway), so it meets the same
// validation, Bearer and scope checks and rate limits; a failure is a tool error carrying the API's Error object.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { CONFIG_CLIENTS } from '@mcp-directory/shared/install'
import { AppError, invalidParameter, type ErrorBody } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { z } from 'zod'
import { ApiError, errorBodyOf, type CallerContext, type DirectoryClient } from '../directory/client'
import { Category, ConfigEntry, InstallInfo, ListingSummary, ServerDetail, toolInput, toolOutput } from './schemas'
import { markdownInline, quoted } from '@mcp-directory/shared/text'
import { categoriesText, challengeText, confirmedText, detailText, errorText, installText, registeredText, searchText, submittedText } from './text'

type Args = Record<string, unknown>
type Result = { data: Record<string, unknown>; text: string }

/** A tool error carrying the Error object in text and structuredContent. */
export function toolError(e: ErrorBody): CallToolResult {
  const data: Record<string, unknown> = { error: e.error, message: e.message, status: e.status }
  if (e.details !== undefined) data.details = e.details
  return { content: [{ type: 'text', text: errorText(e) }], structuredContent: data, isError: true }
}

/** Runs a tool body; every failure becomes a tool error, never a protocol error. */
async function run(log: Logger, tool: string, body: () => Promise<Result>): Promise<CallToolResult> {
  try {
    const r = await body()
    return { content: [{ type: 'text', text: r.text }], structuredContent: r.data }
  } catch (err) {
    if (err instanceof ApiError) return toolError(err.body)
    if (err instanceof AppError) return toolError(errorBodyOf(err))
    log.error({ tool, err: err instanceof Error ? err.message : String(err) }, 'tool failed')
    return toolError({ error: 'internal', message: 'The tool failed; try again shortly', status: 500 })
  }
}

/** A required, non-empty string argument (listing ids, which go into a path). */
function requiredString(args: Args, name: string, maxLength = 200): string {
  const v = args[name]
  if (v === undefined || v === null || v === '') throw invalidParameter(name, 'is required')
  if (typeof v !== 'string') throw invalidParameter(name, 'must be a string')
  if (v.length > maxLength) throw invalidParameter(name, `must be at most ${maxLength} characters`)
  return v
}

/** The Bearer token a tool uses: its `agentToken` argument, else the MCP request's own Authorization header. */
function agentToken(args: Args, caller: CallerContext): string | null {
  const v = args.agentToken
  if (v === undefined || v === null || v === '') return caller.bearer
  if (typeof v !== 'string') throw invalidParameter('agentToken', 'must be a string')
  return v
}

/** Search arguments as the REST query string; values are checked by the search endpoint itself. */
function searchQuery(args: Args): string {
  const params = new URLSearchParams()
  const names: [string, string][] = [['query', 'q'], ['category', 'category'], ['transport', 'transport'], ['limit', 'limit'], ['cursor', 'cursor']]
  for (const [arg, param] of names) {
    const v = args[arg]
    if (v === undefined || v === null) continue
    if (typeof v !== 'string' && typeof v !== 'number') throw invalidParameter(arg, 'must be a string or a number')
    params.set(param, String(v))
  }
  const verified = args.verified
  if (verified === true || verified === '1' || verified === 1) params.set('verified', '1')
  else if (verified !== undefined && verified !== null && verified !== false) throw invalidParameter('verified', 'must be true or false')
  const qs = params.toString()
  return qs ? `?${qs}` : ''
}

const idArg = { type: 'string', description: 'Listing id (the `id` of a search result)', maxLength: 200 }
const tokenArg = { type: 'string', description: 'Agent token (mcpdir_…) from confirm_mcp_agent; defaults to the Bearer token of the MCP request' }
const SEARCH_ARGS = {
  query: { type: 'string', maxLength: 200, description: 'Keywords; misspellings are tolerated' },
  category: { type: 'string', description: 'Category as its stored name (emoji and label), plain label or slug, case-insensitive (see list_mcp_categories)' },
  transport: { type: 'string', enum: ['stdio', 'remote'], description: 'stdio: runs as a local process; remote: a hosted HTTP endpoint' },
  verified: { type: 'boolean', description: 'true: only listings seen running' },
  limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Results per page' },
  cursor: { type: 'string', description: 'nextCursor of the previous page' },
}
const SUBMIT_ARGS = {
  name: { type: 'string', description: 'Server name' },
  url: { type: 'string', format: 'uri', description: 'Repository or website address' },
  description: { type: 'string', description: 'What the server does' },
  category: { type: 'string', description: 'Category in any spelling (see list_mcp_categories)' },
  email: { type: 'string', format: 'email', description: 'Contact address; it receives the claim link and is never shown' },
  tags: { type: 'array', items: { type: 'string' } },
  license: { type: 'string' },
  authType: { type: 'string', enum: ['none', 'api_key', 'oauth', 'other'] },
  pricingModel: { type: 'string', enum: ['free', 'freemium', 'paid', 'byok'] },
  maintenanceStatus: { type: 'string', enum: ['active', 'stable', 'experimental', 'archived'] },
  compatibleClients: { type: 'array', items: { type: 'string' } },
  supportUrl: { type: 'string', format: 'uri' },
}

const SearchOutput = toolOutput({ total: z.number().int(), query: z.string().nullable(), category: z.string().nullable(), servers: z.array(ListingSummary), nextCursor: z.string().nullable() })
const DetailOutput = toolOutput({ server: ServerDetail })
const InstallOutput = toolOutput({ id: z.string(), name: z.string(), installName: z.string(), install: InstallInfo.nullable(), configs: z.array(ConfigEntry).nullable() })
const CategoriesOutput = toolOutput({ categories: z.array(Category) })
const SubmitOutput = toolOutput({ success: z.boolean(), message: z.string(), id: z.string(), name: z.string(), url: z.string(), category: z.string(), status: z.string(), claim_url: z.string(), badge_markdown: z.string() })
const Scopes = z.array(z.string())
const RegisterOutput = toolOutput({ success: z.boolean(), message: z.string(), email: z.string(), scopes: Scopes, expiresAt: z.string(), confirm_url: z.string() })
const ConfirmOutput = toolOutput({ success: z.boolean(), message: z.string(), token: z.string(), tokenType: z.string(), scopes: Scopes, expiresAt: z.string(), docs: z.looseObject({}) })
const ChallengeOutput = toolOutput({ id: z.string(), name: z.string(), proof: z.string(), methods: z.looseObject({ dns: z.looseObject({}).optional(), website_badge: z.looseObject({}).optional(), github: z.looseObject({}).optional() }) })
const ClaimOutput = toolOutput({ success: z.boolean(), pending: z.boolean(), isOfficial: z.boolean(), reciprocalBadgeOk: z.boolean(), message: z.string() })
const RevokeOutput = toolOutput({ success: z.boolean(), message: z.string() })

const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
const write = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false }
const enc = encodeURIComponent

/** The client slug a `client` argument names (slug or label, any case), or an invalid_parameter error. */
function clientSlug(v: unknown): string | null {
  if (v === undefined || v === null || v === '' || v === 'all') return null
  if (typeof v !== 'string') throw invalidParameter('client', 'must be a string')
  const want = v.trim().toLowerCase()
  const hit = CONFIG_CLIENTS.find((c) => c.client === want || c.label.toLowerCase() === want)
  if (!hit) throw new AppError(400, 'invalid_parameter', `Invalid parameter "client": must be one of ${CONFIG_CLIENTS.map((c) => c.client).join(', ')} or all`, [{ parameter: 'client', message: 'unknown client', allowed: CONFIG_CLIENTS.map((c) => c.client) }])
  return hit.client
}

type Detail = z.infer<typeof ServerDetail> & { install: (z.infer<typeof InstallInfo> & { command?: string; args?: string[]; url?: string }) | null }

/** Registers every tool on a server built for one request. */
export function registerTools(server: McpServer, api: DirectoryClient, caller: CallerContext, log: Logger) {
  server.registerTool(
    'search_mcp_servers',
    {
      title: 'Search MCP servers',
      description: 'Searches the directory of MCP servers (ranked, typo-tolerant). Same parameters and results as GET /api/v1/search.',
      inputSchema: toolInput(SEARCH_ARGS),
      outputSchema: SearchOutput,
      annotations: read,
    },
    (args) =>
      run(log, 'search_mcp_servers', async () => {
        const r = await api.json<Parameters<typeof searchText>[0]>(`/api/v1/search${searchQuery(args)}`)
        return { data: r as unknown as Record<string, unknown>, text: searchText(r) }
      }),
  )

  server.registerTool(
    'get_mcp_server',
    {
      title: 'Get one MCP server',
      description: 'One listing of the directory: description, category, repository, transports, tools, quality score, popularity, install recipe and configs for each MCP client. Same as GET /api/v1/servers/{id}.',
      inputSchema: toolInput({ id: idArg }, ['id']),
      outputSchema: DetailOutput,
      annotations: read,
    },
    (args) =>
      run(log, 'get_mcp_server', async () => {
        const r = await api.json<{ server: Detail }>(`/api/v1/servers/${enc(requiredString(args, 'id'))}`)
        return { data: r, text: detailText(r.server) }
      }),
  )

  server.registerTool(
    'get_mcp_install_config',
    {
      title: 'Get install config',
      description: `Ready-to-paste configuration of one listing for one MCP client (${CONFIG_CLIENTS.map((c) => c.client).join(', ')}), or for all of them.`,
      inputSchema: toolInput({ id: idArg, client: { type: 'string', enum: [...CONFIG_CLIENTS.map((c) => c.client), 'all'], default: 'all', description: 'Client slug (or its label); all: every client' } }, ['id']),
      outputSchema: InstallOutput,
      annotations: read,
    },
    (args) =>
      run(log, 'get_mcp_install_config', async () => {
        const id = requiredString(args, 'id')
        const client = clientSlug(args.client)
        const { server: s } = await api.json<{ server: Detail }>(`/api/v1/servers/${enc(id)}`)
        const configs = s.configs === null ? null : s.configs.filter((c) => client === null || c.client === client)
        const data = { id: s.id, name: s.name, installName: s.installName, install: s.install, configs }
        return { data, text: installText(data as Parameters<typeof installText>[0]) }
      }),
  )

  server.registerTool(
    'list_mcp_categories',
    {
      title: 'List categories',
      description: 'The categories of the directory; search accepts each by its stored name, plain label or slug.',
      inputSchema: toolInput({}),
      outputSchema: CategoriesOutput,
      annotations: read,
    },
    () =>
      run(log, 'list_mcp_categories', async () => {
        const r = await api.json<{ categories: z.infer<typeof Category>[] }>('/api/v1/categories')
        return { data: r, text: categoriesText(r.categories) }
      }),
  )

  server.registerTool(
    'submit_mcp_server',
    {
      title: 'Submit an MCP server',
      description: 'Submits a new listing; it stays pending until its owner proves ownership through claim_url or an operator approves it. Same body and answer as POST /api/v1/submit.',
      inputSchema: toolInput(SUBMIT_ARGS, ['name', 'url', 'description', 'category', 'email']),
      outputSchema: SubmitOutput,
      annotations: write,
    },
    (args) =>
      run(log, 'submit_mcp_server', async () => {
        const body = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined))
        const r = await api.json<{ id: string; name: string; status: string; claim_url: string; badge_markdown: string }>('/api/v1/submit', { method: 'POST', body })
        return { data: r, text: submittedText(r) }
      }),
  )

  server.registerTool(
    'register_mcp_agent',
    {
      title: 'Register an agent',
      description: 'Step 1 of getting an agent token: e-mails a 6-digit confirmation code to the address. Same as POST /api/v1/agent/register.',
      inputSchema: toolInput({
        email: { type: 'string', format: 'email', description: 'Where the code is sent' },
        agentName: { type: 'string', maxLength: 100, description: 'Name of the agent, for the owner of the address' },
        scopes: { type: 'array', items: { type: 'string', enum: ['listings:claim'] }, description: 'Omitted: every scope; []: a token that can only revoke itself' },
      }, ['email']),
      outputSchema: RegisterOutput,
      annotations: write,
    },
    (args) =>
      run(log, 'register_mcp_agent', async () => {
        const body = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined))
        const r = await api.json<{ email: string; expiresAt: string; scopes: string[] }>('/api/v1/agent/register', { method: 'POST', body })
        return { data: r, text: registeredText(r) }
      }),
  )

  server.registerTool(
    'confirm_mcp_agent',
    {
      title: 'Confirm an agent',
      description: 'Step 2: exchanges the e-mailed code for an agent token (shown once). Same as POST /api/v1/agent/register/confirm.',
      inputSchema: toolInput({ email: { type: 'string', format: 'email' }, code: { type: 'string', pattern: '^[0-9]{6}$', description: 'The 6-digit code from the e-mail' } }, ['email', 'code']),
      outputSchema: ConfirmOutput,
      annotations: write,
    },
    (args) =>
      run(log, 'confirm_mcp_agent', async () => {
        const body = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined))
        const r = await api.json<{ token: string; tokenType: string; scopes: string[]; expiresAt: string }>('/api/v1/agent/register/confirm', { method: 'POST', body })
        return { data: r, text: confirmedText(r) }
      }),
  )

  server.registerTool(
    'get_claim_challenge',
    {
      title: 'Get claim challenge',
      description: 'What to publish to prove ownership of a listing: a DNS TXT record, a badge on its website, or a badge in its repository README. Needs an agent token with scope listings:claim. Same as GET /api/v1/agent/claim/{id}/challenge.',
      inputSchema: toolInput({ id: idArg, agentToken: tokenArg }, ['id']),
      outputSchema: ChallengeOutput,
      annotations: read,
    },
    (args) =>
      run(log, 'get_claim_challenge', async () => {
        const id = requiredString(args, 'id')
        const r = await api.json<Parameters<typeof challengeText>[0]>(`/api/v1/agent/claim/${enc(id)}/challenge`, { bearer: agentToken(args, caller) })
        return { data: r as unknown as Record<string, unknown>, text: challengeText(r) }
      }),
  )

  server.registerTool(
    'verify_mcp_claim',
    {
      title: 'Verify a claim',
      description: 'Checks the published ownership proof and, when it holds, marks the listing official (and approves it if pending). Needs an agent token with scope listings:claim, as agentToken or as the Bearer token of the MCP request. Same as POST /api/v1/agent/claim.',
      inputSchema: toolInput({
        id: idArg,
        method: { type: 'string', enum: ['dns', 'website_badge', 'github'], default: 'dns' },
        websiteUrl: { type: 'string', format: 'uri', description: 'website_badge: the page carrying the badge (one the listing points to)' },
        agentToken: tokenArg,
      }, ['id']),
      outputSchema: ClaimOutput,
      annotations: { ...write, idempotentHint: true, openWorldHint: true },
    },
    (args) =>
      run(log, 'verify_mcp_claim', async () => {
        const { agentToken: _token, ...rest } = args
        const body = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
        const r = await api.json<{ isOfficial: boolean; pending: boolean; reciprocalBadgeOk: boolean; message: string; method?: string }>('/api/v1/agent/claim', { method: 'POST', body, bearer: agentToken(args, caller) })
        // The endpoint's message may suggest adding a badge; tool output states the outcome only.
        const outcome = `${r.isOfficial ? 'official' : 'not official'}: ownership verified by ${r.method ?? String(body.method ?? 'dns')}`
        const message = `${String(body.id)} is ${outcome}.`
        const text = `Listing ${quoted(String(body.id))} is ${markdownInline(outcome)}.\nPending: ${r.pending ? 'yes' : 'no'}; reciprocal badge found: ${r.reciprocalBadgeOk ? 'yes' : 'no'}.`
        return { data: { ...r, message }, text }
      }),
  )

  server.registerTool(
    'revoke_mcp_agent',
    {
      title: 'Revoke an agent token',
      description: 'Revokes the agent token (agentToken, or the Bearer token of the MCP request); it is refused everywhere within a second. Same as POST /api/v1/agent/revoke.',
      inputSchema: toolInput({ agentToken: tokenArg }),
      outputSchema: RevokeOutput,
      annotations: { ...write, destructiveHint: true, idempotentHint: true },
    },
    (args) =>
      run(log, 'revoke_mcp_agent', async () => {
        const r = await api.json<{ success: boolean; message: string }>('/api/v1/agent/revoke', { method: 'POST', bearer: agentToken(args, caller) })
        return { data: r, text: markdownInline(r.message) }
      }),
  )
}
