// The catalog's internal endpoints (never routed by the gateway, left out of the OpenAPI document): the catalog
// mounts them, the catalog client (shared/src/catalog-client) builds its requests from them, and the gateway
// reports the details it answered from its cache to `countCachedViews`.
import { cachedHitsContract } from '../cached-hits'
import { defineContract, err, ListingIdPath } from '../endpoint'
import { FactsAnswer, FactsBody, ProbeTargets, ProbeTargetsQuery } from './facts'
import { SandboxCoverage, SandboxTargets, SandboxTargetsQuery } from './sandbox'
import {
  AnyListingAnswer,
  CreatedListingAnswer,
  ModerationQuery,
  ModerationQueue,
  NewListingBody,
  NewListingRefused,
  StatusBody,
  StatusChange,
} from './moderation'

const internal = { service: 'catalog', tag: 'internal', limit: null, auth: null, hidden: true } as const

/** `PUT /internal/listings/:id/facts`: what one probe (or sandbox start) found of a listing. */
export const putListingFacts = defineContract({
  ...internal,
  method: 'PUT',
  path: '/internal/listings/:id/facts',
  params: ListingIdPath,
  operationId: 'putListingFacts',
  summary: "Write a probe's facts of a listing; answers the publicly visible fields that changed",
  body: FactsBody,
  responses: {
    200: { description: 'Written', type: 'application/json', schema: FactsAnswer },
    400: err('invalid_body'),
    404: err('No such listing'),
    413: err('Body too large'),
  },
})

/** `GET /internal/probe-targets`: the active listings a probe round covers, a page at a time. */
export const listProbeTargets = defineContract({
  ...internal,
  method: 'GET',
  path: '/internal/probe-targets',
  operationId: 'listProbeTargets',
  summary: 'Active listing ids in id order, after `after`',
  query: ProbeTargetsQuery,
  responses: {
    200: { description: 'A page of ids', type: 'application/json', schema: ProbeTargets },
    400: err('invalid_parameter'),
  },
})

/** `GET /internal/sandbox-targets`: the runnable listings due a sandbox start, most viewed first. */
export const listSandboxTargets = defineContract({
  ...internal,
  method: 'GET',
  path: '/internal/sandbox-targets',
  operationId: 'listSandboxTargets',
  summary: 'Active listings with an npm/PyPI package, never started or last started before `startedBefore`',
  query: SandboxTargetsQuery,
  responses: {
    200: { description: 'The ids, most viewed first', type: 'application/json', schema: SandboxTargets },
    400: err('invalid_parameter'),
  },
})

/** `GET /internal/sandbox-coverage`: the runnable listings per registry and their last starts' verdicts. */
export const readSandboxCoverage = defineContract({
  ...internal,
  method: 'GET',
  path: '/internal/sandbox-coverage',
  operationId: 'readSandboxCoverage',
  summary: 'Runnable listings per registry, how many were never started, and their verdicts',
  responses: { 200: { description: 'The counts', type: 'application/json', schema: SandboxCoverage } },
})

/** `GET /internal/listings/:id`: one listing whatever its status (no view counted). */
export const getAnyListing = defineContract({
  ...internal,
  method: 'GET',
  path: '/internal/listings/:id',
  params: ListingIdPath,
  operationId: 'getAnyListing',
  summary: 'One listing whatever its status',
  responses: {
    200: { description: 'The listing', type: 'application/json', schema: AnyListingAnswer },
    404: err('No such listing'),
  },
})

/** `POST /internal/listings`: a pending listing from a submission. */
export const createListingFromSubmission = defineContract({
  ...internal,
  method: 'POST',
  path: '/internal/listings',
  operationId: 'createListingFromSubmission',
  summary: 'Create a pending listing from a submission (checked by the submission service first)',
  body: NewListingBody,
  responses: {
    201: { description: 'Created', type: 'application/json', schema: CreatedListingAnswer },
    400: err('invalid_body'),
    409: {
      description: 'conflict: another listing holds its name or address (the Error object, and that listing)',
      type: 'application/json',
      schema: NewListingRefused,
    },
    413: err('Body too large'),
  },
})

/** `POST /internal/listings/:id/status`: an operator's status change. */
export const setListingStatus = defineContract({
  ...internal,
  method: 'POST',
  path: '/internal/listings/:id/status',
  params: ListingIdPath,
  operationId: 'setListingStatus',
  summary: 'Move a listing to a status',
  body: StatusBody,
  responses: {
    200: { description: 'The change committed', type: 'application/json', schema: StatusChange },
    400: err('invalid_body'),
    404: err('No such listing'),
    409: err('conflict: it already has that status, or another listing holds its name or address'),
    413: err('Body too large'),
  },
})

/** `GET /internal/moderation`: the moderation queue. */
export const listModerationQueue = defineContract({
  ...internal,
  method: 'GET',
  path: '/internal/moderation',
  operationId: 'listModerationQueue',
  summary: 'One page of the listings of one status, newest first',
  query: ModerationQuery,
  responses: {
    200: { description: 'The page', type: 'application/json', schema: ModerationQueue },
    400: err('invalid_parameter'),
  },
})

/** `POST /internal/views`: the detail views the gateway answered from its cache. */
export const countCachedViews = cachedHitsContract({
  service: 'catalog',
  path: '/internal/views',
  operationId: 'countCachedViews',
  perClient: true,
  summary: 'Count the views of listing details the gateway answered from its micro-cache',
})
