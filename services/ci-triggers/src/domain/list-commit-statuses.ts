import { NotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { CommitStatus } from './commit-status.js'
import type { CommitLookupPort, CommitStatusStore, StatusFilter } from './commit-status-ports.js'
import { requireAbility } from './policy.js'

/**
 * GET /projects/:id/repository/commits/:sha/statuses: the jobs of every
 * pipeline of the commit (read_commit_status, Reporter); 404 "Commit" when
 * the sha names none.
 */
export async function listCommitStatuses(
  deps: { statuses: CommitStatusStore; commits: CommitLookupPort },
  caller: Caller,
  filter: Omit<StatusFilter, 'sha'> & { sha: string },
  page: PageRequest | undefined,
): Promise<{ statuses: CommitStatus[]; total: number }> {
  requireAbility(caller, filter.projectId, 'readCommitStatus')
  const sha =
    filter.sha === '' ? undefined : await deps.commits.commitSha(filter.projectId, filter.sha)
  if (!sha) throw new NotFoundError('Commit')
  return deps.statuses.list({ ...filter, sha }, pageWindow(page))
}
