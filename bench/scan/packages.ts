// The npm MCP servers the benign side of the scan's labelled set is captured from: well-known, much-installed
// servers of many kinds (files, browsers, databases, cloud, CI, documents, search), each started with the
// arguments it needs to list its tools without a real account.
export interface PackageSpec {
  name: string
  /** The bin to start, when the package has several. */
  bin?: string
  /** Arguments (`$HOME` is the throwaway home folder). */
  args?: string[]
  /** Settings the server needs set, each given a placeholder (see placeholderEnv). */
  env?: string[]
}

/** Placeholders for named settings: an address that refuses connections for URLs and hosts, 1 for ports. */
export function placeholderEnv(names: string[] = []): Record<string, string> {
  return Object.fromEntries(
    names.map((n) => {
      if (/URL|ENDPOINT|DOMAIN|HOST_URL/.test(n)) return [n, 'http://127.0.0.1:1']
      if (/HOST$/.test(n)) return [n, '127.0.0.1']
      if (/PORT$/.test(n)) return [n, '1']
      return [n, 'placeholder']
    }),
  )
}

export const PACKAGES: PackageSpec[] = [
  { name: '@modelcontextprotocol/server-filesystem', args: ['$HOME'] },
  { name: '@modelcontextprotocol/server-memory' },
  { name: '@modelcontextprotocol/server-everything', args: ['stdio'] },
  { name: '@modelcontextprotocol/server-sequential-thinking' },
  { name: '@modelcontextprotocol/server-github' },
  { name: '@modelcontextprotocol/server-gitlab' },
  { name: '@modelcontextprotocol/server-slack' },
  { name: '@modelcontextprotocol/server-postgres', args: ['postgresql://user:pass@127.0.0.1:1/db'] },
  { name: '@modelcontextprotocol/server-puppeteer' },
  { name: '@modelcontextprotocol/server-brave-search' },
  { name: '@modelcontextprotocol/server-google-maps' },
  { name: '@modelcontextprotocol/server-redis', args: ['redis://127.0.0.1:1'] },
  { name: '@modelcontextprotocol/server-aws-kb-retrieval' },
  { name: '@playwright/mcp' },
  { name: 'chrome-devtools-mcp' },
  { name: '@upstash/context7-mcp' },
  { name: '@circleci/mcp-server-circleci' },
  { name: 'firecrawl-mcp' },
  { name: 'mongodb-mcp-server' },
  { name: '@pinecone-database/mcp' },
  { name: '@softeria/ms-365-mcp-server' },
  { name: '@zereight/mcp-gitlab' },
  { name: 'mcp-server-kubernetes' },
  { name: '@cyanheads/git-mcp-server' },
  { name: '@notionhq/notion-mcp-server' },
  { name: 'tavily-mcp' },
  { name: 'exa-mcp-server' },
  { name: '@supabase/mcp-server-supabase', args: ['--access-token', 'placeholder', '--read-only'] },
  { name: '@azure-devops/mcp', args: ['placeholder-org'] },
  { name: '@gongrzhe/server-gmail-autoauth-mcp' },
  { name: 'nx-mcp' },
  { name: 'n8n-mcp' },
  { name: '@stripe/mcp', args: ['--tools=all', '--api-key=sk_test_placeholder'] },
  { name: '@sentry/mcp-server', args: ['--access-token=placeholder'] },
  { name: '@launchdarkly/mcp-server', args: ['start', '--api-key', 'placeholder'] },
  { name: 'figma-developer-mcp', args: ['--figma-api-key=placeholder', '--stdio'] },
  { name: '@executeautomation/playwright-mcp-server' },
  { name: '@mastra/mcp-docs-server' },
  { name: '@winor30/mcp-server-datadog' },
  { name: '@antv/mcp-server-chart' },
  { name: '@cocal/google-calendar-mcp' },
  { name: '@hubspot/mcp-server' },
  { name: '@perplexity-ai/mcp-server' },
  { name: '@shortcut/mcp' },
  { name: '@apify/actors-mcp-server' },
  { name: '@currents/mcp' },
  { name: '@google-cloud/cloud-run-mcp' },
  { name: '@brave/brave-search-mcp-server' },
  { name: 'slack-mcp-server' },
  { name: 'mcp-server-code-runner' },
  { name: '@aashari/mcp-server-atlassian-jira' },
  { name: '@browsermcp/mcp' },
  { name: '@benborla29/mcp-server-mysql' },
  { name: '@mondaydotcomorg/monday-api-mcp', args: ['-t', 'placeholder'] },
  { name: '@mapbox/mcp-server' },
  { name: 'argocd-mcp', args: ['stdio'] },
  { name: '@brightdata/mcp' },
  { name: 'mcp-mermaid' },
  { name: '@openbnb/mcp-server-airbnb' },
  { name: '@eslint/mcp' },
  { name: '@wonderwhy-er/desktop-commander' },
  { name: '@heroku/mcp-server' },
  { name: '@kimtaeyoon83/mcp-server-youtube-transcript' },
  { name: '@translated/lara-mcp' },
]

/** Placeholder credentials: enough for a server to start and list its tools, never a real account. */
export const PLACEHOLDER_ENV: Record<string, string> = Object.fromEntries(
  [
    'API_KEY',
    'FIRECRAWL_API_KEY',
    'CIRCLECI_TOKEN',
    'PINECONE_API_KEY',
    'GITLAB_PERSONAL_ACCESS_TOKEN',
    'GITHUB_PERSONAL_ACCESS_TOKEN',
    'GITHUB_TOKEN',
    'SLACK_BOT_TOKEN',
    'SLACK_TEAM_ID',
    'SLACK_MCP_XOXP_TOKEN',
    'BRAVE_API_KEY',
    'GOOGLE_MAPS_API_KEY',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'NOTION_TOKEN',
    'TAVILY_API_KEY',
    'EXA_API_KEY',
    'STRIPE_SECRET_KEY',
    'SENTRY_ACCESS_TOKEN',
    'DATADOG_API_KEY',
    'DATADOG_APP_KEY',
    'PERPLEXITY_API_KEY',
    'SHORTCUT_API_TOKEN',
    'APIFY_TOKEN',
    'CURRENTS_API_KEY',
    'ATLASSIAN_API_TOKEN',
    'ATLASSIAN_USER_EMAIL',
    'MAPBOX_ACCESS_TOKEN',
    'ARGOCD_API_TOKEN',
    'API_TOKEN',
    'HEROKU_API_KEY',
    'LARA_ACCESS_KEY_ID',
    'LARA_ACCESS_KEY_SECRET',
    'PRIVATE_APP_ACCESS_TOKEN',
    'MYSQL_PASS',
    'CONTEXT7_API_KEY',
  ].map((k) => [k, 'placeholder']),
)
Object.assign(PLACEHOLDER_ENV, {
  AWS_REGION: 'us-east-1',
  ATLASSIAN_SITE_NAME: 'placeholder',
  ARGOCD_BASE_URL: 'http://127.0.0.1:1',
  MYSQL_HOST: '127.0.0.1',
  MYSQL_USER: 'placeholder',
  GITLAB_API_URL: 'http://127.0.0.1:1/api/v4',
  MDB_MCP_CONNECTION_STRING: 'mongodb://127.0.0.1:1',
  N8N_API_URL: 'http://127.0.0.1:1',
  N8N_API_KEY: 'placeholder',
  GOOGLE_CLOUD_PROJECT: 'placeholder',
})
