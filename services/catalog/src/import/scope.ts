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
