// Params the protocol's schema refuses are invalid params (-32602). The SDK (2.4.0) checks each request against its
// schema before the handler runs, but throws a refusal as a plain Error, which it answers as -32603 internal error,
// on every method but tools/call (modelcontextprotocol/typescript-sdk#2284). So each handler the endpoint serves
// checks its params first, against the SDK's own schema of them, and refuses them as invalid params.
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  type ServerContext,
  type StandardSchemaV1,
  specTypeSchemas,
} from '@modelcontextprotocol/server'

type Handler = (request: { params?: unknown }, ctx: ServerContext) => Promise<unknown>

/** The params schema of each method the endpoint serves (tools/call is checked by the SDK itself). */
const PARAMS: Record<string, StandardSchemaV1> = {
  'prompts/get': specTypeSchemas.GetPromptRequestParams,
  'completion/complete': specTypeSchemas.CompleteRequestParams,
  'resources/read': specTypeSchemas.ReadResourceRequestParams,
  'resources/list': specTypeSchemas.PaginatedRequestParams,
  'resources/templates/list': specTypeSchemas.PaginatedRequestParams,
  'prompts/list': specTypeSchemas.PaginatedRequestParams,
  'tools/list': specTypeSchemas.PaginatedRequestParams,
}

// What a union's bare "Invalid input" expected.
const EXPECTED: Record<string, string> = {
  ref: 'expected {"type":"ref/prompt","name":…} or {"type":"ref/resource","uri":…}',
}

/** One line per refused param: its path in params and what was wrong. */
function faults(issues: readonly StandardSchemaV1.Issue[]): string {
  return issues
    .map((issue) => {
      const path = (issue.path ?? []).map((p) => String(typeof p === 'object' ? p.key : p)).join('.')
      const message = issue.message.replace(/^Invalid input: /, '')
      return `${path || 'params'}: ${message === 'Invalid input' ? (EXPECTED[path] ?? 'invalid') : message}`
    })
    .join('; ')
}

/**
 * Wraps the server's handlers of those methods so that params their schema refuses answer -32602 naming each bad
 * param. The handlers are the SDK's own table (not part of its typed API): the SDK is pinned, and the endpoint
 * tests assert the code.
 */
export function checkParams(server: McpServer): void {
  const handlers = (server.server as unknown as { _requestHandlers?: Map<string, Handler> })._requestHandlers
  if (!(handlers instanceof Map)) return
  for (const [method, schema] of Object.entries(PARAMS)) {
    const handler = handlers.get(method)
    if (!handler) continue
    handlers.set(method, async (request, ctx) => {
      // Absent params are an empty object: the list methods' params are optional; the others' required fields are not.
      const result = await schema['~standard'].validate(request.params ?? {})
      if (result.issues)
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Invalid params for ${method}: ${faults(result.issues)}`,
        )
      return handler(request, ctx)
    })
  }
}
