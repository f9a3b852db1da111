// The MCP client a visitor picked on a listing page, remembered in a cookie (a preference, no secret), so every
// listing opens with that client's install and search hits carry its install line.
import { CONFIG_CLIENTS } from '@mcp-directory/shared/install'
import { cookieOf } from './forms'

const COOKIE = 'mcpdir_client'
const ONE_YEAR = 365 * 24 * 3600
const SLUGS = new Set(CONFIG_CLIENTS.map((c) => c.client))

/** The client a page opens with when the visitor has picked none. */
export const DEFAULT_CLIENT = 'claude-desktop'

/** A known client slug, or null. */
export const knownClient = (slug: string | null | undefined): string | null => (slug && SLUGS.has(slug) ? slug : null)

/** The client the request asks for (`?client=`), else the remembered one, else the default. */
export function clientOf(request: Request): { client: string; picked: boolean } {
  const asked = knownClient(new URL(request.url).searchParams.get('client'))
  if (asked) return { client: asked, picked: true }
  return { client: knownClient(cookieOf(request, COOKIE)) ?? DEFAULT_CLIENT, picked: false }
}

/** The cookie that remembers a picked client (readable by the page script too, which sets the same one). */
export const rememberClient = (client: string, secure: boolean) =>
  `${COOKIE}=${client}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? '; Secure' : ''}`
