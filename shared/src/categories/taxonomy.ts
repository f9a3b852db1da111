// Over 300 lines: it is data (the taxonomy and the map of community categories onto it), one table to read and review.
/**
 * The directory's category taxonomy (directory-api §2.3), how a category is spelled, and how the
 * ToolSDK community categories of imported entries map onto it.
 */

/** One category: a plain label, a lowercase-kebab slug, an emoji and the group it is shown under. */
export interface Category {
  label: string
  slug: string
  emoji: string
  group: string
}

// Emoji are written in their fully-qualified form (with U+FE0F where Unicode asks for one), because
// that is what the stored name carries; resolveCategory() tolerates the selector being dropped or added.
/** Every category, in display order (grouped); the last one is the catch-all `other`. */
export const CATEGORIES: readonly Category[] = Object.freeze(
  (
    [
      // Development
      ['Developer Tools', 'developer-tools', '🛠️', 'Development'],
      ['Version Control', 'version-control', '🔀', 'Development'],
      ['Coding Agents', 'coding-agents', '🤖', 'Development'],
      ['Code Execution', 'code-execution', '▶️', 'Development'],
      ['Command Line', 'command-line', '💻', 'Development'],
      ['Testing & QA', 'testing', '🧪', 'Development'],
      ['DevOps & CI/CD', 'devops', '🚀', 'Development'],
      // Data
      ['Databases', 'databases', '🗄️', 'Data'],
      ['Data Platforms', 'data-platforms', '🏗️', 'Data'],
      ['Data Science & Analytics', 'data-science', '📊', 'Data'],
      ['File Systems', 'file-systems', '📁', 'Data'],
      ['Knowledge & Memory', 'knowledge-memory', '📚', 'Data'],
      // Web
      ['Search & Data Extraction', 'search', '🔍', 'Web'],
      ['Browser Automation', 'browser-automation', '🌐', 'Web'],
      // Infrastructure
      ['Cloud Platforms', 'cloud-platforms', '☁️', 'Infrastructure'],
      ['Monitoring & Observability', 'monitoring', '📈', 'Infrastructure'],
      ['Security', 'security', '🔒', 'Infrastructure'],
      ['Embedded & IoT', 'embedded-iot', '🔌', 'Infrastructure'],
      // AI
      ['AI & LLM Tools', 'ai-llm', '✨', 'AI'],
      ['Aggregators & Gateways', 'aggregators', '🔗', 'AI'],
      // Business
      ['Finance & Fintech', 'finance', '💰', 'Business'],
      ['Crypto & Web3', 'crypto', '🪙', 'Business'],
      ['E-commerce', 'ecommerce', '🛒', 'Business'],
      ['Marketing', 'marketing', '📣', 'Business'],
      ['CRM & Customer Data', 'crm', '👥', 'Business'],
      ['Support & Service Management', 'support', '🎧', 'Business'],
      ['Productivity & Project Management', 'productivity', '✅', 'Business'],
      // Communication
      ['Communication', 'communication', '💬', 'Communication'],
      ['Social Media', 'social-media', '📱', 'Communication'],
      ['Translation & Language', 'translation', '🗣️', 'Communication'],
      // Media & lifestyle
      ['Art & Culture', 'art-culture', '🎨', 'Media & Lifestyle'],
      ['Media & Entertainment', 'media', '🎬', 'Media & Lifestyle'],
      ['Gaming', 'gaming', '🎮', 'Media & Lifestyle'],
      ['Sports', 'sports', '⚽', 'Media & Lifestyle'],
      ['Health & Wellness', 'health', '🩺', 'Media & Lifestyle'],
      ['Education & Research', 'education-research', '🎓', 'Media & Lifestyle'],
      // Places
      ['Location & Maps', 'location', '🗺️', 'Places'],
      ['Travel & Transportation', 'travel', '✈️', 'Places'],
      ['Weather', 'weather', '🌦️', 'Places'],
      // Catch-all
      ['Other', 'other', '📦', 'Other'],
    ] as const
  ).map(([label, slug, emoji, group]) => Object.freeze({ label, slug, emoji, group })),
)

