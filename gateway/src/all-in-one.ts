// `bun run start`: the all-in-one directory. Its arguments, its environment and its port are checked here, before
// anything opens DATA_DIR, runs a migration or starts a child; only then is the directory itself loaded
// (./all-in-one-process.ts), so `--help` and every mistake answer at once and leave nothing behind.
import { loadConfigOrExit } from '@mcp-directory/shared/config'
import { fail, parseCommand } from '../../scripts/cli'
import { stopWithParent, startedByRunScript } from './parent-death'
import { portInUse } from './port-check'

const NAME = 'bun run start'
const USAGE = `usage: ${NAME}

Runs the whole directory in one process on http://localhost:$PORT: the gateway and every service, on embedded
PostgreSQL (PGlite) under DATA_DIR, an in-process store and event bus. It takes no arguments; it reads its
environment (a bad value is one line, exit 2):

  PORT (3000), HOST (0.0.0.0)   where it listens; PUBLIC_BASE_URL (http://localhost:$PORT) is how it is reached
  DATA_DIR (./.data)            where its data goes: pglite/ (the database), operator-token, server-secret and
                                directory.lock (its pid and address while it runs; one directory per DATA_DIR)
  DEMO_CATALOG (1)              0: no demo catalog on a first start
  OPERATOR_TOKEN                the operator API's token (else one is made once and kept in DATA_DIR)
  PROBE (on), SANDBOX (on)      off: no live checks of listings / no sandbox starts of their packages
  LOG_LEVEL (info), SMTP_URL, METRICS_TOKEN, REGISTRY_UPSTREAM_URL, and the rest of docs/configuration.md
  DATABASE_URL, REDIS_URL, NATS_URL   real PostgreSQL / Redis / NATS instead of the embedded ones

Stop it with Ctrl-C or \`kill <pid>\` (SIGTERM): it finishes the requests under way, closes the database and
removes its lock; the packages it is installing or running in the sandbox stop with it.
Load the real catalog beside it: bun run import ../shared/data/servers.json`

parseCommand({ name: NAME, usage: USAGE, options: {} })
const config = loadConfigOrExit()
const busy = portInUse(config.host, config.port)
if (busy) fail(NAME, `port ${config.port} on ${config.host} is ${busy}; pick another with PORT=<port> ${NAME}`)
// Under `bun run start`, the directory stops when that wrapper is killed rather than running on as an orphan.
if (startedByRunScript()) stopWithParent()
await import('./all-in-one-process')
