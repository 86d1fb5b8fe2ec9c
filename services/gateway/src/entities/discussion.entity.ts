import type { Discussion } from '@suite/proto'
import { noteUserIds, presentNote } from './note.entity.js'
import type { PresentContext } from './present-context.js'

/** API::Entities::Discussion: id, individual_note, and its notes oldest first. */
export function presentDiscussion(discussion: Discussion, ctx: PresentContext) {
  return {
    id: discussion.id,
    individual_note: discussion.individualNote,
    notes: discussion.notes.map((note) => presentNote(note, ctx)),
  }
}

/** Every author and resolver in the discussion, for `related`. */
export function discussionUserIds(discussion: Discussion): number[] {
  return discussion.notes.flatMap(noteUserIds)
}
