import type { BatchedCounter } from '@mcp-directory/shared/counter'
import type { Database } from '@mcp-directory/shared/db'
import { deriveInstallModel } from '@mcp-directory/shared/install'
import { textDocument } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import { listingUrls } from '../listings/present'
import { activeListing } from '../listings/service'
import { renderListingMarkdown } from './render'

export interface MarkdownRouteDeps {
  database: Database
  baseUrl: string
  views: Pick<BatchedCounter, 'count'>
}

/** A listing as a Markdown document (a view counted), and its short alias `/mcp/:id`. */
export function markdownRoutes(deps: MarkdownRouteDeps) {
  const { database, baseUrl, views } = deps
  async function markdown(id: string): Promise<Response> {
    const listing = await activeListing(database, id)
    views.count(listing.id)
    const doc = renderListingMarkdown(listing, {
      detailUrl: listingUrls(baseUrl, listing.id).detailUrl,
      model: deriveInstallModel(listing),
    })
    return textDocument(doc, 'text/markdown; charset=utf-8')
  }
  return new Elysia({ name: 'catalog:markdown' })
    .get('/api/v1/mcp/:id/markdown', ({ params }) => markdown(params.id))
    .get('/mcp/:id', ({ params, request }) => {
      // The alias answers Markdown; a browser that asks only for HTML is sent to the listing page instead.
      const accept = request.headers.get('accept') ?? ''
      if (/text\/html/.test(accept) && !/text\/markdown/.test(accept)) {
        return new Response(null, { status: 302, headers: { location: listingUrls(baseUrl, params.id).detailUrl } })
      }
      return markdown(params.id)
    })
}
