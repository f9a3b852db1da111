import { t } from 'elysia'

/** `GET /api/v1/health` when the database answers (a 500 Error object when it does not). */
export const HealthResponse = t.Object({ status: t.String(), timestamp: t.String({ format: 'date-time' }) })
