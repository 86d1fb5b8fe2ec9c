import type { DiffPosition, Note } from '@suite/proto'
import { isoTime, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'

/** Gitlab::Diff::Position#to_h of position_type text. */
export function presentPosition(position: DiffPosition) {
  return {
    base_sha: position.baseSha,
    start_sha: position.startSha,
    head_sha: position.headSha,
    old_path: position.oldPath,
    new_path: position.newPath,
    position_type: position.positionType,
    old_line: position.oldLine ?? null,
    new_line: position.newLine ?? null,
    line_range: null,
    ignore_whitespace_change: false,
  }
}

/**
 * API::Entities::Note for a merge request's, an issue's or a commit's note:
 * type is the note's class (null for a plain note); a DiffNote adds its
 * position and commit_id. A commit's note has no noteable id or iid (GitLab
 * keeps no row for the commit) and names its commit in commit_id.
 */
export function presentNote(note: Note, ctx: PresentContext) {
  const diffNote = note.type === 'DiffNote'
  const onCommit = note.noteableType === 'Commit'
  return {
    id: note.id,
    type: note.type === '' ? null : note.type,
    body: note.body,
    attachment: null,
    author: presentRelatedUser(note.authorId, ctx),
    created_at: isoTime(note.createdAt),
    updated_at: isoTime(note.updatedAt),
    system: note.system,
    noteable_id: onCommit ? null : note.noteableId,
    noteable_type: note.noteableType === '' ? 'MergeRequest' : note.noteableType,
    project_id: note.projectId,
    ...(onCommit ? { commit_id: note.commitId } : {}),
    ...(diffNote
      ? {
          commit_id: onCommit ? note.commitId : null,
          position: note.position ? presentPosition(note.position) : null,
        }
      : {}),
    resolvable: note.resolvable,
    ...(note.resolvable
      ? {
          resolved: note.resolved,
          resolved_by:
            note.resolvedById === undefined ? null : presentRelatedUser(note.resolvedById, ctx),
          resolved_at: note.resolvedAt ? isoTime(note.resolvedAt) : null,
        }
      : {}),
    confidential: note.internal,
    internal: note.internal,
    imported: false,
    imported_from: 'none',
    noteable_iid: onCommit ? null : note.noteableIid,
    commands_changes: {},
  }
}

/** The note's author (and resolver), for `related`. */
export function noteUserIds(note: Note): number[] {
  return note.resolvedById === undefined ? [note.authorId] : [note.authorId, note.resolvedById]
}
