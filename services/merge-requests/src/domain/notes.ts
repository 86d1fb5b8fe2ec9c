/**
 * Notes on merge requests and issues (lib/api/notes.rb with NotePolicy): read
 * with the noteable (404 Merge Request / Issue Not Found for one the caller
 * cannot read, a confidential issue included);
 * create_note for signed-in readers who may still take part (a locked
 * discussion: members only; never in an archived project); a note is edited
 * by its author and deleted by its author or a Maintainer (admin_note).
 * Changing an internal note without read_internal_note is 403 (admin_note
 * is prevented on a note GitLab still finds).
 * Each user note moves the noteable's user_notes_count, internal ones too,
 * whoever reads it (GitLab's Note.count_for_collection counts the `user`
 * scope). Internal notes are for read_internal_note holders only
 * (NotePolicy): left out of lists and 404 to everyone else, and the flag is
 * ignored for those who cannot set it.
 */
import { ForbiddenError, NotFoundError, pageWindow, type PageRequest } from '@suite/runtime'
import type { Caller } from './caller.js'
import { requireUserId } from './collaboration-access.js'
import type { CommitLine, Note } from './collaboration-records.js'
import { findCommitLine } from './commit-line.js'
import type { MergeRequestsDeps, NoteOrder } from './ports.js'
import { checkNoteBody, noteBodyToSave } from './note-body.js'
import {
  canCreateNoteOn,
  noteHookRecorder,
  requireVisibleNoteable,
  type Noteable,
  type NoteableKey,
} from './noteable.js'
import { canAdminNote, canReadInternalNotes, canSetNoteCreatedAt } from './policy.js'

export type { NoteOrder }

/** A note of the noteable the caller may read: an internal one is 404 without read_internal_note. */
export async function requireNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  noteable: Noteable,
  noteId: number,
): Promise<Note> {
  const withInternal = canReadInternalNotes(caller, noteable.projectId)
  const note =
    noteId > 0 ? await deps.stores.notes.find(noteable.ref, noteId, withInternal) : undefined
  if (!note) throw new NotFoundError('Note')
  return note
}

/**
 * A note of the noteable to change: GitLab finds it among all its notes (internal ones too) and lets admin_note / resolve_note answer, so an
 * internal note is 403 to a caller without read_internal_note, not 404.
 */
export async function requireNoteToChange(
  deps: MergeRequestsDeps,
  noteable: Noteable,
  noteId: number,
): Promise<Note> {
  const note = noteId > 0 ? await deps.stores.notes.find(noteable.ref, noteId, true) : undefined
  if (!note) throw new NotFoundError('Note')
  return note
}

/** Note's validations on a posted body (presence, length); see note-body.ts. */
export const checkBody = checkNoteBody

/** GET .../notes: one page, newest first by default. */
export async function listNotes(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  page: PageRequest | undefined,
  order: NoteOrder,
): Promise<{ notes: Note[]; total: number }> {
  const noteable = await requireVisibleNoteable(deps, caller, key)
  const withInternal = canReadInternalNotes(caller, noteable.projectId)
  return deps.stores.notes.list(noteable.ref, pageWindow(page), order, withInternal)
}

/** GET .../notes/:note_id */
export async function getNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  noteId: number,
): Promise<Note> {
  const noteable = await requireVisibleNoteable(deps, caller, key)
  return requireNote(deps, caller, noteable, noteId)
}

/**
 * A commit comment's line: the posted one when the commit's diff has it (a
 * LegacyDiffNote), else none (a plain note), as lib/api/commits.rb decides.
 */
async function commitLineOf(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  noteable: Noteable,
  posted: CommitLine | null | undefined,
): Promise<CommitLine | null> {
  if (noteable.type !== 'Commit' || !posted) return null
  const { projectId, commitId } = noteable.ref
  const files = await deps.ports.repository.commitDiffFiles(caller, projectId, commitId)
  return findCommitLine(files, posted) ?? null
}

/** POST .../notes (and a commit's POST .../comments): 403 without create_note. */
export async function createNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  input: {
    body: string
    internal: boolean
    createdAt: Date | null
    commitLine?: CommitLine | null
  },
): Promise<Note> {
  const authorId = requireUserId(caller)
  const noteable = await requireVisibleNoteable(deps, caller, key)
  // create_note asks what award_emoji asks of a noteable: readable, taking part, not archived.
  if (!canCreateNoteOn(caller, noteable)) throw new ForbiddenError()
  const body = noteBodyToSave(input.body)
  const commitLine = await commitLineOf(deps, caller, noteable, input.commitLine)
  // created_at is honoured for admins and project owners only, as GitLab does.
  const owner = canSetNoteCreatedAt(caller, key.projectId)
  const recordHook = await noteHookRecorder(deps, noteable)
  return deps.stores.transaction(async (tx) => {
    const note = await tx.notes.insert({
      noteable: noteable.ref,
      projectId: key.projectId,
      authorId,
      body,
      system: false,
      // Notes::BuildService: without mark_note_as_internal the flag is ignored.
      internal: input.internal && canReadInternalNotes(caller, noteable.projectId),
      createdAt: owner ? input.createdAt : null,
      ...(commitLine ? { type: 'LegacyDiffNote' as const, commitLine } : {}),
    })
    await recordHook(tx, note, 'create')
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
  key: NoteableKey,
  noteId: number,
  posted: string,
): Promise<Note> {
  requireUserId(caller)
  const noteable = await requireVisibleNoteable(deps, caller, key)
  const note = await requireNoteToChange(deps, noteable, noteId)
  if (!canAdminNote(caller, note)) throw new ForbiddenError()
  const body = noteBodyToSave(posted)
  if (body === note.body) return note
  const recordHook = await noteHookRecorder(deps, noteable)
  return deps.stores.transaction(async (tx) => {
    const updated = await tx.notes.updateBody(note, body)
    await recordHook(tx, updated, 'update')
    return updated
  })
}

/** DELETE .../notes/:note_id: the author or a Maintainer (admin_note). */
export async function deleteNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  noteId: number,
): Promise<void> {
  requireUserId(caller)
  const noteable = await requireVisibleNoteable(deps, caller, key)
  const note = await requireNoteToChange(deps, noteable, noteId)
  if (!canAdminNote(caller, note)) throw new ForbiddenError()
  await deps.stores.notes.delete(note)
}
