// The submission service's request and answer models, for its routes and the gateway's route table alike.
export { ClaimTokenCheck, ClaimTokenVerdict } from './claim-tokens/model'
export { ListingParams, QUEUE_STATUSES, QueuePage, QueueQuery, ReasonBody, Transition } from './moderation/model'
export { SubmissionBody, SubmitResult } from './submissions/model'
