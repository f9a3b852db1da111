// The tool-retrieval bench's data: the captured servers (the scan's benign set and the catalog listings captured
// for this bench), their part (dev or holdout), the judged tool queries, and which catalog listings each captured
// package is: the listings whose entry declares that npm package, or a listing made for it when none does.
import { partOf, type Part } from './split'

/** A server as the capture saw it. */
export interface CapturedServer {
  package: string
  version: string
  description?: string
  tools: { name: string; [k: string]: unknown }[]
}

/** A judged tool query: the tools that do what it asks (2), or partly do it (1). */
export interface ToolQuery {
  id: string
  query: string
  relevant: { package: string; tool: string; grade: 1 | 2 }[]
  note?: string
}

/** A catalog entry, as much as the bench reads of it. */
export interface CatalogEntry {
  name: string
  title?: string
  description?: string
  packages?: { registryType: string; identifier: string; [k: string]: unknown }[]
  [k: string]: unknown
}

const here = (file: string) => new URL(file, import.meta.url)

/** Every captured server that listed at least one tool, from both capture files (a package in both: the scan's). */
export async function loadCaptured(): Promise<CapturedServer[]> {
  const byPackage = new Map<string, CapturedServer>()
  for (const file of ['./captured.json', '../scan/benign.json']) {
    const doc = (await Bun.file(here(file)).json()) as { servers: Partial<CapturedServer>[] }
    for (const s of doc.servers)
      if (s.package && s.version && s.tools?.length) byPackage.set(s.package, s as CapturedServer)
  }
  return [...byPackage.values()].sort((a, b) => (a.package < b.package ? -1 : 1))
}

export const inPart = (servers: CapturedServer[], part: Part) => servers.filter((s) => partOf(s.package) === part)

/** The judged queries of a part (bench/tools/dev.json, holdout.json); null when that file is not written yet. */
export async function loadToolQueries(part: Part): Promise<ToolQuery[] | null> {
  const file = Bun.file(here(`./${part}.json`))
  return (await file.exists()) ? ((await file.json()) as ToolQuery[]) : null
}

/** A hit's key: the captured package and the tool's name. */
export const toolKey = (pkg: string, tool: string) => `${pkg} ${tool}`

/**
 * The catalog's listings per captured package, and entries to import for the packages no listing declares or is
 * named after (named after the package, described by its package.json when the capture kept it).
 */
export function listingsOfPackages(catalog: CatalogEntry[], captured: CapturedServer[]) {
  const declaring = new Map<string, string[]>()
  for (const e of catalog)
    for (const p of e.packages ?? [])
      if (p.registryType === 'npm') declaring.set(p.identifier, [...(declaring.get(p.identifier) ?? []), e.name])
  const names = new Set(catalog.map((e) => e.name))
  const listings = new Map<string, string[]>()
  const added: CatalogEntry[] = []
  for (const s of captured) {
    // A listing named after the package (a ToolSDK key) is that package's listing even where it declares none.
    const found = [...(declaring.get(s.package) ?? []), ...(names.has(s.package) ? [s.package] : [])]
    listings.set(s.package, found.length ? [...new Set(found)] : [s.package])
    if (found.length) continue
    added.push({
      name: s.package,
      description: s.description ?? `MCP server published on npm as ${s.package}`,
      version: s.version,
      packages: [{ registryType: 'npm', identifier: s.package, version: s.version, transport: { type: 'stdio' } }],
      remotes: [],
      source: 'toolsdk-registry',
    })
  }
  return { listings, added }
}

/** The package of each listing name (the inverse of `listingsOfPackages`' map). */
export function packageOfListing(listings: Map<string, string[]>): Map<string, string> {
  const out = new Map<string, string>()
  for (const [pkg, names] of listings) for (const n of names) out.set(n, pkg)
  return out
}

/** A tool query as a server query: its relevant listings are those of its relevant tools, at the best grade. */
export function serverGrades(q: ToolQuery, listings: Map<string, string[]>): Map<string, number> {
  const grades = new Map<string, number>()
  for (const r of q.relevant)
    for (const name of listings.get(r.package) ?? []) grades.set(name, Math.max(grades.get(name) ?? 0, r.grade))
  return grades
}
