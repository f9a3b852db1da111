// The models of the catalog's internal API (never routed by the gateway). They live in shared, not in the catalog,
// because both ends use them: the catalog's routes validate and document with them, and the one client of that
// API (shared/src/catalog-client) types its calls with their Static types.
export * from './basis'
export * from './facts'
export * from './moderation'
export * from './contract'
export * from './sandbox'
