import { createNote, deleteNote, getNote, listNotes, updateNote } from '../../domain/notes.js'
import { toNoteMessage } from '../collaboration-to-proto.js'
import type { CollaborationHandlers } from './handler.js'

/** Notes on a merge request. */
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
