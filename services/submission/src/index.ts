/** The submission service's public face: its factory, the catalog handler over HTTP, and types. */
export { createSubmissionApp, MAX_SUBMISSION_BYTES, type SubmissionDeps, type SubmissionService } from './app'
export { httpCatalogHandler, type CatalogHandler } from './catalog/client'
