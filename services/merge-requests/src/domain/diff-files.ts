/**
 * Diff files between the repository's messages, the stored rows and GitLab's
 * Diff entity, including the `unidiff=true` form.
 */
import { DiffFile } from '@suite/proto'
import type { DiffFileRow, NewDiffFile } from '../store/diffs.store.js'

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

/** A repository diff file as a row to store (line counts are not kept). */
export function diffFileToRow(file: DiffFile): NewDiffFile {
  return {
    old_path: file.oldPath,
    new_path: file.newPath,
    a_mode: file.aMode,
    b_mode: file.bMode,
    diff: file.diff,
    new_file: file.newFile,
    renamed_file: file.renamedFile,
    deleted_file: file.deletedFile,
    generated_file: file.generatedFile,
    collapsed: file.collapsed,
    too_large: file.tooLarge,
    binary: file.binary,
  }
}

/** A stored file as the proto message. */
export function diffFileFromRow(row: DiffFileRow): DiffFile {
  return DiffFile.fromPartial({
    oldPath: row.old_path,
    newPath: row.new_path,
    aMode: row.a_mode,
    bMode: row.b_mode,
    diff: row.diff,
    newFile: row.new_file,
    renamedFile: row.renamed_file,
    deletedFile: row.deleted_file,
    generatedFile: row.generated_file,
    collapsed: row.collapsed,
    tooLarge: row.too_large,
    binary: row.binary,
  })
}
