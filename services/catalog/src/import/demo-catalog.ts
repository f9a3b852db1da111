/**
 * A small demo catalog of well-known MCP servers, written for this project in the official registry's
 * server.json shape (plus a loose `category`), so a fresh install has something to search. Not real-time data:
 * `version` is a catalogue placeholder, and packages carry no version so installs resolve to the latest release.
 * Over 300 lines because it is data, one entry after another: splitting it would only scatter the list.
 */
import type { EnvVarSpec, HeaderSpec, PackageSpec, RemoteSpec } from '@mcp-directory/shared/contracts'

/** One demo entry: the server.json fields the importer reads, plus a loose category label. */
export interface DemoServer {
  name: string
  title: string
  description: string
  version: string
  repository?: { url: string; source: 'github'; subfolder?: string }
  websiteUrl?: string
  packages: PackageSpec[]
  remotes: RemoteSpec[]
  category: string
}

// Every demo entry has the same placeholder version; the real release is whatever the package registry serves.
const VERSION = '1.0.0'

function github(ownerRepo: string, subfolder?: string): DemoServer['repository'] {
  return subfolder
    ? { url: `https://github.com/${ownerRepo}`, source: 'github', subfolder }
    : { url: `https://github.com/${ownerRepo}`, source: 'github' }
}

function env(name: string, description: string, flags: { required?: boolean; secret?: boolean } = {}): EnvVarSpec {
  return { name, description, isRequired: flags.required ?? false, isSecret: flags.secret ?? false }
}

function pkg(
  registryType: 'npm' | 'pypi' | 'oci',
  identifier: string,
  environmentVariables: EnvVarSpec[] = [],
): PackageSpec {
  const runtimeHint = { npm: 'npx', pypi: 'uvx', oci: 'docker' }[registryType]
  return { registryType, identifier, transport: { type: 'stdio' }, runtimeHint, environmentVariables }
}

function remote(
  url: string,
  type: 'streamable-http' | 'sse' = 'streamable-http',
  headers: HeaderSpec[] = [],
): RemoteSpec {
  return { type, url, headers }
}

const bearer = (what: string, required = false): HeaderSpec => ({
  name: 'Authorization',
  description: `Bearer ${what}`,
  isRequired: required,
  isSecret: true,
})

const REFERENCE = 'modelcontextprotocol/servers'
const ARCHIVED = 'modelcontextprotocol/servers-archived'

