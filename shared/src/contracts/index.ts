/** Shared contracts: domain types and the public models several services read. */
export * from './listing'
export * from './models'
export * from './server-detail'
export * from './health'
export { archivedReason, type ArchiveFacts } from './archived'
export * from './endpoint'
export * from './tags'
export * from './sandbox-start'
