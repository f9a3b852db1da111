/** The import format's types and bounds, shared by the document reader, the entry normaliser and the slugs. */
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

/** Length and count bounds applied while normalising; longer text is truncated or dropped as documented per field. */
export const IMPORT_LIMITS = {
  documentEntries: 50_000,
  name: 200,
  title: 200,
  description: 4_000,
  version: 100,
  url: 2_048,
  tag: 50,
  tags: 20,
  category: 100,
  source: 50,
  identifier: 300,
  token: 50,
  packages: 50,
  remotes: 50,
  envVars: 100,
  headers: 50,
  text: 1_000,
} as const
