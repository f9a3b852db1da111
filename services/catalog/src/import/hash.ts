import type { ImportedListing } from './format'
import { isObj, type Obj } from './values'

// Sorted keys and no undefined members, so the same content always serialises to the same bytes.
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical)
  if (isObj(v)) {
    const out: Obj = {}
    for (const k of Object.keys(v).sort()) if (v[k] !== undefined) out[k] = canonical(v[k])
    return out
  }
  return v
}

/** SHA-256 hex of the listing's canonical JSON: equal for equal content, so a re-import can tell unchanged entries. */
export function contentHash(l: ImportedListing): string {
  return new Bun.CryptoHasher('sha256').update(JSON.stringify(canonical(l))).digest('hex')
}
