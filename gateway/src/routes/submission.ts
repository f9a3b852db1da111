import { QueueListing } from '@mcp-directory/shared/contracts'
import { Type as t } from '@sinclair/typebox'
import { err, type RouteSpec } from './spec'

const Url = (description: string) => t.String({ format: 'uri', maxLength: 2048, description })
const Strings = t.Array(t.String({ maxLength: 50 }), { maxItems: 20 })

/** Body of submitServer (directory-api §2.4); the service validates it and names every bad field. */
export const SubmissionBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200 }),
  url: Url('Repository or website (absolute http(s) URI); a URL already listed answers 409'),
  description: t.String({ minLength: 1, maxLength: 5000 }),
  category: t.String({ description: 'Any of the three spellings of a category of /api/v1/categories' }),
  email: t.String({
    format: 'email',
    maxLength: 254,
    description: 'Contact address: receives the claim link; never shown',
  }),
  tags: t.Optional(Strings),
  license: t.Optional(t.String({ maxLength: 100 })),
  authType: t.Optional(t.Union(['none', 'api_key', 'oauth', 'other'].map((v) => t.Literal(v)))),
  pricingModel: t.Optional(t.Union(['free', 'freemium', 'paid', 'byok'].map((v) => t.Literal(v)))),
  maintenanceStatus: t.Optional(t.Union(['active', 'stable', 'experimental', 'archived'].map((v) => t.Literal(v)))),
  compatibleClients: t.Optional(Strings),
  supportUrl: t.Optional(Url('Where users get help')),
})

const Transition = t.Object({
  success: t.Boolean(),
  message: t.String(),
  id: t.String(),
  name: t.String(),
  from: t.String(),
  status: t.String(),
  reason: t.Union([t.String(), t.Null()]),
  at: t.String({ format: 'date-time' }),
})
const Reason = t.Object({ reason: t.Optional(t.String({ maxLength: 1000 })) })

const moderation = (verb: 'approve' | 'reject' | 'flag', summary: string): RouteSpec => ({
  method: 'POST',
  path: `/api/v1/admin/listings/:id/${verb}`,
  service: 'submission',
  operationId: `admin${verb[0].toUpperCase()}${verb.slice(1)}Listing`,
  tag: 'operator',
  limit: null,
  auth: 'operator',
  summary,
  body: Reason,
  responses: {
    200: {
      description: 'Changed and recorded (who, when, reason, from, to)',
      type: 'application/json',
      schema: Transition,
    },
    401: err('Operator token required'),
    404: err('No such listing'),
    409: err('conflict: the listing already has that status'),
  },
})

/** The submission service's public routes: submission, and the operator's moderation API (contract §3). */
export const SUBMISSION_ROUTES: RouteSpec[] = [
  {
    method: 'POST',
    path: '/api/v1/submit',
    service: 'submission',
    operationId: 'submitServer',
    tag: 'submission',
    limit: 'write',
    auth: null,
    summary:
      'Submit a listing: it waits as pending until its owner verifies it through claim_url or an operator approves it',
    body: SubmissionBody,
    responses: {
      200: {
        description: 'Accepted, pending (Cache-Control: no-store: the answer carries the claim secret)',
        type: 'application/json',
        schema: t.Object({
          success: t.Boolean(),
          message: t.String(),
          id: t.String(),
          name: t.String(),
          url: t.String({ format: 'uri' }),
          category: t.String(),
          status: t.Literal('pending'),
          claim_url: t.String({
            format: 'uri',
            description: '<PUBLIC_BASE_URL>/claim/<id>?token=<256-bit secret>; a capability link, keep it private',
          }),
          badge_markdown: t.String(),
        }),
      },
      400: err('invalid_body (details names each field and why), unknown_category, or bad_request (not JSON)'),
      409: err('conflict: the repository/website URL (or name) is already listed; details[0].existingId names it'),
      413: err('payload_too_large: body over 64 KiB'),
      429: err('rate_limited'),
    },
  },
  {
    method: 'GET',
    path: '/api/v1/admin/listings',
    service: 'submission',
    operationId: 'adminListListings',
    tag: 'operator',
    limit: null,
    auth: 'operator',
    summary: 'Moderation queue: listings of one status (pending by default), newest first',
    query: t.Object({
      status: t.Optional(t.Union(['pending', 'rejected', 'flagged', 'active'].map((v) => t.Literal(v)))),
      limit: t.Optional(t.Integer({ minimum: 1, maximum: 500, default: 50 })),
      offset: t.Optional(t.Integer({ minimum: 0, default: 0 })),
    }),
    responses: {
      200: {
        description: 'The queue',
        type: 'application/json',
        schema: t.Object({ total: t.Integer(), listings: t.Array(QueueListing) }),
      },
      400: err('invalid_parameter'),
      401: err('Operator token required'),
    },
  },
  moderation('approve', 'Approve a listing: it becomes active, visible to search and detail at once'),
  moderation('reject', 'Reject a listing (optional reason): hidden, detail 404'),
  moderation('flag', 'Flag a listing (optional reason): hidden, detail 404'),
]
