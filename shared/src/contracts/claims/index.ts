// The catalog's internal claims API, for the claim-verifier only (never in the gateway's route table). Its models
// and contracts live in shared because both ends use them: the catalog mounts the contracts and the one catalog
// client (shared/src/catalog-client/claims.ts) builds its requests from them.
export * from './contract'
export * from './model'