/** The canonical stored name of a category: its emoji, a space, then its label. */
export function storedCategoryName(c: Category): string {
  return `${c.emoji} ${c.label}`
}

// Lookup key: NFC, no variation selector, trimmed, one space per whitespace run, lower-case.
const normalizeKey = (s: string): string =>
  s
    .normalize('NFC')
    .replace(/\uFE0F/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase()

const BY_KEY: ReadonlyMap<string, Category> = (() => {
  const m = new Map<string, Category>()
  for (const c of CATEGORIES) {
    // Also the emoji glued to the label, a common copy-paste slip.
    for (const k of [storedCategoryName(c), c.label, c.slug, `${c.emoji}${c.label}`]) m.set(normalizeKey(k), c)
  }
  return m
})()

const BY_SLUG: ReadonlyMap<string, Category> = new Map(CATEGORIES.map((c) => [c.slug, c]))

/** The category named by any of its three spellings (stored name, label, slug), or null. */
export function resolveCategory(input: string): Category | null {
  // Bound the work on hostile input; no spelling is anywhere near this long.
  if (typeof input !== 'string' || input.length > 200) return null
  return BY_KEY.get(normalizeKey(input)) ?? null
}

/** The category with this slug; throws on an unknown slug (a programming error, not user input). */
export function categoryBySlug(slug: string): Category {
  const c = BY_SLUG.get(slug)
  if (!c) throw new Error(`unknown category slug: ${slug}`)
  return c
}

/** The catch-all category. */
export const OTHER_CATEGORY: Category = categoryBySlug('other')

/**
 * The 30 ToolSDK community category names that occur in the real data, mapped to a slug.
 * `null` marks the two catch-all buckets: for those the hints decide, else Other.
 */
export const COMMUNITY_CATEGORY_MAP: Readonly<Record<string, string | null>> = Object.freeze({
  'Other Tools and Integrations': null,
  Uncategorized: null,
  'Search & Data Extraction': 'search',
  'Developer Tools': 'developer-tools',
  'Finance & Fintech': 'finance',
  Databases: 'databases',
  'Knowledge & Memory': 'knowledge-memory',
  Communication: 'communication',
  'Browser Automation': 'browser-automation',
  'Cloud Platforms': 'cloud-platforms',
  Security: 'security',
  'Art & Culture': 'art-culture',
  'Command Line': 'command-line',
  'File Systems': 'file-systems',
  'Data Science Tools': 'data-science',
  'Data Platforms': 'data-platforms',
  'Version Control': 'version-control',
  'Coding Agents': 'coding-agents',
  Aggregators: 'aggregators',
  'Support & Service Management': 'support',
  Monitoring: 'monitoring',
  'Location Services': 'location',
  'Embedded System': 'embedded-iot',
  'Code Execution': 'code-execution',
  Marketing: 'marketing',
  Gaming: 'gaming',
  'Travel & Transportation': 'travel',
  'Customer Data Platforms': 'crm',
  Sports: 'sports',
  'Translation Services': 'translation',
})

const COMMUNITY_BY_KEY: ReadonlyMap<string, string | null> = new Map(
  Object.entries(COMMUNITY_CATEGORY_MAP).map(([k, v]) => [normalizeKey(k), v]),
)

/** A community category's slug; `null` for a catch-all bucket; `undefined` when the name is not a community one. */
export function communityCategorySlug(raw: string): string | null | undefined {
  return COMMUNITY_BY_KEY.get(normalizeKey(raw.slice(0, 200)))
}

// A coarse community category may be narrowed to one of these when the hints clearly say so
// (ToolSDK files most crypto servers under Finance, and video/music under Art & Culture).
export const REFINEMENTS: Readonly<Record<string, readonly string[]>> = {
  finance: ['crypto'],
  'art-culture': ['media'],
  'cloud-platforms': ['devops'],
  'developer-tools': ['devops', 'testing'],
  communication: ['social-media'],
}

// Keyword hints per category. A pattern is matched on word boundaries against the lower-cased
// name and description. Only distinctive words are listed: generic ones such as "search", "data"
// or "api" appear in descriptions of every kind and would make guesses noisy; so would "flux" (an image model, and
// any data flow) and a bare "learning" (machine learning is not education).
const HINTS: ReadonlyArray<readonly [slug: string, patterns: readonly string[]]> = [
  [
    'databases',
    [
      'postgres(?:ql)?',
      'mysql',
      'mariadb',
      'sqlite',
      'mongo(?:db)?',
      'redis',
      'supabase',
      'neo4j',
      'cassandra',
      'dynamodb',
      'couchdb',
      'clickhouse',
      'duckdb',
      'sql server',
      'mssql',
      'oracle database',
      'database(?:s)?',
      'sql quer(?:y|ies)',
      'vector database',
      'qdrant',
      'pinecone',
      'milvus',
      'chroma(?:db)?',
      'weaviate',
      'firestore',
      'prisma',
    ],
  ],
  [
    'data-platforms',
    [
      'snowflake',
      'bigquery',
      'databricks',
      'data warehouse',
      'etl',
      'data pipelines?',
      'airbyte',
      'dbt',
      'kafka',
      'spark',
      'data lake',
      'tinybird',
      'redshift',
    ],
  ],
  [
    'data-science',
    [
      'pandas',
      'jupyter',
      'notebooks?',
      'machine learning',
      'data analysis',
      'statistic(?:s|al)',
      'data visuali[sz]ation',
      'charts?',
      'plotting',
      'dataframes?',
    ],
  ],
  [
    'file-systems',
    [
      'file ?system',
      'files? (?:access|management|operations)',
      'directory listing',
      'google drive',
      'dropbox',
      'onedrive',
      'box\\.com',
      's3 buckets?',
    ],
  ],
  [
    'knowledge-memory',
    [
      'memory',
      'knowledge (?:base|graph)',
      'notes?',
      'obsidian',
      'rag',
      'retrieval',
      'embeddings?',
      'long-term memory',
      'documentation',
    ],
  ],
  [
    'search',
    [
      'web search',
      'search engine',
      'scrap(?:e|er|ing)',
      'crawl(?:er|ing)?',
      'serp',
      'google search',
      'bing',
      'duckduckgo',
      'brave search',
      'tavily',
      'exa',
      'perplexity',
      'web content',
      'extract(?:ion)? (?:data|content)',
    ],
  ],
  [
    'browser-automation',
    ['browser', 'playwright', 'puppeteer', 'selenium', 'headless', 'chrome devtools', 'web automation'],
  ],
  ['version-control', ['git', 'github', 'gitlab', 'bitbucket', 'pull requests?', 'git commits?']],
  [
    'coding-agents',
    [
      'coding agents?',
      'code generation',
      'code review',
      'claude code',
      'codex',
      'cursor',
      'pair programming',
      'refactor(?:ing)?',
    ],
  ],
  [
    'code-execution',
    ['code execution', 'execute code', 'run(?:s|ning)? code', 'sandbox(?:ed)?', 'interpreter', 'repl', 'e2b'],
  ],
  ['command-line', ['terminal', 'shell commands?', 'command line', 'cli', 'bash', 'powershell', 'ssh']],
  ['testing', ['testing', 'test cases?', 'unit tests?', 'e2e tests?', 'qa', 'test automation']],
  [
    'devops',
    [
      'kubernetes',
      'k8s',
      'docker',
      'containers?',
      'helm',
      'terraform',
      'ci/cd',
      'ci',
      'jenkins',
      'github actions',
      'argocd',
      'ansible',
      'deployments?',
      'infrastructure as code',
    ],
  ],
  [
    'developer-tools',
    [
      'developer tools?',
      'sdk',
      'openapi',
      'swagger',
      'ide',
      'linter',
      'lint(?:ing)?',
      'npm',
      'pypi',
      'package manager',
      'debug(?:ger|ging)?',
      'api testing',
      'postman',
      'feature flags?',
      'figma',
    ],
  ],
  [
    'cloud-platforms',
    [
      'aws',
      'amazon web services',
      'azure',
      'gcp',
      'google cloud',
      'cloudflare',
      'vercel',
      'netlify',
      'heroku',
      'digitalocean',
      'serverless',
      'lambda',
      'cloud (?:platform|provider|resources|infrastructure)',
    ],
  ],
  [
    'monitoring',
    [
      'monitoring',
      'observability',
      'logs?',
      'logging',
      'metrics',
      'datadog',
      'grafana',
      'prometheus',
      'sentry',
      'new relic',
      'alerts?',
      'incidents?',
      'tracing',
      'uptime',
    ],
  ],
  [
    'security',
    [
      'security',
      'vulnerabilit(?:y|ies)',
      'pentest(?:ing)?',
      'penetration testing',
      'malware',
      'threat intelligence',
      'cve',
      'osint',
      'authentication',
      'secrets?',
      'encryption',
      'firewall',
      'siem',
      'virustotal',
      'shodan',
    ],
  ],
  [
    'embedded-iot',
    [
      'iot',
      'embedded',
      'arduino',
      'raspberry pi',
      'esp32',
      'microcontrollers?',
      'home assistant',
      'smart home',
      'mqtt',
      'sensors?',
      'robot(?:s|ics)?',
      'plc',
      'hardware',
      'serial port',
    ],
  ],
  [
    'ai-llm',
    [
      'llms?',
      '(?:large )?language models?',
      'text generation',
      'openai',
      'anthropic',
      'gemini',
      'ollama',
      'hugging ?face',
      'prompts?',
      'reasoning',
      'sequential thinking',
      'ai models?',
      'model inference',
      'agents? framework',
      'replicate',
    ],
  ],
  [
    'aggregators',
    [
      'aggregat(?:e|es|or|ors|ing)',
      'gateway',
      'proxy',
      'multiple mcp servers',
      'mcp servers? (?:hub|registry|router)',
      'router',
      'zapier',
      'n8n',
      'pipedream',
      'unified interface',
      'hundreds of (?:apps|tools|integrations)',
    ],
  ],
  [
    'finance',
    [
      'financ(?:e|ial)',
      'stocks?',
      'stock market',
      'trading',
      'invest(?:ing|ment|ments)',
      'portfolio',
      'banking',
      'bank',
      'payments?',
      'invoices?',
      'accounting',
      'quickbooks',
      'xero',
      'stripe',
      'paypal',
      'budget(?:ing)?',
      'forex',
      'tax(?:es)?',
    ],
  ],
  [
    'crypto',
    [
      'crypto(?:currency|currencies)?',
      'blockchains?',
      'web3',
      'ethereum',
      'solana',
      'bitcoin',
      'defi',
      'nfts?',
      'smart contracts?',
      'wallets?',
      'on-chain',
      'onchain',
      'tokens? (?:prices?|swaps?)',
      'dex',
      'evm',
      'coingecko',
      'coinmarketcap',
      'binance',
      'uniswap',
    ],
  ],
  [
    'ecommerce',
    [
      'e-?commerce',
      'shopify',
      'woocommerce',
      'online store',
      'shopping',
      'product catalog',
      'orders? management',
      'amazon seller',
      'checkout',
    ],
  ],
  [
    'marketing',
    [
      'marketing',
      'seo',
      'advertis(?:ing|ements?)',
      'ads',
      'google ads',
      'meta ads',
      'campaigns?',
      'newsletter',
      'mailchimp',
      'email marketing',
      'analytics for websites',
      'google analytics',
    ],
  ],
  [
    'crm',
    [
      'crm',
      'hubspot',
      'salesforce',
      'pipedrive',
      'customer data',
      'customer relationship',
      'leads?',
      'contacts management',
      'attio',
    ],
  ],
  [
    'support',
    [
      'customer support',
      'help ?desk',
      'zendesk',
      'freshdesk',
      'intercom',
      'tickets?',
      'ticketing',
      'service desk',
      'itsm',
      'servicenow',
    ],
  ],
  [
    'productivity',
    [
      'productivity',
      'calendar',
      'tasks?',
      'to-?do',
      'project management',
      'notion',
      'trello',
      'asana',
      'jira',
      'linear',
      'clickup',
      'todoist',
      'time tracking',
      'spreadsheets?',
      'google sheets',
      'excel',
      'documents?',
      'pdfs?',
      'word documents?',
      'bookmarks?',
      'scheduling',
    ],
  ],
  [
    'communication',
    [
      'slack',
      'discord',
      'telegram',
      'whatsapp',
      'email',
      'e-mail',
      'gmail',
      'outlook',
      'sms',
      'messag(?:e|es|ing)',
      'chat',
      'microsoft teams',
      'zoom',
      'voice calls?',
      'notifications?',
    ],
  ],
  [
    'social-media',
    [
      'social media',
      'twitter',
      'x\\.com',
      'tweets?',
      'reddit',
      'linkedin',
      'instagram',
      'facebook',
      'tiktok',
      'mastodon',
      'bluesky',
      'youtube comments',
    ],
  ],
  [
    'translation',
    ['translat(?:e|es|ion|ions|or)', 'languages? detection', 'deepl', 'multilingual', 'localization', 'i18n'],
  ],
  [
    'art-culture',
    [
      'art',
      'artworks?',
      'museums?',
      'image generation',
      'generat(?:e|ing) images',
      'images? (?:generation|editing)',
      'dall-e',
      'stable diffusion',
      'midjourney',
      'drawing',
      'design',
      '3d',
      'blender',
      'poetry',
      'literature',
      'culture',
    ],
  ],
  [
    'media',
    [
      'video',
      'videos',
      'youtube',
      'music',
      'spotify',
      'podcasts?',
      'audio',
      'text-to-speech',
      'speech',
      'tts',
      'movies?',
      'films?',
      'tv shows?',
      'streaming',
      'transcri(?:be|ption|pts?)',
    ],
  ],
  ['gaming', ['games?', 'gaming', 'minecraft', 'unity', 'unreal', 'godot', 'steam', 'chess', 'roblox', 'pok[eé]mon']],
  [
    'sports',
    [
      'sports?',
      'football',
      'soccer',
      'nba',
      'nfl',
      'mlb',
      'nhl',
      'baseball',
      'basketball',
      'tennis',
      'golf',
      'formula 1',
      'f1',
      'cricket',
      'fantasy (?:football|sports)',
    ],
  ],
  [
    'health',
    [
      'health',
      'healthcare',
      'medical',
      'clinical',
      'fhir',
      'patients?',
      'fitness',
      'nutrition',
      'diet',
      'workouts?',
      'drugs?',
      'pubmed',
      'genomics?',
      'proteins?',
    ],
  ],
  [
    'education-research',
    [
      'education',
      'students?',
      'courses?',
      'academic',
      'research papers?',
      'papers',
      'arxiv',
      'scholar',
      'citations?',
      'flashcards?',
      'anki',
      'wikipedia',
    ],
  ],
  [
    'location',
    [
      'maps?',
      'geocod(?:e|ing)',
      'location',
      'gis',
      'geospatial',
      'coordinates',
      'places',
      'directions',
      'openstreetmap',
      'google maps',
      'mapbox',
      'ip geolocation',
      'addresses',
    ],
  ],
  [
    'travel',
    [
      'travel',
      'flights?',
      'hotels?',
      'airbnb',
      'booking',
      'trains?',
      'railway',
      'transit',
      'public transport',
      'airlines?',
      'airports?',
      'trips?',
      'itinerar(?:y|ies)',
      'vehicles?',
      'bus',
    ],
  ],
  ['weather', ['weather', 'forecasts?', 'meteorolog(?:y|ical)', 'climate', 'openweather(?:map)?', 'temperature']],
]

/** Each category's keywords, compiled: matched on letter/digit boundaries. */
export const HINT_REGEXPS: ReadonlyArray<readonly [string, readonly RegExp[]]> = HINTS.map(([slug, pats]) => {
  if (!BY_SLUG.has(slug)) throw new Error(`hint for unknown slug ${slug}`)
  // A space or hyphen in a keyword also matches "_", "." or "-", as names write `text_to_speech`.
  const flexible = (p: string) => p.replace(/[ -]/g, (c) => (c === ' ' ? '[\\s_.-]+' : '[\\s_.-]'))
  return [slug, pats.map((p) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${flexible(p)})(?![\\p{L}\\p{N}])`, 'u'))] as const
})
