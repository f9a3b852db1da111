/** The prober service's public face: its factory, types, the catalog handlers and queues it can be given. */
export { createProberApp, PROBER_EVENTS, type ProberDeps, type ProberService } from './app'
export { catalogClient, httpCatalogHandler, type CatalogHandler, type FactsBody } from './catalog/client'
export { createJetStreamQueue, createMemoryQueue, jobId, type ProbeJob, type ProbeQueue } from './queue'
export { probeQueueNames } from './queue/jetstream'
export { inferInstall, packagesNamedIn } from './probe/readme'
export { sandboxDue, sandboxTarget, type SandboxTarget } from './probe/sandbox-target'
export { Semaphore } from './limits'
