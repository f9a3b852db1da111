/** The catalog service's public face: its factory and types. */
export { createCatalogApp, type CatalogDeps, type CatalogService } from './app'
export { registryBaseOf, type RegistrySyncSummary } from './import/registry-upstream'
export { parseRegistryDocument, ImportFormatError } from './import/parse'
