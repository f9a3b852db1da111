/**
 * The search index with each listing's public summary kept beside it: the summary (addresses, install name) is
 * built and serialised once per listing change, not per request, so a search answers from memory without a
 * database round trip; only the parts that change with other listings (`alsoListedAs`, the install name: see
 * install-names.ts) or with the request (a client's install line) are added per hit.
 */
import type { RemoteSpec, SearchHit } from '@mcp-directory/shared/contracts'
import { readinessOf } from '@mcp-directory/shared/readiness'
import { asBytes, type JsonMembers, jsonMembersOf } from '@mcp-directory/shared/service'
import { checkedAtOf, type InstallBasis, installBasisOf, publisherInputOf, summaryOf } from '../listings/present'
import { publisherSearchFacts } from '../listings/publisher-search'
import type { SummaryRow } from '../listings/summary-row'
import { type HistoryOptions, type Lifecycle, type OrderFacts, SearchIndex } from '../text/engine'
import type { IndexRow } from './index-rows'
import { distinctNames, installQualifier, InstallNames } from './install-names'
import { ToolStore } from './tool-index/tool-store'

/**
 * A listing's public summary as the UTF-8 JSON of its members but its install name, and what its install hints are made of as
 * JSON text (parsed only for a search with `client`): text, not objects, so 50k listings stay small. The summary is
 * kept as bytes because every one holds characters beyond Latin-1 (a category's emoji), which a JS string keeps at
 * two bytes a character and a response would encode again on every search.
 */
export interface PresentedHit {
  head: JsonMembers<SummaryHead>
  basis: string
}

/** What a listing's install hints are made of, read back from its kept text. */
export const basisOf = (p: PresentedHit): InstallBasis => JSON.parse(p.basis) as InstallBasis

/** How usable a listing is today, from its facts: what search weighs it by. */
export function lifecycleOf(basis: InstallBasis): Lifecycle {
  return {
    retired: basis.archived,
    down: basis.health === 'down',
    install: basis.model === null ? 'none' : basis.model.confidence === 'high' ? 'high' : 'low',
  }
}

/** Whether every readiness check of a listing passed (the `ready=1` filter): judged as its detail shows it. */
export const readyOf = (row: IndexRow): boolean =>
  readinessOf({
    tools: row.tools,
    remotes: Array.isArray(row.summary.remotes) ? (row.summary.remotes as RemoteSpec[]) : [],
    remoteAuth: row.remoteAuth,
  }).ready === true

/** What the search orderings read of a listing (rewritten alone when its counters change: see `updateCounters`). */
export const orderFactsOf = (r: SummaryRow): OrderFacts => ({
  addedAt: r.created_at.getTime(),
  installs: r.installs,
  checkedAt: checkedAtOf(r)?.getTime() ?? 0,
})

/** What a hit's kept summary holds: all but `alsoListedAs` and `installName` (both added per answer). */
export type SummaryHead = Omit<SearchHit, 'alsoListedAs' | 'installName'>

/** A summary as the kept bytes of its members (without those two). */
function headBytes(s: SearchHit): JsonMembers<SummaryHead> {
  const { alsoListedAs: _also, installName: _name, ...summary } = s
  return asBytes(jsonMembersOf<SummaryHead>(summary))
}

export class CatalogIndex {
  readonly index: SearchIndex
  /** The observed tools of the same listings (tool search), kept by the same upserts and removals. */
  readonly tools = new ToolStore()
  private readonly presented = new Map<string, PresentedHit>()
  private readonly names = new InstallNames()

  /** `history`: what the index keeps for the walks of pages under way (engine/history.ts). */
  constructor(
    private readonly baseUrl: string,
    history?: HistoryOptions,
  ) {
    this.index = new SearchIndex(history)
  }

  /** Adds or replaces an active listing. */
  upsert(row: IndexRow): void {
    const basis = installBasisOf(row.summary)
    const { summary: _summary, status: _status, remoteAuth: _auth, toolsSource: _source, ...doc } = row
    this.index.upsert({
      ...doc,
      ready: readyOf(row),
      lifecycle: lifecycleOf(basis),
      order: orderFactsOf(row.summary),
      publisher: publisherSearchFacts(publisherInputOf(row.summary)),
      names: [row.name],
      installNames: [row.id, basis.name],
    })
    const summary = summaryOf(row.summary, this.baseUrl)
    this.names.set(row.id, {
      base: basis.name,
      qualifier: installQualifier(
        { id: row.id, name: row.name, repositoryUrl: row.summary.repository_url },
        summary.publisher,
      ),
      addedAt: row.summary.created_at.getTime(),
    })
    this.presented.set(row.id, { head: headBytes(summary), basis: JSON.stringify(basis) })
    this.tools.setServer(row)
  }

  /** Rewrites a held listing's summary and order facts after its counters changed (its text is searched as it was). */
  updateCounters(row: SummaryRow): void {
    const held = this.presented.get(row.id)
    if (!held) return
    this.index.setOrder(row.id, orderFactsOf(row))
    held.head = headBytes(summaryOf(row, this.baseUrl))
  }

  /** The install names of one answer's hits, in its order: distinct, each as install-names.ts says. */
  installNamesOf(ids: string[]): string[] {
    const sameServer = (id: string) => this.index.alsoListedAs(id)
    return distinctNames(ids.map((id) => this.names.nameOf(id, sameServer) ?? { name: 'mcp-server', own: false }))
  }

  /**
   * The catalog's install name of one listing, as every answer gives it before its own collisions (undefined: the
   * index does not hold it): what its detail and Markdown key their configs by.
   */
  installNameOf(id: string): string | undefined {
    return this.names.nameOf(id, (x) => this.index.alsoListedAs(x))?.name
  }

  /** Removes a listing (no longer active). */
  remove(id: string): void {
    this.index.remove(id)
    this.names.remove(id)
    this.presented.delete(id)
    this.tools.removeServer(id)
  }

  get size(): number {
    return this.index.size
  }

  has(id: string): boolean {
    return this.index.has(id)
  }

  /** Ids of every listing held. */
  ids(): string[] {
    return this.index.ids()
  }

  /** The other active listings of the same server, sorted. */
  alsoListedAs(id: string): string[] {
    return this.index.alsoListedAs(id)
  }

  /** Gives back what building left unused (call after a bulk of upserts). */
  trim(): void {
    this.index.trim()
    this.tools.trim()
  }

  /** The kept summary of an indexed listing. */
  presentedOf(id: string): PresentedHit | undefined {
    return this.presented.get(id)
  }
}
