// The sandbox's endpoints: internal only (never in the gateway's route table), so no list of public routes.
export { readSandboxStatus } from './status/contract'
