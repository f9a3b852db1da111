// The moderation routes' models are shared with the catalog client (shared/src/contracts/catalog-internal).
export {
  CreatedListingAnswer,
  ListingIdParams,
  ModerationQuery,
  ModerationQueue,
  NewListingBody,
  NewListingRefused,
  QUEUE_STATUSES,
  STATUS_TARGETS,
  StatusBody,
  StatusChange,
} from '@mcp-directory/shared/contracts/catalog-internal'
