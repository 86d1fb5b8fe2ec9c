/**
 * Where a commit comment goes (lib/api/commits.rb's POST .../comments): the
 * first changed file whose new path is `path`, and in its diff the first
 * line of `line_type` at `line` (an added line by its new number, a removed
 * one by its old number). Found, the note is on that line; not found, it is a
 * plain note, as GitLab saves it without a line code. One pass over the diff
 * text, no regular expression backtracking on user input.
 */
import type { CommitLine } from './collaboration-records.js'

/** The old and new line numbers a hunk header "@@ -a,b +c,d @@" starts at. */
function hunkStart(header: string): { old: number; new: number } | undefined {
  const minus = header.indexOf('-')
  const plus = header.indexOf('+', minus + 1)
  if (minus < 0 || plus < 0) return undefined
  const old = Number.parseInt(header.slice(minus + 1), 10)
  const next = Number.parseInt(header.slice(plus + 1), 10)
  return Number.isNaN(old) || Number.isNaN(next) ? undefined : { old, new: next }
}

/** Whether the unified diff text has a line of this type at this number. */
export function diffHasLine(diff: string, wanted: Omit<CommitLine, 'path'>): boolean {
  let oldLine = 0
  let newLine = 0
  for (const text of diff.split('\n')) {
    if (text.startsWith('@@')) {
      const start = hunkStart(text)
      if (!start) return false
      oldLine = start.old
      newLine = start.new
    } else if (text.startsWith('+')) {
      if (wanted.lineType === 'new' && newLine === wanted.line) return true
      newLine++
    } else if (text.startsWith('-')) {
      if (wanted.lineType === 'old' && oldLine === wanted.line) return true
      oldLine++
    } else if (text.startsWith(' ')) {
      oldLine++
      newLine++
    }
  }
  return false
}

/** The posted line when the commit's diff has it, else undefined (a plain note). */
export function findCommitLine(
  files: readonly { newPath: string; diff: string }[],
  posted: CommitLine,
): CommitLine | undefined {
  const file = files.find((candidate) => candidate.newPath === posted.path)
  return file && diffHasLine(file.diff, posted) ? posted : undefined
}
