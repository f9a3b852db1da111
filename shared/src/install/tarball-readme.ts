/**
 * The README of an npm package's tarball (`package/README.md`, any case and extension), read without unpacking
 * anything to disk: the gzip is inflated to a bound (a small archive that inflates without end is refused) and the
 * tar headers are walked until the README. Nothing in the archive is run or written.
 */
import { gunzipSync } from 'node:zlib'

// A package with its README is rarely over a few MB unpacked; the README itself is read up to MAX_README.
const MAX_UNPACKED = 32 * 1024 * 1024
const MAX_README = 200_000
const BLOCK = 512
const README = /^[^/]+\/readme(?:\.(?:md|markdown|txt))?$/i

const text = (b: Uint8Array, from: number, to: number) =>
  new TextDecoder().decode(b.subarray(from, to)).replace(/\0.*$/s, '')

/** The README's text, or null when the archive has none, is not a gzip'd tar, or inflates past the bound. */
export function readmeOfTarball(gzipped: Uint8Array): string | null {
  let tar: Uint8Array
  try {
    tar = gunzipSync(gzipped, { maxOutputLength: MAX_UNPACKED })
  } catch {
    return null
  }
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const name = text(tar, at, at + 100)
    if (!name) return null // the two zero blocks that end an archive
    const prefix = text(tar, at + 345, at + 500)
    const size = Number.parseInt(text(tar, at + 124, at + 136).trim() || '0', 8)
    const type = String.fromCharCode(tar[at + 156] ?? 0)
    if (!Number.isFinite(size) || size < 0) return null
    const path = prefix ? `${prefix}/${name}` : name
    const body = at + BLOCK
    if ((type === '0' || type === '\0') && README.test(path))
      return new TextDecoder().decode(tar.subarray(body, body + Math.min(size, MAX_README)))
    at = body + Math.ceil(size / BLOCK) * BLOCK
  }
  return null
}
