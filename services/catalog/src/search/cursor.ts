import { invalidParameter } from '@mcp-directory/shared/errors'

// Cursors are opaque to clients; today they carry an offset, which lets the format change later.
const PREFIX = 'o'

/** Encodes a result offset as an opaque cursor. */
export function encodeCursor(offset: number): string {
  return Buffer.from(`${PREFIX}${offset}`).toString('base64url')
}

/** Decodes a cursor from a previous response; a forged or corrupt one is a 400 `invalid_parameter`. */
export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString()
  const m = /^o(\d{1,7})$/.exec(text)
  if (!m) throw invalidParameter('cursor', 'is not a cursor this API returned')
  return Number(m[1])
}
