// `bun run db:empty-cluster`: makes the empty cluster a new embedded database is loaded from (see
// shared/src/db/empty-cluster.ts) with the installed PGlite's own initdb, and keeps it under that PGlite's version,
// removing those of other versions. Run it after upgrading @electric-sql/pglite and commit the file; until then a
// new embedded database is made by initdb (about 850 MiB at its first start), and the tests say so.
import { rmSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { emptyClusterPath, keptEmptyClusters, pgliteVersion } from '@mcp-directory/shared/db'
import { parseCommand, runCommand } from './cli'

const NAME = 'bun run db:empty-cluster'
const USAGE = `usage: ${NAME}

Runs the installed PGlite's initdb in memory and writes the cluster it made, as a zstd-compressed tar, to
shared/src/db/empty-cluster-pglite-<version>.tar.zst (removing those of other versions). New embedded databases
are loaded from it instead of running initdb, which takes about 850 MiB. For maintainers, after a PGlite upgrade.

  -h, --help   this text`

await runCommand(NAME, async () => {
  parseCommand({ name: NAME, usage: USAGE, options: {} })
  // Without loadDataDir, so this PGlite's initdb makes it (not the kept one).
  const pg = await PGlite.create()
  const tar = await pg.dumpDataDir('none')
  await pg.close()
  const path = emptyClusterPath(pgliteVersion())
  for (const old of keptEmptyClusters()) if (old !== path) rmSync(old)
  // Level 22: the three databases of an empty cluster are nearly the same bytes, 7 MiB apart, which zstd's long
  // window finds (1.1 MB, against 4.6 MB gzipped).
  await Bun.write(path, Bun.zstdCompressSync(new Uint8Array(await tar.arrayBuffer()), { level: 22 }))
  console.log(`${path}: the empty cluster of PGlite ${pgliteVersion()}`)
})
process.exit(0)
