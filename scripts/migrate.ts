// `bun run db:migrate`: applies the committed migrations to DATABASE_URL (or the embedded database).
import { loadConfig } from '@mcp-directory/shared/config'
import { createLogger } from '@mcp-directory/shared/log'
import { openMigratedDatabase } from '@mcp-directory/shared/runtime'

const config = loadConfig()
const database = await openMigratedDatabase(config, createLogger('migrate', config.logLevel))
await database.close()
console.log('migrations up to date')
