import { badRequest } from '../domain/errors.js'
import type { Repo } from '../store/repository-store.js'
import { loadCommits, type GitCommit } from './commit-log.js'

/** Consecutive lines of a file that one commit last changed. */
export interface BlameGroup {
  commit: GitCommit
  lines: string[]
}

/** 1-based first and last line; undefined for the whole file. */
export interface BlameRange {
  start: number
  end: number
}

/** One line of `git blame --porcelain`: the commit that last changed it and its text. */
interface BlamedLine {
  commitId: string
  text: string
}

const OBJECT_ID = /^[0-9a-f]{40,64}$/

/**
 * Parses `git blame --porcelain`: each line is a header `<sha> <orig> <final>
 * [<count>]`, optional `key value` lines (the first time a commit appears),
 * then the line's text after a TAB. One pass, no backtracking.
 */
export function parseBlamePorcelain(output: string): BlamedLine[] {
  const lines: BlamedLine[] = []
  let commitId = ''
  let expectHeader = true
  for (const row of output.split('\n')) {
    if (row.startsWith('\t')) {
      lines.push({ commitId, text: row.slice(1) })
      expectHeader = true
    } else if (expectHeader) {
      const sha = row.slice(0, row.indexOf(' '))
      if (OBJECT_ID.test(sha)) {
        commitId = sha
        expectHeader = false
      }
    }
  }
  return lines
}

/** Gitlab::Blame#groups: a new group wherever the commit changes from the line before. */
export function groupBlamedLines(
  lines: readonly BlamedLine[],
): { commitId: string; lines: string[] }[] {
  const groups: { commitId: string; lines: string[] }[] = []
  for (const line of lines) {
    const last = groups[groups.length - 1]
    if (last && last.commitId === line.commitId) last.lines.push(line.text)
    else groups.push({ commitId: line.commitId, lines: [line.text] })
  }
  return groups
}

/** The number of lines of `<sha>:<path>` as git blame counts them. */
async function lineCount(repo: Repo, sha: string, path: string): Promise<number> {
  const { stdout } = await repo.run(['cat-file', 'blob', `${sha}:${path}`])
  if (stdout.length === 0) return 0
  let count = 0
  for (const byte of stdout) if (byte === 10) count++
  return stdout[stdout.length - 1] === 10 ? count : count + 1
}

/**
 * `git blame --porcelain` of a file at a commit (the caller has validated
 * the sha and the path and knows the file exists), in Gitlab::Blame's groups
 * with each group's commit. A range past the file's end is cut at its last
 * line; one that starts after it is refused, as git refuses it.
 */
export async function blameFile(
  repo: Repo,
  sha: string,
  path: string,
  range: BlameRange | undefined,
): Promise<BlameGroup[]> {
  const args = ['blame', '--porcelain']
  if (range) {
    const total = await lineCount(repo, sha, path)
    if (range.start > total) throw badRequest(`range[start] is past the last line (${total})`)
    args.push(`-L${range.start},${Math.min(range.end, total)}`)
  }
  const { stdout } = await repo.run([...args, sha, '--', path])
  const groups = groupBlamedLines(parseBlamePorcelain(stdout.toString('utf8')))
  const commits = await loadCommits(
    repo.gitEnv,
    repo.gitDir,
    groups.map((group) => group.commitId),
  )
  return groups.flatMap((group) => {
    const commit = commits.get(group.commitId)
    return commit ? [{ commit, lines: group.lines }] : []
  })
}
