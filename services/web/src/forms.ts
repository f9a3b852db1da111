// Reading what a browser sends: an urlencoded form (bounded) and a cookie.
import { readBodyUpTo } from '@mcp-directory/shared/http'

// Forms are small; the API refuses submissions over 64 KiB anyway.
const MAX_FORM_BYTES = 64 * 1024

/** Reads an urlencoded form body of at most `max` bytes; null when it is larger or of another type. */
export async function readForm(request: Request, max = MAX_FORM_BYTES): Promise<URLSearchParams | null> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'application/x-www-form-urlencoded') return null
  const body = await readBodyUpTo(request, max)
  return body === null ? null : new URLSearchParams(new TextDecoder().decode(body))
}

export function cookieOf(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const i = part.indexOf('=')
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim())
      } catch {
        return null
      }
    }
  }
  return null
}

/**
 * A form post another site made the browser send. Browsers say where a request comes from in `Sec-Fetch-Site`
 * (only `same-origin` and a user's own navigation, `none`, pass); a browser without it still sends `Origin` on a
 * post, which must then be this directory's. A client sending neither is no browser, so no visitor's cookies or
 * address are borrowed by it.
 */
export function crossSiteForm(request: Request, base: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site) return site !== 'same-origin' && site !== 'none'
  const origin = request.headers.get('origin')
  if (origin === null) return false
  try {
    return origin !== new URL(base).origin
  } catch {
    return true
  }
}

/** The longest listing id a page accepts (the API's bound). */
export const MAX_ID_LENGTH = 200
