import type { CommitLine as CommitLineMessage } from '@suite/proto'
import type { CommitLine } from '../../domain/collaboration-records.js'
import { createNote, deleteNote, getNote, listNotes, updateNote } from '../../domain/notes.js'
import { toNoteMessage } from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** A commit comment's posted line; line_type is new or old (new when unset, GitLab's default). */
function toCommitLine(message: CommitLineMessage | undefined): CommitLine | null {
  if (!message || message.path === '') return null
  const lineType = message.lineType === 'old' ? 'old' : 'new'
  return { path: message.path, line: message.line, lineType }
}

/** Notes on a merge request, an issue or a commit. */
export const noteHandlers: CollaborationHandlers<
  'listNotes' | 'getNote' | 'createNote' | 'updateNote' | 'deleteNote'
> = {
  listNotes: async (deps, caller, key, request) => {
    const order = {
      by: request.orderBy === 'updated_at' ? ('updated_at' as const) : ('created_at' as const),
      direction: request.sort === 'asc' ? ('asc' as const) : ('desc' as const),
    }
    const { notes, total } = await listNotes(deps, caller, key, request.page, order)
    return { notes: notes.map(toNoteMessage), pageInfo: { total } }
  },
  getNote: async (deps, caller, key, request) => ({
    note: toNoteMessage(await getNote(deps, caller, key, request.noteId)),
  }),
  createNote: async (deps, caller, key, request) => {
    const note = await createNote(deps, caller, key, {
      body: request.body,
      internal: request.internal,
      createdAt: request.createdAt ?? null,
      commitLine: toCommitLine(request.commitLine),
    })
    return { note: toNoteMessage(note) }
  },
  updateNote: async (deps, caller, key, request) => ({
    note: toNoteMessage(await updateNote(deps, caller, key, request.noteId, request.body)),
  }),
  deleteNote: async (deps, caller, key, request) => {
    await deleteNote(deps, caller, key, request.noteId)
    return {}
  },
}
