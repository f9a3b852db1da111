import { defineConfig } from 'drizzle-kit'

// Migrations are generated from the shared schema and committed; the runner in shared/src/db applies them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './shared/src/db/schema/index.ts',
  out: './infra/migrations',
  schemaFilter: ['catalog', 'submission', 'agent_auth', 'badge', 'prober'],
})
