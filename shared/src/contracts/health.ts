// Health: how a listing's health is spelled, and the health probe each service serves.
import { t } from 'elysia'
import type { ServiceName } from '../config'
import { defineContract, err } from './endpoint'

/**
 * One spelling of health. The API's value (`health` in JSON, the prober's facts) is lower-case; people read it
 * capitalised — the Markdown document's marker `[Health: Active]` (directory API §2.7) and the listing page's mark.
 */
export const HEALTH_VALUES = ['active', 'degraded', 'down', 'unknown'] as const

/** A health value of the API. */
export type HealthValue = (typeof HEALTH_VALUES)[number]

/** How a health value is shown: `down` → `Down` (the Markdown marker and the pages use this). */
export function healthLabel(value: string): string {
  const v = value.trim().toLowerCase()
  return v ? `${v.charAt(0).toUpperCase()}${v.slice(1)}` : ''
}

/** `GET /api/v1/health` when the service (and its database, if it has one) answers; else a 500 Error object. */
export const HealthResponse = t.Object({ status: t.String(), timestamp: t.String({ format: 'date-time' }) })

/**
 * The health probe every service but the catalog serves for process supervisors (internal: the gateway routes
 * `/api/v1/health` to the catalog, whose public contract is its own).
 */
export const serviceHealth = <const S extends ServiceName>(service: S) =>
  defineContract({
    method: 'GET',
    path: '/api/v1/health',
    service,
    operationId: 'getServiceHealth',
    tag: 'internal',
    limit: null,
    auth: null,
    hidden: true,
    summary: 'Health probe of one service',
    responses: {
      200: { description: 'Healthy', type: 'application/json', schema: HealthResponse },
      500: err('Unhealthy (database unreachable)'),
    },
  })
