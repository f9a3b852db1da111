// Route patterns and the listing a request is about (the micro-cache and the hit reports key on it).

/** A route pattern as a regular expression (for the 405 of a known path). */
export const patternOf = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`)

/** Where a route's `:id` (the listing it is about) sits among its path segments, or -1. */
export const idSegmentOf = (path: string) => path.split('/').indexOf(':id')

/** The listing a request is about, from its path's segment; null when the route names none. */
export function listingOf(path: string, segment: number): string | null {
  if (segment < 0) return null
  const raw = path.split('/')[segment] ?? ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}
