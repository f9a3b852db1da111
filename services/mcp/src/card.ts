// Discovery of the directory's own MCP server (the MCP Server Card proposal, docs/discovery.md of
// modelcontextprotocol/experimental-ext-server-card): a Server Card at `<streamable-http-url>/server-card`, the
// location the proposal reserves, and an AI Catalog at `/.well-known/ai-catalog.json` that lists it.
import { json } from '@mcp-directory/shared/service'
import { aiCatalog as aiCatalogContract, mcpServerCard } from './contract'
import { PROTOCOL_VERSIONS } from './protocol'

export const SERVER_CARD_PATH = mcpServerCard.path
export const AI_CATALOG_PATH = aiCatalogContract.path
export const SERVER_CARD_TYPE = 'application/mcp-server-card+json'
export const AI_CATALOG_TYPE = 'application/ai-catalog+json'
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'

/** The public host as a name part: no port, an IPv6 address without its brackets and colons. */
const publisherHost = (base: string) => new URL(base).hostname.replace(/^\[|\]$/g, '').replace(/[^a-zA-Z0-9.-]/g, '-')

/** The server name in reverse-DNS form: `com.example.dir/mcp-directory` for dir.example.com (an address as it is). */
export function cardName(base: string, server: string): string {
  const host = publisherHost(base)
  const reversed = /^[\d.]+$/.test(host) || !host.includes('.') ? host : host.split('.').reverse().join('.')
  return `${reversed}/${server}`
}

/**
 * The Server Card of the endpoint: identity (the same name, version, title and description `server/discover` gives),
 * the Streamable HTTP remote and the protocol versions it speaks.
 */
export function serverCard(base: string, info: { name: string; title: string; version: string; description: string }) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: info.name,
    version: info.version,
    description: info.description,
    title: info.title,
    websiteUrl: base,
    remotes: [{ type: 'streamable-http', url: `${base}/api/mcp`, supportedProtocolVersions: PROTOCOL_VERSIONS }],
  }
}

/** The AI Catalog of the domain: one entry, pointing at the Server Card. */
export function aiCatalog(base: string, info: { name: string }) {
  // The publisher part of the identifier is the domain (a port is not part of it).
  const host = publisherHost(base)
  return {
    specVersion: '1.0',
    entries: [
      { identifier: `urn:air:${host}:mcp:${info.name}`, type: SERVER_CARD_TYPE, url: `${base}${SERVER_CARD_PATH}` },
    ],
  }
}

/** A public metadata document as served: indented JSON, its strong ETag and its headers (cacheable for an hour). */
export function cachedDocument<T extends object>(body: T, type: string) {
  const document = json(body, 2)
  const etag = `"${new Bun.CryptoHasher('sha256').update(document.text).digest('base64url').slice(0, 27)}"`
  // The media type as it is, without a charset parameter (JSON is UTF-8); a 304 carries the same headers.
  const headers = {
    'content-type': type,
    'cache-control': 'public, max-age=3600',
    etag,
    'x-content-type-options': 'nosniff',
  }
  return { json: document, etag, headers }
}

/** Whether the client's copy is current: its If-None-Match names the ETag (weakly compared) or is `*`. */
export function isCurrent(request: Request, etag: string): boolean {
  const match = (request.headers.get('if-none-match') ?? '').split(',').map((t) => t.trim().replace(/^W\//, ''))
  return match.includes(etag) || match.includes('*')
}
