import type { TSchema } from '@sinclair/typebox'
import { pathParams, TAGS, type Tag } from '@mcp-directory/shared/contracts'
import { ROUTES, type RouteSpec } from './routes'

// TypeBox schemas are JSON Schema; strip TypeBox's symbol keys by round-tripping through JSON.
/** A model as the OpenAPI document shows it. */
export const documentedSchema = (s: TSchema) => asDocumented(JSON.parse(JSON.stringify(s)))
const schema = documentedSchema

// Elysia's query numbers and booleans are `anyOf [a string in that format, the value]`, so that a query string can be
// read as one; the document shows the value's own type and bounds, as a client sends it.
function asDocumented(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(asDocumented)
  if (!node || typeof node !== 'object') return node
  const o: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node)) o[k] = asDocumented(v)
  const members = o.anyOf as Record<string, unknown>[] | undefined
  if (members?.length === 2) {
    const value = members.find((m) => m.type === 'integer' || m.type === 'number' || m.type === 'boolean')
    const text = members.find(
      (m) => m.type === 'string' && ['integer', 'numeric', 'boolean'].includes(String(m.format)),
    )
    if (value && text) {
      const { anyOf: _, ...rest } = o
      return { ...value, ...rest }
    }
  }
  return o
}

/** The path parameters of a route, documented by its contract's path model (their bounds and descriptions). */
function pathParameters(r: RouteSpec): unknown[] {
  const model = r.params && (schema(r.params) as { properties: Record<string, { description?: string }> })
  return pathParams(r.path).map((name) => {
    const s = model?.properties[name]
    if (!s) throw new Error(`${r.operationId}: its contract has no model of the path parameter ${name}`)
    return { name, in: 'path', required: true, schema: s, description: s.description }
  })
}

/** The tags the documented routes use, each with its description, in the order TAGS lists them. */
function usedTags() {
  const used = new Set(ROUTES.filter((r) => !r.hidden).map((r) => r.tag))
  return (Object.keys(TAGS) as Tag[]).filter((tag) => used.has(tag)).map((name) => ({ name, description: TAGS[name] }))
}

/** The OpenAPI 3.1 paths of the whole public API, generated from the route table and the shared models. */
export function openApiPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const r of ROUTES) {
    if (r.hidden) continue
    const oaPath = r.path.replace(/:([A-Za-z]+)/g, '{$1}')
    const parameters: unknown[] = pathParameters(r)
    if (r.query) {
      const q = schema(r.query) as { properties: Record<string, { description?: string }>; required?: string[] }
      for (const [name, s] of Object.entries(q.properties))
        parameters.push({
          name,
          in: 'query',
          required: q.required?.includes(name) ?? false,
          description: s.description,
          schema: s,
        })
    }
    const responses: Record<string, unknown> = {}
    for (const [status, res] of Object.entries(r.responses)) {
      responses[status] = {
        description: res.description,
        ...(res.type && res.schema ? { content: { [res.type]: { schema: schema(res.schema) } } } : {}),
      }
      if (r.limit && status === '200') {
        responses[status] = {
          ...(responses[status] as object),
          headers: {
            'RateLimit-Limit': { schema: { type: 'integer' } },
            'RateLimit-Remaining': { schema: { type: 'integer' } },
            'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until the window resets' },
          },
        }
      }
    }
    paths[oaPath] ??= {}
    paths[oaPath][r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      tags: [r.tag],
      parameters,
      ...(r.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schema(r.body) } } } }
        : {}),
      ...(r.auth
        ? { security: [{ [r.auth === 'operator' ? 'operatorToken' : 'agentToken']: r.scope ? [r.scope] : [] }] }
        : {}),
      responses,
    }
  }
  return paths
}

/** The OpenAPI document's fixed parts. */
export const openApiDocumentation = (baseUrl: string) => ({
  info: {
    title: 'MCP Server Directory API',
    version: '1.0.0',
    description: 'Search, read, submit and claim Model Context Protocol servers.',
  },
  servers: [{ url: baseUrl }],
  tags: usedTags(),
  paths: openApiPaths(),
  components: {
    securitySchemes: {
      operatorToken: { type: 'http', scheme: 'bearer', description: 'OPERATOR_TOKEN' },
      // directory-api §5.2: declared as client credentials whose token address is the confirmation endpoint,
      // though the token is obtained by e-mail verification, not by a client-credentials request.
      agentToken: {
        type: 'oauth2',
        description: 'Agent Bearer token from /api/v1/agent/register + /register/confirm; see /auth.md',
        flows: {
          clientCredentials: {
            tokenUrl: `${baseUrl}/api/v1/agent/register/confirm`,
            scopes: { 'listings:claim': 'Claim an existing listing by proving ownership' },
          },
        },
      },
    },
  },
})
