// `bun run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database under DATA_DIR,
// unless a directory runs on it: that one applied them when it started, and applies new ones at its next start).
import { loadConfig } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { describeHolder, openMigratedDatabase } from '@mcp-directory/shared/runtime'
import { CommandError, parseCommand, runCommand } from './cli'
import { holdDataDir, runningEmbeddedDirectory } from './operator-api'

const NAME = 'bun run db:migrate'
const USAGE = `usage: ${NAME}

Applies the committed migrations (infra/migrations) to DATABASE_URL, or to the embedded database under DATA_DIR
when DATABASE_URL is unset. A directory running on DATA_DIR applies them itself when it starts: then this refuses
and says so, since only that process may open the embedded files.

  -h, --help   this text`

await runCommand(NAME, async () => {
  parseCommand({ name: NAME, usage: USAGE, options: {} })
  const config = loadConfig()
  const running = runningEmbeddedDirectory(config)
  if (running) {
    throw new CommandError(
      `DATA_DIR ${config.dataDir} is in use by ${describeHolder(running)}, which applies migrations when it starts: restart it to apply new ones`,
    )
  }
  const release = config.databaseUrl === null ? holdDataDir(config.dataDir, NAME) : () => {}
  const database = await openMigratedDatabase(config, createLogger('migrate', config.logLevel))
  await database.close()
  release()
  console.log('migrations up to date')
})
