import type { Redis } from 'ioredis'
import { ProjectAccessFacts } from '@suite/proto'
import { createDurableProducer } from './durable-producer.js'

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
  return createDurableProducer(connection, {
    queue: PROJECT_ACCESS_FACTS_QUEUE,
    jobName: 'access-facts',
    toData: (facts: ProjectAccessFacts) => ProjectAccessFacts.toJSON(facts),
    jobId: projectAccessFactsJobId,
  })
}
