import { UnrecoverableError, type Job, type JobType, type Queue, type Worker } from 'bullmq'
import { Counter, Gauge, Histogram, LATENCY_BUCKETS, type Registry } from './metrics.js'

const STATES: JobType[] = [
  'waiting',
  'active',
  'delayed',
  'completed',
  'failed',
  'paused',
  'prioritized',
]

/** The worker role's BullMQ metrics, as the Helm chart's dashboard queries them. */
export interface QueueMetrics {
  /** Times the processor and counts failures and retries of one worker. */
  observe: (worker: Worker, queue: string) => void
  /** Reports a queue's job counts by state at each scrape. */
  watch: (queue: Queue) => void
}

/**
 * Registers the BullMQ metrics of a worker role (queue depth by state, job
 * duration, failures, retries) in `registry`; call once per process.
 */
export function queueMetrics(registry: Registry): QueueMetrics {
  const watched: Queue[] = []
  new Gauge({
    name: 'bullmq_queue_jobs',
    help: 'Jobs in a BullMQ queue by state',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const queue of watched) {
        const counts = await queue.getJobCounts(...STATES)
        for (const state of STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0)
      }
    },
  })
  const duration = new Histogram({
    name: 'bullmq_job_duration_seconds',
    help: 'Time a BullMQ job ran, by queue and outcome',
    labelNames: ['queue', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  const failed = new Counter({
    name: 'bullmq_jobs_failed_total',
    help: 'BullMQ job attempts that failed, by queue',
    labelNames: ['queue'],
    registers: [registry],
  })
  const retried = new Counter({
    name: 'bullmq_jobs_retried_total',
    help: 'Failed BullMQ job attempts that will be retried, by queue',
    labelNames: ['queue'],
    registers: [registry],
  })
  function seconds(job: Job): number | undefined {
    if (job.processedOn === undefined || job.finishedOn === undefined) return undefined
    return Math.max(job.finishedOn - job.processedOn, 0) / 1000
  }
  return {
    observe(worker, queue) {
      worker.on('completed', (job) => {
        const elapsed = seconds(job)
        if (elapsed !== undefined) duration.observe({ queue, status: 'completed' }, elapsed)
      })
      worker.on('failed', (job, error) => {
        failed.inc({ queue })
        if (!job) return
        const elapsed = seconds(job)
        if (elapsed !== undefined) duration.observe({ queue, status: 'failed' }, elapsed)
        // BullMQ retries until the attempts run out, except after an UnrecoverableError.
        const finalFailure = error instanceof UnrecoverableError
        if (!finalFailure && job.attemptsMade < (job.opts.attempts ?? 1)) retried.inc({ queue })
      })
    },
    watch(queue) {
      watched.push(queue)
    },
  }
}
