/** Shared contracts: domain types, public models and parameter parsers. */
export * from './listing'
export * from './models'
export * from './search-params'
export * from './health'
export { archivedReason, type ArchiveFacts } from './archived'
