// The pages' static files, served by the web service itself (no third-party CDN): read once at start, each
// under a name carrying a hash of its bytes, so a browser may keep it for a year and a change is a new name.
import { readFileSync } from 'node:fs'

const TYPES: Record<string, string> = {
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
}

/** One asset: its hashed public name, bytes and headers. */
interface Asset {
  name: string
  body: Uint8Array
  etag: string
  type: string
}

/** An asset's answer: 200 with its bytes, or 304 (its bytes then unsent), and its headers. */
export type AssetAnswer = { status: 200 | 304; headers: Record<string, string>; body: Uint8Array }

/** The assets this service serves; `url(file)` gives a file's hashed address. */
export function loadAssets(files: readonly string[] = ['app.css', 'app.js', 'fill.js', 'icon.svg']) {
  const byName = new Map<string, Asset>()
  const urls = new Map<string, string>()
  for (const file of files) {
    const body = new Uint8Array(readFileSync(new URL(`./assets/${file}`, import.meta.url)))
    const hash = new Bun.CryptoHasher('sha256').update(body).digest('hex').slice(0, 12)
    const dot = file.lastIndexOf('.')
    const ext = file.slice(dot + 1)
    const name = `${file.slice(0, dot)}.${hash}.${ext}`
    byName.set(name, { name, body, etag: `"${hash}"`, type: TYPES[ext] ?? 'application/octet-stream' })
    urls.set(file, `/assets/${name}`)
  }
  return {
    /** The public address of a source file (e.g. `app.css` → `/assets/app.1a2b3c4d5e6f.css`). */
    url(file: string): string {
      const u = urls.get(file)
      if (!u) throw new Error(`unknown asset ${file}`)
      return u
    },
    /**
     * The answer for `/assets/<name>`: its bytes and headers, or 304 with the headers alone when `ifNoneMatch`
     * names its ETag; null for an unknown name.
     */
    serve(name: string, ifNoneMatch: string | null): AssetAnswer | null {
      const a = byName.get(name)
      if (!a) return null
      const headers = {
        'content-type': a.type,
        'cache-control': 'public, max-age=31536000, immutable',
        etag: a.etag,
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'same-origin',
      }
      const fresh = ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === a.etag)
      return { status: fresh ? 304 : 200, headers, body: a.body }
    },
  }
}

/** The loaded assets. */
export type Assets = ReturnType<typeof loadAssets>
