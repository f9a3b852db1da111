// A search cursor carries the plan of its walk (the terms and weights every later page is scored with), so a cursor
// written by hand could ask for a plan far costlier than any query makes. Cursors leave sealed with a MAC under a key
// derived from SERVER_SECRET, and only a sealed one is read: every replica shares the secret, so a cursor made by
// one is read by all, across restarts too.
import { createHmac } from 'node:crypto'
import { InvalidParameter } from '@mcp-directory/shared/errors'
import { safeEqual } from '@mcp-directory/shared/http'

// 128 bits of HMAC-SHA-256 in base64url, appended to the cursor (the cursor's own alphabet, so the API's pattern holds).
const MAC_CHARS = 22

/** Seals the cursors a search gives and opens the ones it is sent; the secret is read when first needed. */
export function cursorSeal(secret: () => string) {
  let key: Buffer | null = null
  const macOf = (cursor: string) => {
    key ??= createHmac('sha256', secret()).update('search-cursor').digest()
    return createHmac('sha256', key).update(cursor).digest('base64url').slice(0, MAC_CHARS)
  }
  return {
    seal: (cursor: string | null): string | null => (cursor === null ? null : `${cursor}${macOf(cursor)}`),
    /** The cursor inside a sealed one; a 400 `invalid_parameter` for anything this directory did not seal. */
    open(sealed: string | undefined): string | undefined {
      if (sealed === undefined) return undefined
      const cursor = sealed.slice(0, -MAC_CHARS)
      if (!cursor || !safeEqual(sealed.slice(-MAC_CHARS), macOf(cursor)))
        throw new InvalidParameter('cursor', 'is not a cursor this API returned')
      return cursor
    },
  }
}

export type CursorSeal = ReturnType<typeof cursorSeal>
