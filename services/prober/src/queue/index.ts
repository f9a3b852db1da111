// The probe work queue (job.ts says what a job and a queue are): JetStream shared by replicas, or in-process.
export * from './job'
export { createJetStreamQueue, type JetStreamQueueOptions } from './jetstream'
export { createMemoryQueue } from './memory'
