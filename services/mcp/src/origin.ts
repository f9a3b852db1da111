// DNS rebinding protection (the Streamable HTTP transport requires servers to validate `Origin`), and the SDK's
// stateless answer to a method that needs a session.
import { originOf } from '@mcp-directory/shared/config'

const rpcError = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })

/**
 * A request without `Origin` comes from a non-browser client and passes; a browser's must be one of `allowed`
 * (origins as browsers serialise them). Returns the 403 to answer, or null.
 */
export function originGuard(allowed: Iterable<string>) {
  const origins = new Set(allowed)
  return (request: Request): Response | null => {
    const origin = request.headers.get('origin')
    if (origin === null) return null
    const normalised = originOf(origin)
    if (normalised && origins.has(normalised)) return null
    return rpcError(403, 'Forbidden: this Origin may not use the MCP endpoint')
  }
}

/** Without sessions there is no stream to open or session to end: the SDK's stateless answer. */
export const methodNotAllowed = () => rpcError(405, 'Method not allowed.', { allow: 'GET, POST' })
