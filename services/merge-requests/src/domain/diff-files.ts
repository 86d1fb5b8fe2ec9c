/** Diff files as GitLab's Diff entity shows them, including the `unidiff=true` form. */
import type { DiffFile } from './diff-version.js'

/**
 * The diff text as GitLab's unidiff (Gitlab::Git::Diff#unidiff): the
 * `--- a/old` / `+++ b/new` header before the hunks, /dev/null for the side
 * of a new or deleted file. Empty and binary diffs stay as they are.
 */
export function unidiffText(file: DiffFile): string {
  if (file.diff === '' || file.binary || file.diff.startsWith('Binary files ')) return file.diff
  const oldHeader = file.newFile ? '/dev/null' : `a/${file.oldPath}`
  const newHeader = file.deletedFile ? '/dev/null' : `b/${file.newPath}`
  return `--- ${oldHeader}\n+++ ${newHeader}\n${file.diff}`
}

/** The files as the API shows them, with unidiff headers when asked. */
export function presentDiffFiles(files: readonly DiffFile[], unidiff: boolean): DiffFile[] {
  return unidiff ? files.map((file) => ({ ...file, diff: unidiffText(file) })) : [...files]
}
