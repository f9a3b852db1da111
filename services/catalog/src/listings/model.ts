/**
 * Models of a listing's public routes (`/api/v1/servers/:id`, its installs). The path id has no model on the
 * route: a segment that does not decode (`%zz`) must stay a 404 like any unknown id, never a 400.
 */
import { ServerDetail } from '@mcp-directory/shared/contracts'
import { t } from 'elysia'

export const ServerDetailResponse = t.Object({ server: ServerDetail })

export const InstallCounted = t.Object({
  success: t.Boolean(),
  id: t.String(),
  counted: t.Boolean({ description: 'Whether this request added an install' }),
})
