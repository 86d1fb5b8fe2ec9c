import { COMMIT_FORMAT, loadCommits, parseCommits, type GitCommit } from './commit-log.js'
import { notFound } from '../domain/errors.js'
import { isValidFilePath } from '../domain/ref-names.js'
import type { Repo } from '../store/repository-store.js'

export interface CommitQuery {
  refName: string
  since: Date | undefined
  until: Date | undefined
  path: string
  all: boolean
  page: number
  perPage: number
}

/** GET /repository/commits: newest first, one page plus the total for X-Total. */
export async function listCommits(
  repo: Repo,
  query: CommitQuery,
): Promise<{ commits: GitCommit[]; total: number }> {
  const start = query.all ? undefined : await resolveListStart(repo, query.refName)
  if (!query.all && !start) return { commits: [], total: 0 }
  const filters: string[] = []
  if (query.since) filters.push(`--since=${Math.floor(query.since.getTime() / 1000)}`)
  if (query.until) filters.push(`--until=${Math.floor(query.until.getTime() / 1000)}`)
  const revisions = query.all ? ['--all'] : [start ?? '']
  const paths = query.path ? ['--', query.path] : ['--']
  if (query.path && !isValidFilePath(query.path)) return { commits: [], total: 0 }
  const countOut = await repo.text(['rev-list', '--count', ...filters, ...revisions, ...paths])
  const total = Number.parseInt(countOut, 10) || 0
  const perPage = query.perPage > 0 ? query.perPage : 20
  const skip = (Math.max(query.page, 1) - 1) * perPage
  const { stdout } = await repo.run([
    'log',
    '-z',
    COMMIT_FORMAT,
    `--max-count=${perPage}`,
    `--skip=${skip}`,
    ...filters,
    ...revisions,
    ...paths,
  ])
  return { commits: parseCommits(stdout.toString('utf8')), total }
}

async function resolveListStart(repo: Repo, refName: string): Promise<string | undefined> {
  if (refName !== '') return repo.resolveCommit(refName)
  const head = await repo.headBranch()
  return head ? repo.resolveCommit(head) : undefined
}

/** GET /repository/commits/:sha (a SHA, branch or tag); 404 Commit Not Found. */
export async function getCommit(repo: Repo, sha: string): Promise<GitCommit> {
  const id = await repo.resolveCommit(sha)
  const commit = id ? (await loadCommits(repo.gitEnv, repo.gitDir, [id])).get(id) : undefined
  if (!commit) throw notFound('Commit')
  return commit
}

/** Lines added and removed by a commit against its first parent (GitLab's stats). */
export async function commitStats(
  repo: Repo,
  commit: GitCommit,
): Promise<{ additions: number; deletions: number }> {
  const args = commit.parentIds[0]
    ? ['diff', '--numstat', '-z', '--no-renames', commit.parentIds[0], commit.id]
    : ['diff-tree', '--no-commit-id', '--numstat', '-z', '--no-renames', '--root', commit.id]
  const out = (await repo.run(args)).stdout.toString('utf8')
  let additions = 0
  let deletions = 0
  for (const entry of out.split('\0')) {
    const match = /^(\d+|-)\t(\d+|-)\t/.exec(entry)
    if (!match) continue
    additions += Number.parseInt(match[1] ?? '0', 10) || 0
    deletions += Number.parseInt(match[2] ?? '0', 10) || 0
  }
  return { additions, deletions }
}
