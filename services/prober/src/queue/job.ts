// The probe work queue: a JetStream work-queue stream shared by every prober replica, or an in-process queue
// in all-in-one. A job is one listing in one round; its id `<listing>:<round>` is the de-duplication key, so a
// listing is queued at most once per round whoever queues it (the scheduler, a second replica). A listing event's job
// also carries the time of the change (`<listing>:<round>:<at>`): a listing changed after its probe in this round
// (an import that renames its remote) is probed again at once, and a redelivered event still queues nothing new.

/** One unit of work: probe this listing for this round. */
export interface ProbeJob {
  listingId: string
  round: number
  /** Why it was queued (for logs): the round scheduler or a listing event. */
  reason: 'round' | 'event'
  /** An event's job: when the change it announces was made (a probe that started since has seen it). */
  after?: string
}

/** What the worker says about a job it handled. */
export type JobOutcome = 'done' | 'retry'

/** Handles one job; `retry` (or a throw) puts it back for later. */
export type JobHandler = (job: ProbeJob, progress: () => void) => Promise<JobOutcome>

/** The de-duplication key of a job. */
export const jobId = (j: Pick<ProbeJob, 'listingId' | 'round' | 'after'>) =>
  j.after ? `${j.listingId}:${j.round}:${j.after}` : `${j.listingId}:${j.round}`

/** A shared queue of probe jobs. */
export interface ProbeQueue {
  readonly kind: 'jetstream' | 'memory'
  /** Queues jobs; a job already queued in its round is dropped. Returns how many were new. */
  enqueue(jobs: ProbeJob[]): Promise<{ queued: number; duplicates: number }>
  /** Starts handling jobs, at most `concurrency` at once in this process; returns a stop function. */
  consume(handler: JobHandler, concurrency: number): Promise<() => Promise<void>>
  /** Jobs waiting or in flight (for metrics and tests). */
  pending(): Promise<number>
  close(): Promise<void>
}
