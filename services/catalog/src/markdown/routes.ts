import type { Database } from '@mcp-directory/shared/db'
import { deriveInstallModel } from '@mcp-directory/shared/install'
import { mount, Redirect, type RouteContext } from '@mcp-directory/shared/service'
import { NOSNIFF } from '@mcp-directory/shared/text'
import { Elysia } from 'elysia'
import type { OncePerDayCounter } from '../listings/once-a-day'
import { listingUrls } from '../listings/present'
import { clientOf } from '../listings/routes'
import { activeListing } from '../listings/service'
import { getServerMarkdown, getServerMarkdownAlias } from './contract'
import { renderListingMarkdown } from './render'

export interface MarkdownRouteDeps {
  database: Database
  baseUrl: string
  views: Pick<OncePerDayCounter, 'count'>
  /** The catalog's install name of a listing (search's), the key its snippet uses. */
  installNameOf?: (id: string) => string | undefined
}

/** A listing as a Markdown document (a view counted), and its short alias `/mcp/:id`. */
export function markdownRoutes(deps: MarkdownRouteDeps) {
  const { database, baseUrl, views } = deps
  async function markdown(
    id: string,
    request: Request,
    set: RouteContext<typeof getServerMarkdown>['set'],
  ): Promise<string> {
    const listing = await activeListing(database, id)
    // Once per visitor and day, like the detail.
    void views.count(listing.id, clientOf(request))
    const doc = renderListingMarkdown(listing, {
      detailUrl: listingUrls(baseUrl, listing.id).detailUrl,
      model: deriveInstallModel(listing),
      installName: deps.installNameOf?.(listing.id),
    })
    Object.assign(set.headers, NOSNIFF)
    return doc
  }
  return new Elysia({ name: 'catalog:markdown' })
    .use(mount(getServerMarkdown, ({ params, request, set }) => markdown(params.id, request, set)))
    .use(
      mount(getServerMarkdownAlias, ({ params, request, set }) => {
        // The alias answers Markdown; a browser that asks only for HTML is sent to the listing page instead.
        const accept = request.headers.get('accept') ?? ''
        if (/text\/html/.test(accept) && !/text\/markdown/.test(accept)) {
          return new Redirect(listingUrls(baseUrl, params.id).detailUrl, 302)
        }
        return markdown(params.id, request, set)
      }),
    )
}
