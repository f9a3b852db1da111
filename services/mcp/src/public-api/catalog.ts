// The one catalog read a tool call makes, sent straight to the catalog service instead of through the gateway a
// second time. The gateway has already done its work for the MCP request that carries the read: it charged the
// client's read limit, checked the request and left a precharge proof, which exempts that read from being charged
// again. Going through the gateway again would only repeat its routing, signatures, headers and log line; the
// catalog's own route still validates the query as it does for REST. Only a public, anonymous GET of the catalog
// goes this way, and only with a proof that verifies here: anything else (a write, a Bearer call, the second read
// of a batch) goes through the gateway and is charged there as before.
import {
  getServerById,
  getServerMarkdown,
  listCategories,
  searchServers,
  searchTools,
} from '@mcp-directory/catalog/contracts'
import type { Contract } from '@mcp-directory/shared/contracts'
import { forwardedHeaders, PRECHARGED_HEADER, verifiedPrecharge } from '@mcp-directory/shared/public-api'
import { errorResponse } from '@mcp-directory/shared/errors'
import type { Upstream } from '@mcp-directory/shared/upstream'

/** The catalog's public reads the tools and resources make: both searches, a listing, its Markdown, the categories. */
const CATALOG_READS: ReadonlySet<Contract> = new Set([
  searchServers,
  searchTools,
  getServerById,
  getServerMarkdown,
  listCategories,
])

/** What a direct read needs: the catalog service, SERVER_SECRET (to check the proof), its base URL and time bound. */
export interface CatalogReadsOptions {
  upstream: Upstream
  secret: string
  baseUrl: string
  timeoutMs: number
}

/** One read as the tool asks for it (its contract and path), with the MCP request's client, request id and proof. */
export interface CatalogRead {
  contract: Contract
  path: string
  accept: string
  client?: string
  requestId?: string
  proof: string
}

/** Reads of the catalog for precharged tool calls; `null` from `read` means: go through the gateway. */
export function catalogReads(opts: CatalogReadsOptions) {
  return {
    read(r: CatalogRead): Promise<Response> | null {
      if (!r.client || !r.requestId || !CATALOG_READS.has(r.contract)) return null
      const proof = new Headers({ [PRECHARGED_HEADER]: r.proof })
      if (!verifiedPrecharge(proof, opts.secret, r.client, r.requestId)) return null
      // The headers the gateway sets on what it forwards, as it would have set them.
      const headers = { accept: r.accept, ...forwardedHeaders(r.requestId, r.client) }
      return opts.upstream.fetch(new Request(`${opts.baseUrl}${r.path}`, { headers }), opts.timeoutMs).catch(() =>
        errorResponse(
          503,
          'service_unavailable',
          'The catalog service is unreachable; try again shortly',
          opts.baseUrl,
          {
            headers: { 'retry-after': '1' },
          },
        ),
      )
    },
  }
}

/** Direct reads of the catalog (see above). */
export type CatalogReads = ReturnType<typeof catalogReads>
