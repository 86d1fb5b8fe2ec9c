import type { Note } from '@suite/proto'
import { isoTime, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'

/**
 * API::Entities::Note for a merge request's note. Plain notes only (type
 * null, no position): discussions and diff notes are not kept yet.
 */
export function presentNote(note: Note, ctx: PresentContext) {
  return {
    id: note.id,
    type: null,
    body: note.body,
    attachment: null,
    author: presentRelatedUser(note.authorId, ctx),
    created_at: isoTime(note.createdAt),
    updated_at: isoTime(note.updatedAt),
    system: note.system,
    noteable_id: note.noteableId,
    noteable_type: 'MergeRequest',
    project_id: note.projectId,
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
    noteable_iid: note.noteableIid,
    commands_changes: {},
  }
}

/** The note's author (and resolver), for `related`. */
export function noteUserIds(note: Note): number[] {
  return note.resolvedById === undefined ? [note.authorId] : [note.authorId, note.resolvedById]
}
