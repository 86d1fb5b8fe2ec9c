import { loadCommits, type GitCommit } from './commit-log.js'
import { badRequest, notFound } from '../domain/errors.js'
import { PreconditionError } from '@suite/runtime'
import { isLookupRefName, isValidNewRefName } from '../domain/ref-names.js'
import { refNameMatcher } from '../domain/ref-search.js'
import { peelToCommits, ZERO_OID, type Repo } from '../store/repository-store.js'

export interface GitBranch {
  name: string
  commit: GitCommit
  merged: boolean
  isDefault: boolean
}

async function readBranches(repo: Repo, pattern: string): Promise<GitBranch[]> {
  const names = (
    await repo.text(['for-each-ref', '--sort=refname', '--format=%(refname:strip=2)', pattern])
  )
    .split('\n')
    .filter(Boolean)
  if (names.length === 0) return []
  const heads = await peelToCommits(
    repo,
    names.map((name) => `refs/heads/${name}`),
  )
  const commits = await loadCommits(
    repo.gitEnv,
    repo.gitDir,
    heads.filter((id): id is string => id !== undefined),
  )
  const defaultBranch = await repo.headBranch()
  const merged = new Set<string>()
  if (defaultBranch && (await repo.refTarget(`refs/heads/${defaultBranch}`))) {
    const out = await repo.text([
      'for-each-ref',
      `--merged=refs/heads/${defaultBranch}`,
      '--format=%(refname:strip=2)',
      pattern,
    ])
    out.split('\n').forEach((name) => merged.add(name))
  }
  const branches: GitBranch[] = []
  names.forEach((name, index) => {
    const commit = commits.get(heads[index] ?? '')
    if (!commit) return
    const isDefault = name === defaultBranch
    branches.push({ name, commit, isDefault, merged: !isDefault && merged.has(name) })
  })
  return branches
}

export async function listBranches(repo: Repo, search: string): Promise<GitBranch[]> {
  const matches = refNameMatcher(search)
  return (await readBranches(repo, 'refs/heads')).filter((branch) => matches(branch.name))
}

export async function findBranch(repo: Repo, name: string): Promise<GitBranch | undefined> {
  if (!isLookupRefName(name)) return undefined
  return (await readBranches(repo, `refs/heads/${name}`)).find((branch) => branch.name === name)
}

export async function getBranch(repo: Repo, name: string): Promise<GitBranch> {
  const branch = await findBranch(repo, name)
  if (!branch) throw notFound('Branch')
  return branch
}

/** Branches::CreateService with GitLab's 400 messages. */
export async function createBranch(repo: Repo, name: string, ref: string): Promise<GitBranch> {
  if (!isValidNewRefName(name)) throw badRequest('Branch name is invalid')
  if (await repo.refTarget(`refs/heads/${name}`)) throw badRequest('Branch already exists')
  const commit = await repo.resolveCommit(ref)
  if (!commit) throw badRequest(`Invalid reference name: ${ref}`)
  const { exitCode } = await repo.run(
    ['update-ref', '--end-of-options', `refs/heads/${name}`, commit, ZERO_OID],
    { okCodes: [1, 128] },
  )
  if (exitCode !== 0) throw badRequest('Branch already exists')
  await adoptFirstBranch(repo, name)
  return getBranch(repo, name)
}

/**
 * Branches::DeleteService: the default branch stays (405), a missing one is
 * 404; then `mayDelete` (the protected branch rules) has its say.
 */
export async function deleteBranch(
  repo: Repo,
  name: string,
  mayDelete: () => Promise<void> = () => Promise.resolve(),
): Promise<string> {
  if (!isLookupRefName(name)) throw notFound('Branch')
  const target = await repo.refTarget(`refs/heads/${name}`)
  if (!target) throw notFound('Branch')
  if ((await repo.headBranch()) === name) {
    throw new PreconditionError(
      'The default branch of a project cannot be deleted.',
      'method_not_allowed',
    )
  }
  await mayDelete()
  const { exitCode } = await repo.run(
    ['update-ref', '-d', '--end-of-options', `refs/heads/${name}`, target],
    { okCodes: [1, 128] },
  )
  if (exitCode !== 0) throw badRequest('Failed to remove branch')
  return target
}

/**
 * GitLab makes the first branch of an empty repository its default: when
 * HEAD names a branch that does not exist, point it at `name`.
 */
export async function adoptFirstBranch(repo: Repo, name: string): Promise<void> {
  const head = await repo.headBranch()
  if (head && (await repo.refTarget(`refs/heads/${head}`))) return
  await repo.run(['symbolic-ref', 'HEAD', `refs/heads/${name}`])
}

/** GitLab's Repository#change_head: HEAD names an existing branch. */
export async function setDefaultBranch(repo: Repo, name: string): Promise<void> {
  if (!isLookupRefName(name) || !(await repo.refTarget(`refs/heads/${name}`))) {
    throw notFound('Branch')
  }
  await repo.run(['symbolic-ref', 'HEAD', `refs/heads/${name}`])
}
