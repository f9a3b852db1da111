/** Search's query model (`GET /api/v1/search`, contract §6: never silently clamped or ignored). */
import { CONFIG_CLIENTS } from '@mcp-directory/shared/install'
import { t, type Static } from 'elysia'
import { SORTS } from '../text/model'

export { SearchHit, SearchResponse } from '@mcp-directory/shared/contracts'

/** Longest accepted query string; longer ones are a client error, not a slow search. */
export const MAX_QUERY_LENGTH = 200

export { SORTS } from '../text/model'

/** Results per page when `limit` is not given. */
export const DEFAULT_LIMIT = 20

const CLIENT_SLUGS = CONFIG_CLIENTS.map((c) => c.client)

export const SearchQuery = t.Object({
  q: t.Optional(t.String({ description: 'Keyword query', maxLength: MAX_QUERY_LENGTH })),
  // Resolved from three spellings in the service (a 400 unknown_category when none matches).
  category: t.Optional(t.String({ description: 'Stored name, plain label or slug; case-insensitive' })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100, default: DEFAULT_LIMIT })),
  transport: t.Optional(t.Union([t.Literal('stdio'), t.Literal('remote')], { error: 'must be "stdio" or "remote"' })),
  verified: t.Optional(t.Literal('1', { error: 'the only allowed value is "1"' })),
  // Additive: absent, the order is relevance with trust, as it always was.
  sort: t.Optional(
    t.Union(
      SORTS.map((s) => t.Literal(s)),
      {
        description:
          'relevance (the default: relevance with trust), new (newest added first), installs (most installed ' +
          'first) or checked (seen running first, then the latest check); ties by id, one server once in every order',
        error: `must be one of ${SORTS.join(', ')}`,
      },
    ),
  ),
  claimed: t.Optional(
    t.Literal('1', {
      description: 'Only allowed value `1`: restricts to listings claimed by their owners (isOfficial)',
      error: 'the only allowed value is "1"',
    }),
  ),
  ready: t.Optional(
    t.Literal('1', {
      description:
        "Only allowed value `1`: restricts to listings ready for an agent's host, every readiness check passed on " +
        'what the directory observed (each tool has a title and readOnlyHint or destructiveHint, names unique and at ' +
        'most 64 characters, a remote endpoint uses OAuth or no auth); a listing never checked is left out',
      error: 'the only allowed value is "1"',
    }),
  ),
  cursor: t.Optional(
    t.String({
      description: 'Opaque cursor from a previous response’s nextCursor',
      pattern: '^[A-Za-z0-9_-]{1,4096}$',
      error: 'is not a cursor this API returned',
    }),
  ),
  explain: t.Optional(
    t.Literal('1', {
      description:
        'With `1`, each hit also carries `why`: its score, the relevance of its text, and every multiplier (trust, ' +
        'country scope, archived or deprecated, unreachable, install recipe) with its reason',
      error: 'the only allowed value is "1"',
    }),
  ),
  client: t.Optional(
    t.Union(
      CLIENT_SLUGS.map((slug) => t.Literal(slug)),
      {
        description:
          `A config client slug (${CLIENT_SLUGS.join(', ')}). Each hit then also carries ` +
          '`transports`, `health`, `archived` (why it is no longer maintained, or null) and `install` (kind, confidence, needsKeys, keys, ' +
          "and that client's one-line command, install link or config as `line`, `lineKind`), so one search is enough to choose and install",
        error: `must be one of ${CLIENT_SLUGS.join(', ')}`,
      },
    ),
  ),
})
export type SearchQuery = Static<typeof SearchQuery>
