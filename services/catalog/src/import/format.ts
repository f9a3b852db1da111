/** The import format's types, shared by the document reader, the entry normaliser and the slugs (bounds: model.ts). */
import type { Listing } from '@mcp-directory/shared/contracts'

/** One element of an import document after unwrapping, before validation (any JSON value). */
export type RawEntry = unknown

/** An entry the importer did not use: its position in the document, its name when it had one, and why. */
export interface ImportSkip {
  index: number
  name: string | null
  reason: string
}

/** The fields of a listing the importer owns; everything else (status, votes, checks…) belongs to the directory. */
export type ImportedListing = Pick<
  Listing,
  | 'name'
  | 'title'
  | 'description'
  | 'url'
  | 'repositoryUrl'
  | 'websiteUrl'
  | 'version'
  | 'tags'
  | 'packages'
  | 'remotes'
  | 'source'
> & {
  /** The entry's own category label (e.g. a ToolSDK category), mapped onto the taxonomy by the importer. */
  rawCategory: string | null
  /** `repository.subfolder`: the folder of a monorepo that holds the server (absent, not null, when not given). */
  repositorySubfolder?: string
}

/** Result of normalising one entry: a complete listing (with what was dropped from it) or a skip. */
export type NormalizeResult =
  | { ok: true; listing: ImportedListing; dropped: string[] }
  | { ok: false; skip: ImportSkip }

/** Result of reading a document: the entries to normalise, their positions in the document, and records set aside. */
export interface ParsedDocument {
  entries: RawEntry[]
  /** Document position of each element of `entries` (they differ once superseded records are set aside). */
  positions: number[]
  errors: ImportSkip[]
}

/** The document is not in the import format at all (as opposed to one bad entry, which is skipped). */
export class ImportFormatError extends Error {
  override name = 'ImportFormatError'
}
