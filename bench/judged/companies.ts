/**
 * `bun bench/judged/companies.ts`: writes bench/judged/companies.json, the judged company-name queries, from
 * ../shared/data/servers.json by the rules below (never chosen per query; rerun it to regenerate).
 *
 * 1. Namespaces. A listing's namespaces are: its reverse-DNS label (the registrable domain's label of an
 *    official `tld.label/…` name other than `io.github.*`: `com.notion/mcp` → notion, `com.cloudflare.mcp/…` →
 *    cloudflare, `co.uk.x/…` → x); the owner of an `io.github.<owner>/…` name; the scope of an `@scope/…` name or
 *    npm package; and the owner of its github.com repository.
 * 2. About itself. A listing is about a label when its own name (after the namespace) or its title contains the
 *    label, or is only generic words (mcp, server, remote, official, api, docs, …). Test, demo, template, example
 *    and sample listings are about nothing.
 * 3. Companies. A label is a company's when one listing is about it under one of: a reverse-DNS namespace whose
 *    registrable domain is not a hosting one; an `io.github.<owner>` name whose repository is github.com/<owner>; an
 *    `@scope/…` package (a repository owner alone makes no company). A domain is hosting when fewer than half of its
 *    listings are about its label (or the label without an affix): copies of other brands' servers (ai.smithery),
 *    connectors (ai.waystation, com.mintmcp), templates (live.alpic.*), or a vendor's many product brands
 *    (com.microsoft: azure, nuget); its reverse-DNS namespace then counts for nothing. Labels shorter than 3
 *    characters, or made only of generic words or of an affix, are skipped.
 * 4. One structural affix. A label that is another company label plus one affix (hq, inc, labs, lab, ai, app, dev,
 *    io, official, team as suffixes; make, get, use, try as prefixes) is that company's (makenotion, notionhq →
 *    notion when notion is a company label).
 * 5. Own listings: listings with a namespace that is the company's label, or the label plus one affix, and that
 *    are about the company's label (or that namespace's own label); and any other listing of the same repository
 *    (the same server registered again, e.g. under its author's io.github name or as a hosted copy).
 * 6. Mentioned by others: kept only when at least one listing with none of the company's namespaces names the
 *    label as a word, or as two adjacent words written together ("Hugging Face" for huggingface), in its name,
 *    title or description.
 * The query is the company's name as those other listings most often write it ("hugging face", "gitlab"); relevant
 * = its own listings. Companies whose query is one of ../shared/data/queries.json's (notion, slack, figma, …) are left
 * out, so that no query is judged twice.
 */
import { loadSharedData } from '@mcp-directory/shared/testing'

export interface Entry {
  name: string
  title?: string
  description?: string
  url?: string | null
  repository?: { url?: string; subfolder?: string }
  packages?: { registryType?: string; identifier?: string }[]
  source: string
}
export interface Judged {
  id: string
  query: string
  type: string
  relevant: string[]
  judged_all_candidates: boolean
  note?: string
}

const GENERIC = new Set(
  'mcp server servers remote official api apis docs documentation main hub local hosted model context protocol the http sse stdio'.split(
    ' ',
  ),
)
const SUFFIXES = ['hq', 'inc', 'labs', 'lab', 'ai', 'app', 'dev', 'io', 'official', 'team']
const PREFIXES = ['make', 'get', 'use', 'try']
const TESTY = /(^|[^a-z])(test|tests|testing|demo|template|example|sample)s?([^a-z]|$)|test\d*$/
// Second-level labels under a country code (co.uk, com.au, …): the registrable label is the next one.
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu'])

const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

/** The label without one structural affix (undefined when it has none, or the rest would be under 3 letters). */
export function baseOf(label: string): string | undefined {
  const l = label.toLowerCase()
  for (const a of SUFFIXES) {
    const rest = l.endsWith(`-${a}`) ? l.slice(0, -a.length - 1) : l.endsWith(a) ? l.slice(0, -a.length) : ''
    if (rest.length >= 3) return rest
  }
  for (const a of PREFIXES) {
    const rest = l.startsWith(`${a}-`) ? l.slice(a.length + 1) : l.startsWith(a) ? l.slice(a.length) : ''
    if (rest.length >= 3) return rest
  }
  return undefined
}

/** The registrable label of an official reverse-DNS name (undefined for io.github.* and other names). */
export function reverseDnsLabel(name: string): string | undefined {
  if (!name.includes('/') || name.startsWith('@') || name.startsWith('io.github.')) return undefined
  const parts = name.split('/')[0]!.toLowerCase().split('.')
  if (parts.length < 2) return undefined
  const i = parts[0]!.length === 2 && SECOND_LEVEL.has(parts[1]!) && parts.length > 2 ? 2 : 1
  return parts[i]
}

