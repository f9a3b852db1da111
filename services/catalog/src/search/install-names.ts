/**
 * One install name per server in one search answer. A listing's install name (the key under `mcpServers`, shared
 * install `installName`) is made from its own name, so two listings can share one (two `postgres`): a client config
 * that took both would keep only one. The rule, the same for every answer, whatever its query, filters or page:
 *
 *  - Of all the active listings whose install name is the same, the one added first (then the smaller id) keeps it;
 *    a listing of the same server as that one (`alsoListedAs`) keeps it too, since search shows a server once.
 *  - Every other one is qualified by its publisher: `postgres-acme` (the publisher's label: a domain's registrable
 *    label, a GitHub account, an npm scope), else by the namespace or repository owner its name or address gives,
 *    else by its listing id.
 *  - Within one answer, a name still taken (two listings of one publisher, or a listing whose own name is another's
 *    qualified one) gets `-2`, `-3`, … in the answer's order, after every listing that keeps its own name.
 *
 * A listing's name thus depends only on the catalog, not on the answer it is in: the pages of one walk, and other
 * searches, give it the same name, unless it is a third of one name by one publisher in one answer.
 */
import type { Publisher } from '@mcp-directory/shared/contracts'
import { normalizeAddress } from '@mcp-directory/shared/identity'
import { namespaceOf } from '../listings/publisher'
import { publisherLabel } from '../listings/publisher-identity'

const MAX_INSTALL_NAME = 64

/** A qualifier as an install name part: only `[a-z0-9_-]`. */
const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')

/** The owner a listing's name or repository address gives, when its publisher is unknown. */
function ownerOf(name: string, repositoryUrl: string | null): string | null {
  const scope = /^@([^/\s]+)\//.exec(name)
  if (scope) return scope[1]!
  const ns = namespaceOf(name)
  if (ns.kind === 'github') return ns.owner
  if (ns.kind === 'domain') return publisherLabel('domain', ns.domain)
  const repo = repositoryUrl ? normalizeAddress(repositoryUrl) : null
  return repo?.path.split('/').filter(Boolean)[0] ?? null
}

/** What a listing's install name is qualified by when another listing holds it: its publisher's label, else its owner. */
export function installQualifier(
  l: { id: string; name: string; repositoryUrl: string | null },
  publisher: Pick<Publisher, 'kind' | 'id'> | null | undefined,
): string {
  const known = publisher?.kind !== 'unknown' && publisher?.id ? publisher : null
  const label = known
    ? known.kind === 'domain' || known.kind === 'github' || known.kind === 'npm'
      ? publisherLabel(known.kind, known.id!)
      : known.id
    : null
  return slug(label ?? ownerOf(l.name, l.repositoryUrl) ?? '') || slug(l.id) || 'listing'
}

/** `base-suffix`, cut to the length an install name may have (the base is cut, never the suffix). */
export function qualified(base: string, suffix: string): string {
  const tail = `-${suffix}`.slice(0, MAX_INSTALL_NAME - 1)
  return `${base.slice(0, MAX_INSTALL_NAME - tail.length).replace(/[-_]+$/, '')}${tail}`
}

/** What the rule reads of one listing. */
export interface NamedListing {
  /** Its install name as its own name makes it. */
  base: string
  qualifier: string
  /** When it was added (ms): the first added keeps the name. */
  addedAt: number
}

/** The install names of the catalog's active listings, grouped by name, with who holds each name. */
export class InstallNames {
  private readonly listings = new Map<string, NamedListing>()
  private readonly holders = new Map<string, Map<string, number>>()
  private readonly firsts = new Map<string, string>()

  set(id: string, l: NamedListing): void {
    const held = this.listings.get(id)
    if (held && held.base === l.base && held.addedAt === l.addedAt && held.qualifier === l.qualifier) return
    this.remove(id)
    this.listings.set(id, l)
    const group = this.holders.get(l.base) ?? new Map<string, number>()
    this.holders.set(l.base, group.set(id, l.addedAt))
    this.firsts.delete(l.base)
  }

  remove(id: string): void {
    const held = this.listings.get(id)
    if (!held) return
    this.listings.delete(id)
    const group = this.holders.get(held.base)
    group?.delete(id)
    if (group?.size === 0) this.holders.delete(held.base)
    this.firsts.delete(held.base)
  }

  /** The listing that keeps `base`: the first added, then the smallest id. */
  private firstOf(base: string): string | undefined {
    const kept = this.firsts.get(base)
    if (kept !== undefined) return kept
    let first: [string, number] | undefined
    for (const [id, at] of this.holders.get(base) ?? [])
      if (!first || at < first[1] || (at === first[1] && id < first[0])) first = [id, at]
    if (first) this.firsts.set(base, first[0])
    return first?.[0]
  }

  /** The catalog's install name of a listing (before an answer's own collisions): its own, or qualified. */
  nameOf(id: string, sameServer: (id: string) => string[]): { name: string; own: boolean } | undefined {
    const l = this.listings.get(id)
    if (!l) return undefined
    const first = this.firstOf(l.base)
    if (first === undefined || first === id || sameServer(id).includes(first)) return { name: l.base, own: true }
    return { name: qualified(l.base, l.qualifier), own: false }
  }
}

/**
 * The install names of one answer's hits, in its order (`names`: each hit's catalog name, `own`: whether it is the
 * listing's own unqualified name): every one distinct, an own name never renamed.
 */
export function distinctNames(hits: { name: string; own: boolean }[]): string[] {
  const taken = new Set(hits.filter((h) => h.own).map((h) => h.name))
  const seenOwn = new Set<string>()
  return hits.map((h) => {
    if (h.own && !seenOwn.has(h.name)) {
      seenOwn.add(h.name)
      return h.name
    }
    let name = h.name
    for (let n = 2; taken.has(name); n++) name = qualified(h.name, String(n))
    taken.add(name)
    return name
  })
}
