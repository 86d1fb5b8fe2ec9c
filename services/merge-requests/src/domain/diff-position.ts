/**
 * A diff note's position (Gitlab::Diff::Position, position_type text): the
 * version's shas, the file's paths, and the line on the old side, the new
 * side or both (an unchanged line).
 */
import type { DiffFile } from './diff-version.js'

export interface DiffPosition {
  baseSha: string
  startSha: string
  headSha: string
  positionType: 'text'
  oldPath: string
  newPath: string
  oldLine: number | null
  newLine: number | null
}

/** One line of a unified diff, numbered on each side it exists on. */
export interface DiffLine {
  oldLine: number | null
  newLine: number | null
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/

/** The lines a unified diff shows: removed (old only), added (new only), unchanged (both). */
export function diffLines(diff: string): DiffLine[] {
  const lines: DiffLine[] = []
  let oldLine = 0
  let newLine = 0
  let inHunk = false
  for (const text of diff.split('\n')) {
    const header = HUNK_HEADER.exec(text)
    if (header) {
      oldLine = Number(header[1])
      newLine = Number(header[2])
      inHunk = true
      continue
    }
    if (!inHunk) continue
    if (text.startsWith('+')) lines.push({ oldLine: null, newLine: newLine++ })
    else if (text.startsWith('-')) lines.push({ oldLine: oldLine++, newLine: null })
    else if (text.startsWith(' ')) lines.push({ oldLine: oldLine++, newLine: newLine++ })
    // "\ No newline at end of file" and the trailing empty split are not lines.
  }
  return lines
}

/**
 * DiffFile#line_for_position: the file the position names and a line of its
 * diff with exactly these numbers (GitLab's docs: an unchanged line needs
 * both old_line and new_line, an added one new_line only, a removed one
 * old_line only).
 */
export function positionFindsLine(
  files: readonly Pick<DiffFile, 'oldPath' | 'newPath' | 'diff'>[],
  position: DiffPosition,
): boolean {
  if (position.oldLine === null && position.newLine === null) return false
  const file = files.find((candidate) =>
    position.newPath !== ''
      ? candidate.newPath === position.newPath
      : candidate.oldPath === position.oldPath,
  )
  if (!file) return false
  return diffLines(file.diff).some(
    (line) => line.oldLine === position.oldLine && line.newLine === position.newLine,
  )
}
