import type { Note } from '@suite/proto'
import { isoTime, type PresentContext } from './present-context.js'
import { presentRelatedUser } from './related-user.js'

/**
 * API::Entities::CommitNote: a commit comment's text, author and time, and
 * the diff line it is on (path, line, line_type), null for a plain note.
 */
export function presentCommitNote(note: Note, ctx: PresentContext) {
  const line = note.commitLine
  return {
    note: note.body,
    path: line ? line.path : null,
    line: line ? line.line : null,
    line_type: line ? line.lineType : null,
    author: presentRelatedUser(note.authorId, ctx),
    created_at: isoTime(note.createdAt),
  }
}
