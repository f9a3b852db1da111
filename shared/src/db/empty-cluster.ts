// A new embedded database starts from a shipped empty cluster instead of running initdb. PGlite's initdb runs a
// second PostgreSQL instance beside the first, plus a copy of its heap, and WebAssembly memory once grown is never
// given back: a fresh DATA_DIR took about 850 MiB at its first start or import. Loading the same cluster from a
// tar takes about 150 MiB. The tar is what this PGlite's own initdb writes (`bun scripts/empty-cluster.ts` makes
// it again), compressed with zstd, and named for the PGlite version that made it: another version's cluster may
// not fit its PostgreSQL, so without a tar for the installed version the database is made by initdb as before.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const HERE = import.meta.dir

/** The installed PGlite's version (its package.json, which the package does not export). */
export function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
  const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }
  return pkg.version
}

/** Where the empty cluster made by this PGlite version is kept. */
export function emptyClusterPath(version = pgliteVersion()): string {
  return join(HERE, `empty-cluster-pglite-${version}.tar.zst`)
}

/** The empty clusters kept for any version (the script that makes one removes the others). */
export function keptEmptyClusters(): string[] {
  return readdirSync(HERE)
    .filter((f) => /^empty-cluster-pglite-.+\.tar\.zst$/.test(f))
    .map((f) => join(HERE, f))
}

/** The empty cluster for the installed PGlite as an uncompressed tar, or null when none is kept for it. */
function emptyClusterTar(): Uint8Array | null {
  const path = emptyClusterPath()
  return existsSync(path) ? Bun.zstdDecompressSync(readFileSync(path)) : null
}

/** The empty cluster as PGlite's `loadDataDir` takes it (an in-memory database), or null when none is kept. */
export function emptyClusterBlob(): Blob | null {
  const tar = emptyClusterTar()
  return tar && new Blob([tar])
}

/**
 * Writes the empty cluster to `dataDir` when it is absent or empty, through a sibling folder renamed into place, so
 * an interrupted start leaves no half cluster. Files are written straight to disk rather than through PGlite's
 * `loadDataDir`, which would pass them through its WebAssembly memory. A folder holding anything else is never
 * touched (PGlite then meets it as before). Returns whether the cluster was placed.
 */
export async function placeEmptyCluster(dataDir: string): Promise<boolean> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false
  const tar = emptyClusterTar()
  if (!tar) return false
  const staging = `${dataDir}.new-${process.pid}-${Date.now()}`
  mkdirSync(staging, { recursive: true, mode: 0o700 })
  try {
    await new Bun.Archive(tar).extract(staging)
    // rmdir, not rm -r: only an empty folder may be replaced.
    if (existsSync(dataDir)) rmdirSync(dataDir)
    renameSync(staging, dataDir)
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
  return true
}
