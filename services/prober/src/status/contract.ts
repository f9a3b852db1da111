// The prober's operator API: internal, never routed by the gateway and left out of the OpenAPI document.
import { defineContract, err, ListingIdPath } from '@mcp-directory/shared/contracts'
import { ProbeStateAnswer, ProberStatusAnswer } from './model'

const internal = { service: 'prober', tag: 'internal', limit: null, auth: null, hidden: true } as const

/** `GET /internal/probes/:id`: what the prober last saw of a listing. */
export const readProbeState = defineContract({
  ...internal,
  method: 'GET',
  path: '/internal/probes/:id',
  params: ListingIdPath,
  operationId: 'readProbeState',
  summary: "A listing's last probe state and its recent probes",
  responses: {
    200: { description: 'The state and its history', type: 'application/json', schema: ProbeStateAnswer },
    404: err('The listing was never probed'),
  },
})

/** `GET /internal/status`: this replica's status. */
export const readProberStatus = defineContract({
  ...internal,
  method: 'GET',
  path: '/internal/status',
  operationId: 'readProberStatus',
  summary: "This replica's queue, what it probed and its round",
  responses: { 200: { description: 'The status', type: 'application/json', schema: ProberStatusAnswer } },
})