/** A listing's repository, normalised (lower case, https, no www., no trailing slash or .git, subfolder kept). */
export function repoOf(e: Entry): string | undefined {
  const url = e.repository?.url
  if (!url) return undefined
  const base = url
    .toLowerCase()
    .replace(/^http:/, 'https:')
    .replace('://www.', '://')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
  return e.repository?.subfolder ? `${base}/${e.repository.subfolder.toLowerCase().replace(/^\/+|\/+$/g, '')}` : base
}

const githubOwner = (url: string | undefined | null) =>
  url?.toLowerCase().match(/^https?:\/\/(?:www\.)?github\.com\/([^/]+)\//)?.[1]

/** The listing's own name: what follows its namespace (`io.github.x/NAME`, `@scope/NAME`, `com.y/NAME`). */
const ownName = (e: Entry) => (e.name.includes('/') ? e.name.slice(e.name.indexOf('/') + 1) : e.name)

/** Rule 2: the listing's own name or title names the label, or is only generic words. */
const isTesty = (e: Entry) => [ownName(e), e.title ?? ''].some((t) => TESTY.test(t.toLowerCase()))

export function isAbout(e: Entry, label: string): boolean {
  const texts = [ownName(e), e.title ?? '']
  if (isTesty(e)) return false
  if (texts.some((t) => compact(t).includes(compact(label)))) return true
  return texts.every((t) => words(t).every((w) => GENERIC.has(w) || /^v?\d+$/.test(w)))
}

interface Namespace {
  kind: 'dns' | 'owner' | 'scope' | 'repo'
  label: string
}
export function namespacesOf(e: Entry): Namespace[] {
  const out: Namespace[] = []
  const dns = reverseDnsLabel(e.name)
  if (dns && e.source === 'official-registry') out.push({ kind: 'dns', label: dns })
  const repoOwner = githubOwner(e.repository?.url ?? e.url)
  if (e.name.startsWith('io.github.')) {
    const owner = e.name.slice('io.github.'.length).split('/')[0]!.toLowerCase()
    if (repoOwner === owner) out.push({ kind: 'owner', label: owner })
  }
  const scopes = [e.name, ...(e.packages ?? []).filter((p) => p.registryType === 'npm').map((p) => p.identifier ?? '')]
    .map((n) => n.match(/^@([^/]+)\//)?.[1]?.toLowerCase())
    .filter((s): s is string => !!s)
  for (const s of new Set(scopes)) out.push({ kind: 'scope', label: s })
  if (repoOwner) out.push({ kind: 'repo', label: repoOwner })
  return out
}

/** A label fit to name a company: three characters or more, not only generic words or an affix. */
const fitLabel = (l: string) =>
  l.length >= 3 && !words(l).every((w) => GENERIC.has(w)) && !SUFFIXES.includes(l) && !PREFIXES.includes(l)

/** A text made ready for `namingOf`: its words, one space apart and padded, and its adjacent pairs written together. */
interface Wording {
  spaced: string
  pairs: Map<string, string>
}
export function wording(text: string): Wording {
  const ws = words(text)
  const pairs = new Map<string, string>()
  for (let i = 0; i + 1 < ws.length; i++)
    if (!pairs.has(ws[i]! + ws[i + 1]!)) pairs.set(ws[i]! + ws[i + 1]!, `${ws[i]} ${ws[i + 1]}`)
  return { spaced: ` ${ws.join(' ')} `, pairs }
}

/** How `text` names `label`: as one word, or as two adjacent words written together ("hugging face"). */
export function namingOf(text: string | Wording, label: string): string | undefined {
  const w = typeof text === 'string' ? wording(text) : text
  const l = words(label).join(' ')
  if (w.spaced.includes(` ${l} `)) return l
  return w.pairs.get(compact(label))
}

const mentionText = (e: Entry) => `${e.name} ${e.title ?? ''} ${e.description ?? ''}`

/** The registrable domain (`tld.label`, or `cc.co.label`) of an official reverse-DNS name. */
const domainOf = (name: string) => {
  const parts = name.split('/')[0]!.toLowerCase().split('.')
  return parts.slice(0, parts.indexOf(reverseDnsLabel(name)!) + 1).join('.')
}

export function companyQueries(servers: Entry[], judged: string[]): Judged[] {
  // Rule 3: hosting domains, where fewer than half the listings are about the domain's label (copies of other
  // brands' servers, templates, or a vendor's many product brands). Their reverse-DNS namespace counts for nothing.
  const byDomain = new Map<string, Entry[]>()
  for (const e of servers) {
    if (e.source !== 'official-registry' || !reverseDnsLabel(e.name)) continue
    byDomain.set(domainOf(e.name), [...(byDomain.get(domainOf(e.name)) ?? []), e])
  }
  const hosting = new Set<string>()
  for (const [d, es] of byDomain) {
    const label = reverseDnsLabel(es[0]!.name)!
    if (es.filter((e) => isAbout(e, label) || isAbout(e, baseOf(label) ?? label)).length * 2 < es.length) hosting.add(d)
  }
  // Computed once per listing: its namespaces (all, and those that count) and the words that may name a company.
  const rawNs = new Map(servers.map((e) => [e, namespacesOf(e)]))
  const counted = new Map(
    servers.map((e) => [e, rawNs.get(e)!.filter((n) => n.kind !== 'dns' || !hosting.has(domainOf(e.name)))]),
  )
  const nsOf = (e: Entry) => counted.get(e)!
  const mentionWords = new Map(servers.map((e) => [e, wording(mentionText(e))]))

  // Rule 3: the labels that are a company's.
  const labels = new Set<string>()
  for (const e of servers)
    for (const n of nsOf(e)) if (n.kind !== 'repo' && fitLabel(n.label) && isAbout(e, n.label)) labels.add(n.label)
  // Rule 4: a label that is another company label plus one affix is that company's.
  const keyOf = (l: string) => {
    const base = baseOf(l)
    return base && labels.has(base) ? base : l
  }
  const keys = [...new Set([...labels].map(keyOf))].sort()
  const allLabels = new Set(servers.flatMap((e) => nsOf(e).map((n) => n.label)))
  const repoAt = new Map(servers.map((e) => [e, repoOf(e)]))
  const bases = new Map<string, string | undefined>()
  const baseOfLabel = (l: string) => {
    if (!bases.has(l)) bases.set(l, baseOf(l))
    return bases.get(l)
  }
  const byLabel = new Map<string, Entry[]>()
  for (const e of servers) for (const n of nsOf(e)) byLabel.set(n.label, [...(byLabel.get(n.label) ?? []), e])

  const out: Judged[] = []
  for (const key of keys) {
    const belongs = (label: string) => label === key || baseOfLabel(label) === key
    const variants = [...allLabels].filter(belongs)
    // Rule 5: own listings.
    const named = [...new Set(variants.flatMap((l) => byLabel.get(l) ?? []))].filter((e) =>
      nsOf(e).some((n) => belongs(n.label) && (isAbout(e, key) || isAbout(e, n.label))),
    )
    // Rule 5, same server: a listing of the same repository as one of those is another registration of it.
    const repos = new Set(named.map((e) => repoAt.get(e)).filter((r) => r !== undefined))
    const namedSet = new Set(named)
    const own = servers.filter((e) => namedSet.has(e) || (repos.size > 0 && !isTesty(e) && repos.has(repoAt.get(e)!)))
    if (own.length === 0) continue
    // Rule 6: others name the company; a listing with any of the company's namespaces is not another's.
    const forms = new Map<string, number>()
    for (const e of servers) {
      if (rawNs.get(e)!.some((n) => belongs(n.label))) continue
      const form = namingOf(mentionWords.get(e)!, key)
      if (form) forms.set(form, (forms.get(form) ?? 0) + 1)
    }
    if (forms.size === 0) continue
    // The query: the company's name as the other listings most often write it.
    const query = [...forms].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0]
    const mentions = [...forms.values()].reduce((a, b) => a + b, 0)
    out.push({
      id: '',
      query,
      type: 'company',
      relevant: own.map((e) => e.name),
      judged_all_candidates: true,
      note: `Own listings of the namespaces ${variants.join(', ')}; ${mentions} listing(s) of other publishers name it.`,
    })
  }
  const banned = new Set(judged.map((q) => words(q).join(' ')))
  return out
    .filter((q) => !banned.has(words(q.query).join(' ')))
    .map((q, i) => ({ ...q, id: `c${String(i + 1).padStart(2, '0')}` }))
}

if (import.meta.main) {
  const servers = await loadSharedData<Entry[]>('servers.json')
  const judged = (await loadSharedData<{ query: string }[]>('queries.json')).map((q) => q.query)
  const queries = companyQueries(servers, judged)
  await Bun.write(new URL('./companies.json', import.meta.url), `${JSON.stringify(queries, null, 2)}\n`)
  console.log(`${queries.length} company queries, ${queries.reduce((a, q) => a + q.relevant.length, 0)} own listings`)
}
