/**
 * Where a listing came from, which decides who may change it: its submitter (`submission`), the operator's file
 * imports (`import`), one followed upstream registry (`registry:<base URL>`) or the demo catalog (`demo`). An
 * import or a sync creates and updates only listings of its own origin; the operator may let an upstream replace
 * listings of named other origins (`trusts`).
 */
export const SUBMISSION_ORIGIN = 'submission'
export const IMPORT_ORIGIN = 'import'
export const DEMO_ORIGIN = 'demo'

/** The origin of the listings a followed upstream registry writes. */
export const registryOrigin = (base: string): string => `registry:${base}`

/** How an import writes and whom it may overwrite. */
export interface ImportScope {
  /** The origin of the entries (default `import`). */
  origin?: string
  /** Other origins whose listings this import may replace (default: none). */
  trusts?: readonly string[]
  /**
   * New listings this import may still create, shared by the pages of one sync (default: no cap). Past it, new
   * entries wait for the operator as conflicts.
   */
  newBudget?: { left: number }
  /** The operator accepted this entry as the replacement of this listing (or, null, as a new listing). */
  replacing?: { listingId: string | null }
  /** OUTBOUND_ALLOW_PRIVATE=1: remotes on loopback or private addresses are kept (tests, local development). */
  allowPrivateRemotes?: boolean
}
