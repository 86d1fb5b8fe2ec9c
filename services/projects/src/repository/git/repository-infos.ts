import { currentRequestSignal, InvalidError, type Logger } from '@suite/runtime'
import { readRepositoryInfo, type InfoOptions, type RepositoryInfo } from './repository-info.js'
import type { RepositoryStore } from '../store/repository-store.js'

/** A page of projects at most (per_page is capped at 100). */
export const MAX_BATCH = 100
/** Repositories read at once: each read runs a few git processes. */
const CONCURRENCY = 8

/** One project's repository facts. */
export interface RepositoryInfoEntry {
  projectId: number
  info: RepositoryInfo
}

/**
 * BatchGetRepositoryInfo: one answer for a page of projects, read a few at a
 * time. A repository that cannot be read is logged and left out, as one
 * GetRepositoryInfo failing used to leave only its project without data.
 */
export async function readRepositoryInfos(
  store: RepositoryStore,
  logger: Logger,
  projectIds: readonly number[],
  options: InfoOptions,
): Promise<RepositoryInfoEntry[]> {
  const ids = [...new Set(projectIds)]
  if (ids.length > MAX_BATCH) {
    throw new InvalidError({}, `project_ids has more than ${MAX_BATCH} elements`)
  }
  const answers: (RepositoryInfoEntry | undefined)[] = ids.map(() => undefined)
  let next = 0
  // The caller's call: once it is cancelled, no further repository is read (readRepositoryInfo).
  const signal = currentRequestSignal()
  async function lane(): Promise<void> {
    while (next < ids.length && !signal?.aborted) {
      const index = next++
      const projectId = ids[index] ?? 0
      try {
        answers[index] = {
          projectId,
          info: await readRepositoryInfo(store.repo(projectId), options, signal),
        }
      } catch (err) {
        if (!signal?.aborted) logger.warn({ err, projectId }, 'repository info unreadable')
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, lane))
  return answers.filter((answer) => answer !== undefined)
}
