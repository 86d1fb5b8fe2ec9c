import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import { decodeProjectAccessFacts, PROJECT_ACCESS_FACTS_QUEUE } from '@suite/runtime'
import { accessFactsOf } from '../clients/access-facts.js'
import type { MergeRequestsDeps } from '../domain/ports.js'
import { startQueueWorker, type WorkerContext } from './start-worker.js'

/**
 * Processes one PROJECT_ACCESS_FACTS_QUEUE job: the projects service's new
 * access facts of a project go into the read model (only when newer than
 * what it holds). A payload that names no project fails for good.
 */
export async function applyProjectAccessFactsJob(
  deps: Pick<MergeRequestsDeps, 'stores'>,
  data: unknown,
): Promise<void> {
  const facts = accessFactsOf(decodeProjectAccessFacts(data))
  if (!facts) throw new UnrecoverableError('not project access facts')
  await deps.stores.accessFacts.save([facts])
}

/** Drains the projects service's PROJECT_ACCESS_FACTS_QUEUE into the access facts read model. */
export function startProjectAccessFactsWorker(
  context: WorkerContext,
  deps: MergeRequestsDeps,
): Worker {
  return startQueueWorker<unknown>(
    context,
    PROJECT_ACCESS_FACTS_QUEUE,
    async (job: Job<unknown>) => {
      await applyProjectAccessFactsJob(deps, job.data)
      context.logger.debug({ jobId: job.id }, 'project access facts stored')
    },
    4,
  )
}
