// What a tool is: its name, description, argument declarations (args.ts), output schema and annotations, and the
// call it makes. The registry (index.ts) checks the arguments against the declarations before `call` runs, and
// turns every failure into a tool error, never a protocol error.
import type { CallToolResult, McpServer, StandardSchemaWithJSON, ToolAnnotations } from '@modelcontextprotocol/server'
import { AppError, type ErrorBody } from '@mcp-directory/shared/errors'
import type { Logger } from '@mcp-directory/shared/log'
import { ApiError } from '@mcp-directory/shared/public-api'
import { errorBodyOf, type CallerContext, type DirectoryClient } from '../public-api/client'
import { checkArgs, inArgumentTerms, toolInput, type ArgSpecs } from './args'
import { errorText } from './account-text'

/** A tool's arguments once checked: the ones given, without the absent ones. */
export type Args = Record<string, unknown>
/** What a tool answers: `data` is its structuredContent, `text` the same data in readable form. */
export type ToolResult = { data: Record<string, unknown>; text: string }

/** What a tool call may use: the public API and who the MCP request speaks for. */
export interface ToolContext {
  api: DirectoryClient
  caller: CallerContext
}

/** One tool of the directory. */
export interface Tool {
  name: string
  title: string
  description: string
  /** The arguments, declared once: their JSON Schema in tools/list and the check a call meets. */
  args: ArgSpecs
  /** The output schema, from the response model of the route the tool calls (`toolOutput`). */
  output: Record<string, unknown>
  annotations: ToolAnnotations
  /** REST parameter names that differ from the tool's argument names (for the endpoint's complaints). */
  restNames?: Record<string, string>
  call(args: Args, ctx: ToolContext): Promise<ToolResult>
}

/** A tool error carrying the Error object in text and structuredContent. */
export function toolError(e: ErrorBody): CallToolResult {
  const data: Record<string, unknown> = { error: e.error, message: e.message, status: e.status }
  if (e.details !== undefined) data.details = e.details
  return { content: [{ type: 'text', text: errorText(e) }], structuredContent: data, isError: true }
}

/**
 * Runs one call of a tool; every failure becomes a tool error. An endpoint's complaint about its input is told in
 * the tool's argument names.
 */
async function run(tool: Tool, args: Args | undefined, ctx: ToolContext, log: Logger): Promise<CallToolResult> {
  try {
    const r = await tool.call(checkArgs(tool.args, args), ctx)
    return { content: [{ type: 'text', text: r.text }], structuredContent: r.data }
  } catch (err) {
    if (err instanceof ApiError) return toolError(inArgumentTerms(err.body, tool.restNames))
    if (err instanceof AppError) return toolError(errorBodyOf(err))
    log.error({ tool: tool.name, err: err instanceof Error ? err.message : String(err) }, 'tool failed')
    return toolError({ error: 'internal', message: 'The tool failed; try again shortly', status: 500 })
  }
}

type Validate = (value: unknown) => { value: unknown } | { issues: readonly { message: string }[] }

/** A Standard Schema with its JSON Schema given once, so a per-request server converts nothing. */
function withJson(json: Record<string, unknown>, validate: Validate): StandardSchemaWithJSON<Args, Args> {
  const convert = { input: () => json, output: () => json }
  return {
    '~standard': { version: 1, vendor: 'mcp-directory', validate, jsonSchema: convert },
  } as StandardSchemaWithJSON<Args, Args>
}

/** A tool's schemas as the SDK takes them, built once per tool (not per request). */
const schemaCache = new WeakMap<
  Tool,
  { input: StandardSchemaWithJSON<Args, Args>; output: StandardSchemaWithJSON<Args, Args> }
>()
function schemasOf(tool: Tool) {
  let s = schemaCache.get(tool)
  if (!s) {
    // Arguments pass through to `checkArgs`, which names every bad one in a tool error the model can act on. The
    // output is the route's body, which its route answered under the same model: passed as it is.
    const input = withJson(toolInput(tool.args), (value) => ({ value }))
    const output = withJson(tool.output, (value) => ({ value }))
    s = { input, output }
    schemaCache.set(tool, s)
  }
  return s
}

/** Registers one tool on a server built for one request. */
export function registerTool(server: McpServer, tool: Tool, ctx: ToolContext, log: Logger) {
  const { input, output } = schemasOf(tool)
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: input,
      outputSchema: output,
      annotations: tool.annotations,
    },
    (args) => run(tool, args, ctx, log),
  )
}
