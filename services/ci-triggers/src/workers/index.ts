import { Queue } from 'bullmq'
import { queueMetrics, queuePrefix, type ServiceDeps } from '@suite/runtime'
import { ciTriggersDeps } from '../deps.js'
import type { Database } from '../store/schema.js'
import { startJobDeadlinesWorker } from './job-deadlines.worker.js'
import { JOB_DEADLINES_QUEUE } from './queues.js'

/** Starts the worker role: running jobs failed at their deadlines. Returns what stops it. */
export function startWorkers(deps: ServiceDeps<Database>): Promise<() => Promise<void>> {
  const { deps: ciDeps, close } = ciTriggersDeps(deps)
  const connection = deps.redis()
  const metrics = queueMetrics(deps.registry)
  const deadlines = new Queue(JOB_DEADLINES_QUEUE, { connection, prefix: queuePrefix() })
  metrics.watch(deadlines)
  const worker = startJobDeadlinesWorker(
    { connection, logger: deps.logger, metrics },
    ciDeps.jobQueue,
  )
  deps.logger.info({ queues: [worker.name] }, 'ci-triggers workers running')
  return Promise.resolve(async () => {
    await worker.close()
    await deadlines.close()
    await close()
  })
}
