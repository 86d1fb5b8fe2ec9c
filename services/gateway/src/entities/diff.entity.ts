import type { DiffFile } from '@suite/proto'

/** API::Entities::Diff. */
export function presentDiff(file: DiffFile) {
  return {
    diff: file.diff,
    new_path: file.newPath,
    old_path: file.oldPath,
    a_mode: file.aMode,
    b_mode: file.bMode,
    new_file: file.newFile,
    renamed_file: file.renamedFile,
    deleted_file: file.deletedFile,
    generated_file: file.generatedFile,
    collapsed: file.collapsed,
    too_large: file.tooLarge,
  }
}
