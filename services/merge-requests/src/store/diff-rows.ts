/** Diff version rows and the domain's versions and files, both ways. */
import { Commit as CommitMessage } from '@suite/proto'
import type { Insertable, Selectable } from 'kysely'
import type { Commit, DiffFile, DiffVersion } from '../domain/diff-version.js'
import type { MergeRequestDiffFilesTable, MergeRequestDiffsTable } from './schema.js'

export function toDiffVersion(row: Selectable<MergeRequestDiffsTable>): DiffVersion {
  return {
    id: row.id,
    mergeRequestId: row.merge_request_id,
    headCommitSha: row.head_commit_sha,
    baseCommitSha: row.base_commit_sha,
    startCommitSha: row.start_commit_sha,
    state: row.state,
    realSize: row.real_size,
    filesCount: row.files_count,
    overflow: row.overflow,
    patchIdSha: row.patch_id_sha,
    createdAt: row.created_at,
  }
}

/** A stored file (line counts are not kept: 0). */
export function toDiffFile(row: Selectable<MergeRequestDiffFilesTable>): DiffFile {
  return {
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
    addedLines: 0,
    removedLines: 0,
  }
}

/** A file's row, without its version and position. */
export function diffFileRow(
  file: DiffFile,
): Omit<Insertable<MergeRequestDiffFilesTable>, 'merge_request_diff_id' | 'position'> {
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

/** A commit as stored: gitlab.projects.v1.Commit's JSON form, trailers included. */
export function commitDocument(commit: Commit): unknown {
  return CommitMessage.toJSON(commit)
}

/** A stored commit read back. */
export function commitOfDocument(document: unknown): Commit {
  return CommitMessage.fromJSON(document)
}
