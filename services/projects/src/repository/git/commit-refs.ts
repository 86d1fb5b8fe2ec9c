import type { Repo } from '../store/repository-store.js'
import { getCommit } from './commits.js'

export type CommitRefKind = 'branch' | 'tag'

export interface CommitRef {
  type: CommitRefKind
  name: string
}

const NAMESPACES: Readonly<Record<CommitRefKind, string>> = {
  branch: 'refs/heads/',
  tag: 'refs/tags/',
}

/** The names of the refs under one namespace that contain the commit, by name, at most `limit`. */
async function containing(repo: Repo, commit: string, kind: CommitRefKind, limit: number) {
  if (limit <= 0) return []
  const { stdout } = await repo.run([
    'for-each-ref',
    `--count=${limit}`,
    '--format=%(refname:strip=2)',
    `--contains=${commit}`,
    NAMESPACES[kind],
  ])
  return stdout
    .toString('utf8')
    .split('\n')
    .filter((name) => name !== '')
    .map((name) => ({ type: kind, name }))
}

/**
 * Gitlab::Repositories::ContainingCommitFinder: the branches, then the tags,
 * containing a commit, at most `limit` of them (GitLab asks for one page past
 * the requested one and counts no further).
 */
export async function commitRefs(
  repo: Repo,
  sha: string,
  kinds: readonly CommitRefKind[],
  limit: number,
): Promise<CommitRef[]> {
  const commit = await getCommit(repo, sha)
  const refs: CommitRef[] = []
  for (const kind of kinds) {
    refs.push(...(await containing(repo, commit.id, kind, limit - refs.length)))
  }
  return refs
}
