// Readable text of each tool result: the same data as structuredContent, for clients that show only text. Data only:
// no advertising and nothing addressed to the model.
import type { ErrorBody } from '@mcp-directory/shared/errors'

type Summary = { id: string; name: string; description: string; category: string; url: string; isOfficial: boolean; isVerifiedActive: boolean }
type Config = { client: string; label: string; format: string; locations: { os: string; path: string }[]; snippet: string; note: string }
type Install = { kind: string; confidence: string; command?: string; args?: string[]; url?: string } | null

const oneLine = (s: string, max = 240) => {
  const flat = s.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

const marks = (s: Summary) => [s.isOfficial ? 'official' : null, s.isVerifiedActive ? 'verified running' : null].filter(Boolean).join(', ')

/** Search results as a numbered list. */
export function searchText(r: { total: number; query: string | null; category: string | null; servers: Summary[]; nextCursor: string | null }): string {
  const head = `${r.total} listing${r.total === 1 ? '' : 's'} match${r.total === 1 ? 'es' : ''}${r.query ? ` "${r.query}"` : ''}${r.category ? ` in ${r.category}` : ''}; ${r.servers.length} shown.`
  const lines = r.servers.map((s, i) => {
    const m = marks(s)
    return `${i + 1}. ${s.name} (id: ${s.id}) — ${s.category}${m ? ` — ${m}` : ''}\n   ${oneLine(s.description)}${s.url ? `\n   ${s.url}` : ''}`
  })
  return [head, ...lines, ...(r.nextCursor ? [`Next page cursor: ${r.nextCursor}`] : [])].join('\n')
}

/** The readable form of one install config. */
function configText(c: Config): string {
  const where = c.locations.map((l) => `${l.os}: ${l.path}`).join('; ')
  return [`## ${c.label} (${c.client})`, ...(where ? [`File: ${where}`] : []), '```' + (c.format === 'shell' ? 'sh' : c.format === 'text' ? '' : c.format), c.snippet, '```', ...(c.note ? [c.note] : [])].join('\n')
}

const installLine = (i: Install) =>
  !i ? 'Install: unknown' : i.kind === 'remote' ? `Install: remote endpoint ${i.url ?? ''} (confidence ${i.confidence})` : `Install: local command \`${[i.command, ...(i.args ?? [])].filter(Boolean).join(' ')}\` (confidence ${i.confidence})`

/** One listing's detail. */
export function detailText(s: Summary & { title: string | null; repositoryUrl: string | null; websiteUrl: string | null; transports: string[]; tags: string[]; qualityScore: number; health: string | null; popularity: { upvotes: number; views: number; installs: number; githubStars: number | null }; tools: { name: string; description?: string }[]; install: Install; detailUrl: string }): string {
  const m = marks(s)
  const lines = [
    `# ${s.name}${s.title && s.title !== s.name ? ` — ${s.title}` : ''}`,
    `id: ${s.id}`,
    `Category: ${s.category}`,
    ...(m ? [`Status: ${m}`] : []),
    ...(s.health ? [`Health: ${s.health}`] : []),
    ...(s.repositoryUrl ? [`Repository: ${s.repositoryUrl}`] : []),
    ...(s.websiteUrl ? [`Website: ${s.websiteUrl}`] : []),
    `Transports: ${s.transports.join(', ') || 'none known'}`,
    ...(s.tags.length ? [`Tags: ${s.tags.join(', ')}`] : []),
    `Quality score: ${s.qualityScore}/100; upvotes ${s.popularity.upvotes}, views ${s.popularity.views}, installs ${s.popularity.installs}${s.popularity.githubStars !== null ? `, GitHub stars ${s.popularity.githubStars}` : ''}`,
    installLine(s.install),
    `Page: ${s.detailUrl}`,
    '',
    s.description,
  ]
  if (s.tools.length) lines.push('', 'Tools:', ...s.tools.map((t) => `- ${t.name}${t.description ? `: ${oneLine(t.description, 160)}` : ''}`))
  return lines.join('\n')
}

/** Install configs of one listing. */
export function installText(r: { id: string; name: string; install: Install; configs: Config[] | null }): string {
  const head = [`${r.name} (id: ${r.id})`, installLine(r.install)]
  if (!r.configs) return [...head, 'No confirmed client configs: the install is only guessed.'].join('\n')
  return [...head, '', ...r.configs.map(configText)].join('\n\n').replace(/\n\n\n/g, '\n\n')
}

/** The category list. */
export function categoriesText(cs: { label: string; slug: string; emoji: string; group: string }[]): string {
  return cs.map((c) => `- ${c.emoji} ${c.label} (slug: ${c.slug}; group: ${c.group})`).join('\n')
}

/** A claim challenge: what to publish for each method. */
export function challengeText(c: { id: string; name: string; methods: Record<string, Record<string, unknown> | undefined> }): string {
  const lines = [`Ownership proofs for ${c.name} (id: ${c.id}); any one method is enough.`]
  const dns = c.methods.dns as { type?: string; names?: string[]; value?: string } | undefined
  if (dns) lines.push('', `dns: a ${dns.type ?? 'TXT'} record with value ${JSON.stringify(dns.value ?? '')} at ${(dns.names ?? []).join(' or ')}`)
  const site = c.methods.website_badge as { sites?: string[]; html?: string; meta?: string } | undefined
  if (site) lines.push('', `website_badge: on ${(site.sites ?? []).join(' or ')}`, `  HTML: ${site.html ?? ''}`, `  or meta tag: ${site.meta ?? ''}`)
  const gh = c.methods.github as { repository?: string | null; markdown?: string } | undefined
  if (gh) lines.push('', `github: in the README of ${gh.repository ?? '(no repository known)'}`, `  Markdown: ${gh.markdown ?? ''}`)
  return lines.join('\n')
}

/** A failed call: its code, status, message and details. */
export function errorText(e: ErrorBody): string {
  const details = e.details?.length ? `\nDetails: ${JSON.stringify(e.details)}` : ''
  return `Error ${e.error}${e.status ? ` (${e.status})` : ''}: ${e.message}${details}`
}
