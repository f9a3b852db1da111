// The prober's endpoints: internal only (never in the gateway's route table), so no list of public routes.
export { readProberStatus, readProbeState } from './status/contract'
