import { Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { ProjectAccessFacts } from '@suite/proto'
import { withRequestMeta } from './job-request-id.js'
import { queuePrefix } from './queues.js'

/**
 * The queue the projects service reports every change of a project's access
 * facts to (created, visibility, feature levels, archived, moved): services
 * that keep a read model of them (merge requests, for lists that span
 * projects) drain it. The payload is `gitlab.projects.v1.ProjectAccessFacts`
 * in its JSON form; a consumer keeps the highest `version` it has seen.
 */
export const PROJECT_ACCESS_FACTS_QUEUE = 'projects.access-facts'

export interface ProjectAccessFactsPublisher {
  /** Queues one change; the same (project, version) queued twice is stored once. */
  publish: (facts: ProjectAccessFacts) => Promise<void>
  close: () => Promise<void>
}

/** The job id of a change: one job per (project, version). */
export function projectAccessFactsJobId(facts: ProjectAccessFacts): string {
  return `access-facts_${facts.projectId}_${facts.version}`
}

/** A job's payload as ProjectAccessFacts, or undefined when it names no project. */
export function decodeProjectAccessFacts(data: unknown): ProjectAccessFacts | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const facts = ProjectAccessFacts.fromJSON(data)
  return facts.projectId > 0 ? facts : undefined
}

/** A producer for PROJECT_ACCESS_FACTS_QUEUE; jobs are retried with backoff and kept until done. */
export function createProjectAccessFactsPublisher(connection: Redis): ProjectAccessFactsPublisher {
  const queue = new Queue(PROJECT_ACCESS_FACTS_QUEUE, { connection, prefix: queuePrefix() })
  return {
    publish: async (facts) => {
      await queue.add('access-facts', withRequestMeta(ProjectAccessFacts.toJSON(facts)), {
        jobId: projectAccessFactsJobId(facts),
        attempts: 10,
        backoff: { type: 'exponential', delay: 1_000 },
        removeOnComplete: 1_000,
        removeOnFail: false,
      })
    },
    close: () => queue.close(),
  }
}
