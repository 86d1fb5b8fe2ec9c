import { InvalidError, NotFoundError } from '@suite/runtime'
import { isFullObjectId, isLookupRefName } from '../domain/ref-names.js'
import type { Repo } from '../store/repository-store.js'

/**
 * The commit a full SHA names; INVALID_ARGUMENT for anything that is not a
 * full SHA (checked before git sees it), NOT_FOUND "Commit" when it is missing.
 */
export async function commitBySha(repo: Repo, sha: string, field: string): Promise<string> {
  if (!isFullObjectId(sha)) throw new InvalidError({}, `${field} is invalid`)
  const oid = await repo.refTarget(`${sha}^{commit}`)
  if (!oid) throw new NotFoundError('Commit')
  return oid
}

/** The commit a full SHA or a branch name names (merge-base revisions); NOT_FOUND when none. */
export async function commitByRevision(repo: Repo, revision: string): Promise<string> {
  if (isFullObjectId(revision)) return commitBySha(repo, revision, 'revision')
  if (!isLookupRefName(revision)) throw new InvalidError({}, 'revision is invalid')
  const oid = await repo.refTarget(`refs/heads/${revision}^{commit}`)
  if (!oid) throw new NotFoundError('Commit')
  return oid
}

/** The head of an existing branch; NOT_FOUND "Branch" when it is missing or not a name. */
export async function branchHead(repo: Repo, branch: string): Promise<string> {
  const oid = isLookupRefName(branch)
    ? await repo.refTarget(`refs/heads/${branch}^{commit}`)
    : undefined
  if (!oid) throw new NotFoundError('Branch')
  return oid
}
