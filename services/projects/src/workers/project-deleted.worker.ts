import { UnrecoverableError, type Job, type Worker } from 'bullmq'
import {
  decodeGroupDeleted,
  decodeProjectDeleted,
  GROUP_DELETED_QUEUE,
  PROJECT_DELETED_QUEUES,
  startQueueWorker,
  startUserPurgeWorker,
  USER_DELETED_QUEUES,
  type WorkerContext,
} from '@suite/runtime'
import {
  deleteGroupProjects,
  deleteUserRecords,
  purgeProject,
  type GroupPurgePorts,
  type ProjectPurgePorts,
  type UserPurgePorts,
} from '../domain/delete-project.js'

/**
 * Drains `projects.project-deleted`: the projects schema's rows of a deleted
 * project, its memberships, its bare repository and finally its row. A job
 * whose worker dies is taken back when its lock lapses and starts over
 * (every step is idempotent); a malformed message fails for good.
 */
export function startProjectDeletedWorker(
  context: WorkerContext,
  ports: ProjectPurgePorts,
): Worker {
  return startQueueWorker<unknown>(
    context,
    PROJECT_DELETED_QUEUES.projects,
    async (job: Job<unknown>) => {
      const message = decodeProjectDeleted(job.data)
      if (!message) throw new UnrecoverableError('not a project-deleted message')
      const purged = await purgeProject(ports, message.projectId)
      if (!purged) {
        context.logger.warn({ projectId: message.projectId }, 'deletion of a live project ignored')
      }
      return purged
    },
    2,
  )
}

/**
 * Drains `projects.group-deleted`: the projects of a deleted group and its
 * subgroups are deleted one by one through the project deletion path, then
 * identity removes the namespaces and memberships. A malformed message fails
 * for good.
 */
export function startGroupDeletedWorker(context: WorkerContext, ports: GroupPurgePorts): Worker {
  return startQueueWorker<unknown>(
    context,
    GROUP_DELETED_QUEUE,
    async (job: Job<unknown>) => {
      const message = decodeGroupDeleted(job.data)
      if (!message) throw new UnrecoverableError('not a group-deleted message')
      const marked = await deleteGroupProjects(ports, message)
      context.logger.info({ groupId: message.groupId, marked }, 'deleted group purged')
      return marked
    },
    1,
  )
}

/**
 * Drains `projects.user-deleted`: a deleted user's personal projects go
 * through the project deletion path, their events and stars go, then
 * identity removes the user.
 */
export function startUserDeletedWorker(context: WorkerContext, ports: UserPurgePorts): Worker {
  return startUserPurgeWorker(context, USER_DELETED_QUEUES.projects, (message) =>
    deleteUserRecords(ports, message),
  )
}
