import { defineContract } from '@mcp-directory/shared/contracts'
import { SandboxStatusAnswer } from './model'

/** `GET /internal/status`: this replica's status, for operators (internal: never routed by the gateway). */
export const readSandboxStatus = defineContract({
  method: 'GET',
  path: '/internal/status',
  service: 'sandbox',
  operationId: 'readSandboxStatus',
  tag: 'internal',
  limit: null,
  auth: null,
  hidden: true,
  summary: "This replica's box limits, queue, starts and verdicts",
  responses: { 200: { description: 'The status', type: 'application/json', schema: SandboxStatusAnswer } },
})
