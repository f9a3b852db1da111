// Resources: each listing's Markdown document (a template) and the category list, read through the public API.
import {
  type McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
} from '@modelcontextprotocol/server'
import { getServerMarkdown, listCategories, searchServers } from '@mcp-directory/catalog/contracts'
import type { Logger } from '@mcp-directory/shared/log'
import { ApiError } from '@mcp-directory/shared/public-api'
import type { DirectoryClient } from './public-api/client'

/** URI of the category list. */
export const CATEGORIES_URI = 'directory://categories'
/** URI template of a listing's Markdown document. */
export const SERVER_URI_TEMPLATE = 'directory://servers/{id}'

/** An API failure as a JSON-RPC error whose data is the directory's Error object. */
function resourceError(err: unknown, uri: string, log: Logger): ProtocolError {
  if (err instanceof ApiError) {
    // An unknown resource is -32602 Invalid params (2026-07-28, on every revision the SDK serves).
    if (err.body.status === 404) return new ResourceNotFoundError(uri, `Resource ${uri} not found`)
    const code =
      err.body.status && err.body.status < 500 ? ProtocolErrorCode.InvalidParams : ProtocolErrorCode.InternalError
    return new ProtocolError(code, err.body.message, err.body)
  }
  log.error({ uri, err: err instanceof Error ? err.message : String(err) }, 'resource read failed')
  return new ProtocolError(ProtocolErrorCode.InternalError, 'The resource could not be read; try again shortly')
}

/** Registers the resources on a server built for one request. */
export function registerResources(server: McpServer, api: DirectoryClient, log: Logger) {
  registerCategories(server, api, log)
  registerListings(server, api, log)
}

function registerCategories(server: McpServer, api: DirectoryClient, log: Logger) {
  server.registerResource(
    'categories',
    CATEGORIES_URI,
    { title: 'Categories', description: 'The categories of the directory (JSON)', mimeType: 'application/json' },
    async (uri) => {
      try {
        const body = await api.call(listCategories)
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(body) }] }
      } catch (err) {
        throw resourceError(err, uri.href, log)
      }
    },
  )
}

function registerListings(server: McpServer, api: DirectoryClient, log: Logger) {
  server.registerResource(
    'server',
    new ResourceTemplate(SERVER_URI_TEMPLATE, {
      // Not listed one by one: resources/list names the fixed resources only, in one page, with no API read. The
      // catalog (thousands of listings) would take a client's eager walk of every page (the SDK's listResources()
      // gives up after 64) and a search read per page; a listing is found with search or completion/complete on
      // `id`, and read through this template.
      list: undefined,
      // The SDK looks a variable's completer up by the name the request gives: without a prototype, a name such as
      // `constructor` or `__proto__` finds none (an empty completion) instead of an inherited function.
      complete: Object.assign(Object.create(null), {
        id: async (value: string) => {
          if (!value.trim()) return []
          try {
            const page = await api.call(searchServers, { query: { q: value.slice(0, 200), limit: 10 } })
            return page.servers.map((s) => s.id)
          } catch {
            return []
          }
        },
      }),
    }),
    {
      title: 'Listing',
      description:
        "A listing's Markdown document: metadata, description, Claude Desktop install snippet, tools and README",
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const id = Array.isArray(variables.id) ? variables.id[0] : variables.id
      // An id that is not valid percent-encoding names no listing: not found, never an internal error.
      let decoded: string
      try {
        decoded = decodeURIComponent(id ?? '')
      } catch {
        throw new ResourceNotFoundError(uri.href, `Resource ${uri.href} not found`)
      }
      try {
        const text = await api.call(getServerMarkdown, { params: { id: decoded } })
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text }] }
      } catch (err) {
        throw resourceError(err, uri.href, log)
      }
    },
  )
}
