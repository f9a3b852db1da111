/** The submission service's public face: its factory, the catalog handler over HTTP, and types. */
export { type CatalogHandler, httpCatalogHandler } from '@mcp-directory/shared/catalog-client'
export { createSubmissionApp, type SubmissionDeps, type SubmissionService } from './app'
export { MAX_SUBMISSION_BYTES } from './submissions/routes'
