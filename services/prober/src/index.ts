/** The prober service's public face: its factory, types, and the queues it can be given. */
export { createProberApp, type ProberDeps, type ProberService } from './app'
export { PROBER_EVENTS } from './events'
export { createJetStreamQueue, createMemoryQueue, jobId, type ProbeJob, type ProbeQueue } from './queue'
export { probeQueueNames } from './queue/jetstream'
export { inferInstall, packagesNamedIn } from './probe/readme'
export { sandboxDue, sandboxTarget, type SandboxTarget } from './probe/sandbox-target'
export { Semaphore } from './limits'
export { sandboxPace, type SandboxPace, TICK_MS, tickShare } from './sandbox-pace'
