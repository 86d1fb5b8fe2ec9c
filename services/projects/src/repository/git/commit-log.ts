import { runGit, type GitEnvironment } from './git-command.js'

/** A commit as GitLab's Commit entity needs it. */
export interface GitCommit {
  id: string
  parentIds: string[]
  authorName: string
  authorEmail: string
  authoredDate: Date
  committerName: string
  committerEmail: string
  committedDate: Date
  message: string
}

/** Ten NUL-separated fields per commit; with -z commits are NUL-separated too. */
export const COMMIT_FORMAT = '--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B'
const FIELDS = 9

/** Parses `git log -z` output made with COMMIT_FORMAT. */
export function parseCommits(output: string): GitCommit[] {
  if (output === '') return []
  const parts = output.split('\0')
  const commits: GitCommit[] = []
  for (let index = 0; index + FIELDS <= parts.length; index += FIELDS) {
    const [id, parents, an, ae, ad, cn, ce, cd, message] = parts.slice(index, index + FIELDS)
    if (!id) continue
    commits.push({
      id: id.replace(/^\n/, ''),
      parentIds: parents ? parents.split(' ').filter(Boolean) : [],
      authorName: an ?? '',
      authorEmail: ae ?? '',
      authoredDate: new Date(ad ?? 0),
      committerName: cn ?? '',
      committerEmail: ce ?? '',
      committedDate: new Date(cd ?? 0),
      message: message ?? '',
    })
  }
  return commits
}

/** GitLab's Commit#title: the first line of the message. */
export function commitTitle(message: string): string {
  return message.split('\n', 1)[0]?.trim() ?? ''
}

/** Loads the given commits (full ids), in the order given. */
export async function loadCommits(
  gitEnv: GitEnvironment,
  gitDir: string,
  ids: readonly string[],
): Promise<Map<string, GitCommit>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const { stdout } = await runGit(
    gitEnv,
    gitDir,
    ['log', '-z', '--no-walk=unsorted', '--stdin', COMMIT_FORMAT],
    { input: `${unique.join('\n')}\n` },
  )
  return new Map(parseCommits(stdout.toString('utf8')).map((commit) => [commit.id, commit]))
}