/** The demo catalog: about forty widely used servers, importable with `importDocument(DEMO_CATALOG)`. */
export const DEMO_CATALOG: readonly DemoServer[] = [
  // Reference servers maintained in modelcontextprotocol/servers.
  {
    name: 'io.github.modelcontextprotocol/filesystem',
    title: 'Filesystem',
    description: 'Read, write, search and move files inside the directories you allow.',
    version: VERSION,
    repository: github(REFERENCE, 'src/filesystem'),
    packages: [pkg('npm', '@modelcontextprotocol/server-filesystem')],
    remotes: [],
    category: 'File Systems',
  },
  {
    name: 'io.github.modelcontextprotocol/fetch',
    title: 'Fetch',
    description: 'Fetch a web page and convert it to Markdown for the model to read.',
    version: VERSION,
    repository: github(REFERENCE, 'src/fetch'),
    packages: [pkg('pypi', 'mcp-server-fetch')],
    remotes: [],
    category: 'Search & Data Extraction',
  },
  {
    name: 'io.github.modelcontextprotocol/git',
    title: 'Git',
    description: 'Inspect and change local Git repositories: status, diffs, log, branches and commits.',
    version: VERSION,
    repository: github(REFERENCE, 'src/git'),
    packages: [pkg('pypi', 'mcp-server-git')],
    remotes: [],
    category: 'Version Control',
  },
  {
    name: 'io.github.modelcontextprotocol/memory',
    title: 'Memory',
    description: 'Persistent memory as a local knowledge graph of entities, relations and observations.',
    version: VERSION,
    repository: github(REFERENCE, 'src/memory'),
    packages: [
      pkg('npm', '@modelcontextprotocol/server-memory', [
        env('MEMORY_FILE_PATH', 'Path of the file the knowledge graph is kept in'),
      ]),
    ],
    remotes: [],
    category: 'Knowledge & Memory',
  },
  {
    name: 'io.github.modelcontextprotocol/sequential-thinking',
    title: 'Sequential Thinking',
    description: 'Structured step-by-step reasoning the model can revise and branch while solving a problem.',
    version: VERSION,
    repository: github(REFERENCE, 'src/sequentialthinking'),
    packages: [pkg('npm', '@modelcontextprotocol/server-sequential-thinking')],
    remotes: [],
    category: 'Developer Tools',
  },
  {
    name: 'io.github.modelcontextprotocol/everything',
    title: 'Everything',
    description: 'Test server exercising every MCP feature: tools, resources, prompts, sampling and more.',
    version: VERSION,
    repository: github(REFERENCE, 'src/everything'),
    packages: [pkg('npm', '@modelcontextprotocol/server-everything')],
    remotes: [],
    category: 'Developer Tools',
  },
  {
    name: 'io.github.modelcontextprotocol/time',
    title: 'Time',
    description: 'Current time in any IANA time zone and conversion between time zones.',
    version: VERSION,
    repository: github(REFERENCE, 'src/time'),
    packages: [pkg('pypi', 'mcp-server-time')],
    remotes: [],
    category: 'Other Tools and Integrations',
  },

  // Earlier reference servers, now in modelcontextprotocol/servers-archived.
  {
    name: 'io.github.modelcontextprotocol/postgres',
    title: 'PostgreSQL',
    description: 'Read-only access to a PostgreSQL database: inspect schemas and run SELECT queries.',
    version: VERSION,
    repository: github(ARCHIVED, 'src/postgres'),
    packages: [pkg('npm', '@modelcontextprotocol/server-postgres')],
    remotes: [],
    category: 'Databases',
  },
  {
    name: 'io.github.modelcontextprotocol/sqlite',
    title: 'SQLite',
    description: 'Query and update a local SQLite database, with a memo of business insights.',
    version: VERSION,
    repository: github(ARCHIVED, 'src/sqlite'),
    packages: [pkg('pypi', 'mcp-server-sqlite')],
    remotes: [],
    category: 'Databases',
  },
  {
    name: 'io.github.modelcontextprotocol/puppeteer',
    title: 'Puppeteer',
    description: 'Drive a headless Chrome with Puppeteer: navigate, click, fill forms, take screenshots.',
    version: VERSION,
    repository: github(ARCHIVED, 'src/puppeteer'),
    packages: [pkg('npm', '@modelcontextprotocol/server-puppeteer')],
    remotes: [],
    category: 'Browser Automation',
  },
  {
    name: 'io.github.modelcontextprotocol/slack',
    title: 'Slack',
    description: 'Read channels and threads, post messages and add reactions in a Slack workspace.',
    version: VERSION,
    repository: github(ARCHIVED, 'src/slack'),
    packages: [
      pkg('npm', '@modelcontextprotocol/server-slack', [
        env('SLACK_BOT_TOKEN', 'Bot User OAuth token (xoxb-…)', { required: true, secret: true }),
        env('SLACK_TEAM_ID', 'Workspace (team) id', { required: true }),
      ]),
    ],
    remotes: [],
    category: 'Communication',
  },
  {
    name: 'io.github.modelcontextprotocol/google-maps',
    title: 'Google Maps',
    description: 'Geocoding, place search, place details, distances and directions from Google Maps.',
    version: VERSION,
    repository: github(ARCHIVED, 'src/google-maps'),
    packages: [
      pkg('npm', '@modelcontextprotocol/server-google-maps', [
        env('GOOGLE_MAPS_API_KEY', 'Google Maps Platform API key', { required: true, secret: true }),
      ]),
    ],
    remotes: [],
    category: 'Location Services',
  },

  // Vendor and community servers.
  {
    name: 'io.github.github/github-mcp-server',
    title: 'GitHub',
    description: "GitHub's official server: repositories, issues, pull requests, Actions and code search.",
    version: VERSION,
    repository: github('github/github-mcp-server'),
    packages: [
      pkg('oci', 'ghcr.io/github/github-mcp-server', [
        env('GITHUB_PERSONAL_ACCESS_TOKEN', 'GitHub personal access token', { required: true, secret: true }),
      ]),
    ],
    remotes: [
      remote('https://api.githubcopilot.com/mcp/', 'streamable-http', [
        bearer('GitHub token (PAT or app token) when OAuth is not used'),
      ]),
    ],
    category: 'Version Control',
  },
  {
    name: 'io.github.microsoft/playwright-mcp',
    title: 'Playwright',
    description: 'Browser automation with Playwright through accessibility snapshots instead of screenshots.',
    version: VERSION,
    repository: github('microsoft/playwright-mcp'),
    packages: [pkg('npm', '@playwright/mcp')],
    remotes: [],
    category: 'Browser Automation',
  },
  {
    name: 'io.github.ChromeDevTools/chrome-devtools-mcp',
    title: 'Chrome DevTools',
    description: 'Control and inspect a live Chrome: performance traces, network requests, console logs.',
    version: VERSION,
    repository: github('ChromeDevTools/chrome-devtools-mcp'),
    packages: [pkg('npm', 'chrome-devtools-mcp')],
    remotes: [],
    category: 'Browser Automation',
  },
  {
    name: 'io.github.firecrawl/firecrawl-mcp-server',
    title: 'Firecrawl',
    description: 'Scrape, crawl and search the web with Firecrawl, returning clean Markdown or JSON.',
    version: VERSION,
    repository: github('firecrawl/firecrawl-mcp-server'),
    packages: [
      pkg('npm', 'firecrawl-mcp', [env('FIRECRAWL_API_KEY', 'Firecrawl API key', { required: true, secret: true })]),
    ],
    remotes: [],
    category: 'Search & Data Extraction',
  },
  {
    name: 'io.github.brave/brave-search-mcp-server',
    title: 'Brave Search',
    description: 'Web, news, image, video and local search through the Brave Search API.',
    version: VERSION,
    repository: github('brave/brave-search-mcp-server'),
    packages: [
      pkg('npm', '@brave/brave-search-mcp-server', [
        env('BRAVE_API_KEY', 'Brave Search API key', { required: true, secret: true }),
      ]),
    ],
    remotes: [],
    category: 'Search & Data Extraction',
  },
  {
    name: 'ai.exa/exa',
    title: 'Exa Search',
    description: 'Neural web search, page contents and code search from Exa.',
    version: VERSION,
    repository: github('exa-labs/exa-mcp-server'),
    packages: [pkg('npm', 'exa-mcp-server', [env('EXA_API_KEY', 'Exa API key', { required: true, secret: true })])],
    remotes: [remote('https://mcp.exa.ai/mcp')],
    category: 'Search & Data Extraction',
  },
  {
    name: 'io.github.upstash/context7',
    title: 'Context7',
    description: 'Up-to-date, version-specific library documentation and code examples for prompts.',
    version: VERSION,
    repository: github('upstash/context7'),
    packages: [
      pkg('npm', '@upstash/context7-mcp', [
        env('CONTEXT7_API_KEY', 'Context7 API key for higher rate limits', { secret: true }),
      ]),
    ],
    remotes: [remote('https://mcp.context7.com/mcp')],
    category: 'Developer Tools',
  },
  {
    name: 'com.microsoft/microsoft-learn-mcp',
    title: 'Microsoft Learn',
    description: 'Search and read official Microsoft and Azure documentation from Microsoft Learn.',
    version: VERSION,
    repository: github('MicrosoftDocs/mcp'),
    packages: [],
    remotes: [remote('https://learn.microsoft.com/api/mcp')],
    category: 'Developer Tools',
  },
  {
    name: 'com.figma.mcp/mcp',
    title: 'Figma',
    description: 'Bring Figma design context (frames, components, variables) into code generation.',
    version: VERSION,
    repository: github('figma/mcp-server-guide'),
    packages: [],
    remotes: [remote('https://mcp.figma.com/mcp')],
    category: 'Developer Tools',
  },
  {
    name: 'app.linear/linear',
    title: 'Linear',
    description: 'Find, create and update Linear issues, projects and comments.',
    version: VERSION,
    websiteUrl: 'https://linear.app/docs/mcp',
    packages: [],
    remotes: [remote('https://mcp.linear.app/mcp')],
    category: 'Developer Tools',
  },
  {
    name: 'com.atlassian/atlassian-mcp-server',
    title: 'Atlassian',
    description: 'Work with Jira issues and Confluence pages in Atlassian Cloud.',
    version: VERSION,
    packages: [],
    remotes: [remote('https://mcp.atlassian.com/v1/sse', 'sse')],
    category: 'Developer Tools',
  },
  {
    name: 'io.github.hashicorp/terraform-mcp-server',
    title: 'Terraform',
    description: 'Terraform Registry providers, modules and policies, plus HCP Terraform workspaces.',
    version: VERSION,
    repository: github('hashicorp/terraform-mcp-server'),
    packages: [
      pkg('oci', 'docker.io/hashicorp/terraform-mcp-server', [
        env('TFE_TOKEN', 'HCP Terraform or Terraform Enterprise API token', { secret: true }),
        env('TFE_ADDRESS', 'HCP Terraform or Terraform Enterprise address'),
      ]),
    ],
    remotes: [],
    category: 'Developer Tools',
  },
  {
    name: 'io.github.ckreiling/mcp-server-docker',
    title: 'Docker',
    description: 'Manage local Docker containers, images, networks and volumes in natural language.',
    version: VERSION,
    repository: github('ckreiling/mcp-server-docker'),
    packages: [pkg('pypi', 'mcp-server-docker')],
    remotes: [],
    category: 'Developer Tools',
  },
  {
    name: 'io.github.containers/kubernetes-mcp-server',
    title: 'Kubernetes',
    description: 'Manage Kubernetes and OpenShift resources, pods, logs and Helm releases.',
    version: VERSION,
    repository: github('containers/kubernetes-mcp-server'),
    packages: [pkg('npm', 'kubernetes-mcp-server')],
    remotes: [],
    category: 'Cloud Platforms',
  },
  {
    name: 'io.github.awslabs/aws-documentation-mcp-server',
    title: 'AWS Documentation',
    description: 'Search, read and get recommendations from the AWS documentation.',
    version: VERSION,
    repository: github('awslabs/mcp', 'src/aws-documentation-mcp-server'),
    packages: [pkg('pypi', 'awslabs.aws-documentation-mcp-server')],
    remotes: [],
    category: 'Cloud Platforms',
  },
  {
    name: 'com.cloudflare.mcp/mcp',
    title: 'Cloudflare',
    description: 'Cloudflare documentation, Workers bindings and observability as hosted MCP servers.',
    version: VERSION,
    repository: github('cloudflare/mcp-server-cloudflare'),
    packages: [],
    remotes: [
      remote('https://docs.mcp.cloudflare.com/mcp'),
      remote('https://bindings.mcp.cloudflare.com/mcp'),
      remote('https://observability.mcp.cloudflare.com/mcp'),
    ],
    category: 'Cloud Platforms',
  },
  {
    name: 'com.vercel/vercel-mcp',
    title: 'Vercel',
    description: 'Search Vercel docs and manage projects, deployments and logs on Vercel.',
    version: VERSION,
    packages: [],
    remotes: [remote('https://mcp.vercel.com')],
    category: 'Cloud Platforms',
  },
  {
    name: 'com.supabase/mcp',
    title: 'Supabase',
    description: 'Manage Supabase projects: tables, SQL, migrations, edge functions and logs.',
    version: VERSION,
    repository: github('supabase-community/supabase-mcp'),
    packages: [
      pkg('npm', '@supabase/mcp-server-supabase', [
        env('SUPABASE_ACCESS_TOKEN', 'Supabase personal access token', { required: true, secret: true }),
      ]),
    ],
    remotes: [remote('https://mcp.supabase.com/mcp')],
    category: 'Databases',
  },
  {
    name: 'io.github.neondatabase/mcp-server-neon',
    title: 'Neon',
    description: 'Manage Neon serverless Postgres: projects, branches, SQL and schema migrations.',
    version: VERSION,
    repository: github('neondatabase/mcp-server-neon'),
    packages: [],
    remotes: [remote('https://mcp.neon.tech/mcp')],
    category: 'Databases',
  },
  {
    name: 'io.github.mongodb-js/mongodb-mcp-server',
    title: 'MongoDB',
    description: 'Query and manage MongoDB databases and MongoDB Atlas clusters.',
    version: VERSION,
    repository: github('mongodb-js/mongodb-mcp-server'),
    packages: [
      pkg('npm', 'mongodb-mcp-server', [
        env('MDB_MCP_CONNECTION_STRING', 'MongoDB connection string', { secret: true }),
      ]),
    ],
    remotes: [],
    category: 'Databases',
  },
  {
    name: 'io.github.redis/mcp-redis',
    title: 'Redis',
    description: 'Store, search and manage data in Redis: strings, hashes, JSON, streams, vector search.',
    version: VERSION,
    repository: github('redis/mcp-redis'),
    packages: [
      pkg('pypi', 'redis-mcp-server', [
        env('REDIS_HOST', 'Redis host name'),
        env('REDIS_PORT', 'Redis port'),
        env('REDIS_PWD', 'Redis password', { secret: true }),
      ]),
    ],
    remotes: [],
    category: 'Databases',
  },
  {
    name: 'io.github.elastic/mcp-server-elasticsearch',
    title: 'Elasticsearch',
    description: 'List indices, read mappings and run search queries against Elasticsearch.',
    version: VERSION,
    repository: github('elastic/mcp-server-elasticsearch'),
    packages: [
      pkg('npm', '@elastic/mcp-server-elasticsearch', [
        env('ES_URL', 'Elasticsearch URL', { required: true }),
        env('ES_API_KEY', 'Elasticsearch API key', { secret: true }),
      ]),
    ],
    remotes: [],
    category: 'Databases',
  },
  {
    name: 'io.github.makenotion/notion-mcp-server',
    title: 'Notion',
    description: "Notion's official server: search, read and edit pages, databases and comments.",
    version: VERSION,
    repository: github('makenotion/notion-mcp-server'),
    packages: [
      pkg('npm', '@notionhq/notion-mcp-server', [
        env('NOTION_TOKEN', 'Notion integration token', { required: true, secret: true }),
      ]),
    ],
    remotes: [remote('https://mcp.notion.com/mcp')],
    category: 'Knowledge & Memory',
  },
  {
    name: 'io.github.MarkusPfundstein/mcp-obsidian',
    title: 'Obsidian',
    description: 'Read, search and edit notes in an Obsidian vault via the Local REST API plugin.',
    version: VERSION,
    repository: github('MarkusPfundstein/mcp-obsidian'),
    packages: [
      pkg('pypi', 'mcp-obsidian', [
        env('OBSIDIAN_API_KEY', 'API key of the Local REST API plugin', { required: true, secret: true }),
        env('OBSIDIAN_HOST', 'Host of the Local REST API (default 127.0.0.1)'),
      ]),
    ],
    remotes: [],
    category: 'Knowledge & Memory',
  },
  {
    name: 'com.stripe/mcp',
    title: 'Stripe',
    description: 'Work with the Stripe API: customers, payments, invoices, refunds and Stripe docs.',
    version: VERSION,
    repository: github('stripe/agent-toolkit'),
    packages: [],
    remotes: [
      remote('https://mcp.stripe.com', 'streamable-http', [
        bearer('Stripe secret or restricted API key when OAuth is not used'),
      ]),
    ],
    category: 'Finance & Fintech',
  },
  {
    name: 'io.github.getsentry/sentry-mcp',
    title: 'Sentry',
    description: 'Investigate Sentry issues, errors, traces and releases from your coding assistant.',
    version: VERSION,
    repository: github('getsentry/sentry-mcp'),
    packages: [
      pkg('npm', '@sentry/mcp-server', [
        env('SENTRY_ACCESS_TOKEN', 'Sentry user auth token', { required: true, secret: true }),
        env('SENTRY_HOST', 'Host of a self-hosted Sentry (default sentry.io)'),
      ]),
    ],
    remotes: [remote('https://mcp.sentry.dev/mcp')],
    category: 'Monitoring',
  },
]
