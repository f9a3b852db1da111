import { defineContract, err } from '@mcp-directory/shared/contracts'
import { HealthResponse } from '@mcp-directory/shared/contracts'

/** `GET /api/v1/health`: the catalog's health probe. */
export const getHealth = defineContract({
  method: 'GET',
  path: '/api/v1/health',
  service: 'catalog',
  operationId: 'getHealth',
  tag: 'catalog',
  limit: null,
  auth: null,
  summary: 'Health probe',
  responses: {
    200: {
      description: 'Healthy',
      type: 'application/json',
      schema: HealthResponse,
    },
    500: err('Unhealthy (database unreachable)'),
  },
})
