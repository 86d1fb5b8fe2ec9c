/**
 * Notes on merge requests (lib/api/notes.rb with NotePolicy): read with the
 * request (404 Merge Request Not Found for one the caller cannot read);
 * create_note for signed-in readers who may still take part (a locked
 * discussion: members only; never in an archived project); a note is edited
 * by its author and deleted by its author or a Maintainer (admin_note).
 * Changing an internal note without read_internal_note is 403 (admin_note
 * is prevented on a note GitLab still finds).
 * Each user note moves the request's user_notes_count, internal ones too,
 * whoever reads it (GitLab's Note.count_for_collection counts the `user`
 * scope). Internal notes are for read_internal_note holders only
 * (NotePolicy): left out of lists and 404 to everyone else, and the flag is
 * ignored for those who cannot set it.
 */
import { ForbiddenError, NotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import { requireUserId } from './collaboration-access.js'
import type { Note } from './collaboration-records.js'
import type { MergeRequestsDeps, NoteOrder } from './ports.js'
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { requireVisibleMergeRequest } from './merge-request-access.js'
import { findHookTarget, recordNoteHook } from './merge-request-hooks.js'
import { checkNoteBody, noteBodyToSave } from './note-body.js'
import { canAdminNote, canAwardEmoji, canReadInternalNotes, canSetNoteCreatedAt } from './policy.js'

export type { NoteOrder }

/** A note of the request the caller may read: an internal one is 404 without read_internal_note. */
export async function requireNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  mergeRequest: MergeRequest,
  noteId: number,
): Promise<Note> {
  const withInternal = canReadInternalNotes(caller, mergeRequest.targetProjectId)
  const note =
    noteId > 0 ? await deps.stores.notes.find(mergeRequest.id, noteId, withInternal) : undefined
  if (!note) throw new NotFoundError('Note')
  return note
}

/**
 * A note of the request to change: GitLab finds it among all the request's
 * notes (internal ones too) and lets admin_note / resolve_note answer, so an
 * internal note is 403 to a caller without read_internal_note, not 404.
 */
export async function requireNoteToChange(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  noteId: number,
): Promise<Note> {
  const note = noteId > 0 ? await deps.stores.notes.find(mergeRequest.id, noteId, true) : undefined
  if (!note) throw new NotFoundError('Note')
  return note
}

/** Note's validations on a posted body (presence, length); see note-body.ts. */
export const checkBody = checkNoteBody

/** GET .../notes: one page, newest first by default. */
export async function listNotes(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  page: PageRequest | undefined,
  order: NoteOrder,
): Promise<{ notes: Note[]; total: number }> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const withInternal = canReadInternalNotes(caller, mergeRequest.targetProjectId)
  return deps.stores.notes.list(mergeRequest.id, pageWindow(page), order, withInternal)
}

/** GET .../notes/:note_id */
export async function getNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  noteId: number,
): Promise<Note> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  return requireNote(deps, caller, mergeRequest, noteId)
}

/** POST .../notes: 403 without create_note. */
export async function createNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  input: { body: string; internal: boolean; createdAt: Date | null },
): Promise<Note> {
  const authorId = requireUserId(caller)
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  // create_note asks what award_emoji asks of a request: readable, taking part, not archived.
  if (!canAwardEmoji(caller, mergeRequest)) throw new ForbiddenError()
  const body = noteBodyToSave(input.body)
  // created_at is honoured for admins and project owners only, as GitLab does.
  const owner = canSetNoteCreatedAt(caller, key.projectId)
  const target = await findHookTarget(deps, mergeRequest.targetProjectId)
  return deps.stores.transaction(async (tx) => {
    const note = await tx.notes.insert({
      mergeRequestId: mergeRequest.id,
      projectId: key.projectId,
      authorId,
      body,
      system: false,
      // Notes::BuildService: without mark_note_as_internal the flag is ignored.
      internal: input.internal && canReadInternalNotes(caller, mergeRequest.targetProjectId),
      createdAt: owner ? input.createdAt : null,
    })
    await recordNoteHook(tx, target, note, 'create')
    return note
  })
}

/**
 * PUT .../notes/:note_id: the author's (admin_note), never a system note. A
 * body that normalises to the stored one changes nothing (Notes::UpdateService
 * saves no change and sends no note hook when `note_changed?` is false).
 */
export async function updateNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  noteId: number,
  posted: string,
): Promise<Note> {
  requireUserId(caller)
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const note = await requireNoteToChange(deps, mergeRequest, noteId)
  if (!canAdminNote(caller, note)) throw new ForbiddenError()
  const body = noteBodyToSave(posted)
  if (body === note.body) return note
  const target = await findHookTarget(deps, mergeRequest.targetProjectId)
  return deps.stores.transaction(async (tx) => {
    const updated = await tx.notes.updateBody(note, body)
    await recordNoteHook(tx, target, updated, 'update')
    return updated
  })
}

/** DELETE .../notes/:note_id: the author or a Maintainer (admin_note). */
export async function deleteNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  noteId: number,
): Promise<void> {
  requireUserId(caller)
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const note = await requireNoteToChange(deps, mergeRequest, noteId)
  if (!canAdminNote(caller, note)) throw new ForbiddenError()
  await deps.stores.notes.delete(note)
}
