/**
 * Discussions on merge requests and issues (lib/api/discussions.rb): threads
 * of notes sharing a discussion_id. A plain note is its own individual
 * discussion; a thread started here is of DiscussionNotes (or, on a merge
 * request, a DiffNote with a position). A merge request's threads are
 * resolvable, as every user note in its discussions is; an issue's are not
 * (resolvable noteable types), so resolving is for merge requests only.
 * Resolving follows Discussion#can_resolve?: the noteable's author, or whoever
 * has resolve_note (Developer), never past a locked discussion as a non-member.
 */
import {
  ForbiddenError,
  InvalidError,
  NotFoundError,
  pageWindow,
  type PageRequest,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import { requireUserId } from './collaboration-access.js'
import type { Note } from './collaboration-records.js'
import type { MergeRequestsDeps } from './ports.js'
import { positionFindsLine, type DiffPosition } from './diff-position.js'
import type { MergeRequest } from './merge-request.js'
import { noteBodyToSave } from './note-body.js'
import {
  canCreateNoteOn,
  canResolveNoteOn,
  noteHookRecorder,
  requireVisibleNoteable,
  type Noteable,
  type NoteableKey,
} from './noteable.js'
import { requireNote, requireNoteToChange } from './notes.js'
import { canReadInternalNotes, canSetNoteCreatedAt } from './policy.js'

export interface Discussion {
  id: string
  /** A single plain note (IndividualNoteDiscussion). */
  individualNote: boolean
  notes: Note[]
}

/** Discussion.build_collection: notes grouped by discussion, in `ids` order. */
function buildDiscussions(ids: readonly string[], notes: readonly Note[]): Discussion[] {
  return ids.flatMap((id) => {
    const own = notes.filter((note) => note.discussionId === id)
    if (own.length === 0) return []
    return [{ id, individualNote: own[0]!.type === null, notes: own }]
  })
}

/** A discussion with the notes the caller may read; none readable is 404. */
async function requireDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  noteable: Noteable,
  discussionId: string,
): Promise<Discussion> {
  const notes = await deps.stores.notes.listInDiscussions(
    noteable.ref,
    [discussionId],
    canReadInternalNotes(caller, noteable.projectId),
  )
  const [discussion] = buildDiscussions([discussionId], notes)
  if (!discussion) throw new NotFoundError('Discussion')
  return discussion
}

/** created_at is honoured for admins and project owners only, as GitLab does. */
function honouredCreatedAt(
  caller: Caller | undefined,
  projectId: number,
  createdAt: Date | null,
): Date | null {
  return canSetNoteCreatedAt(caller, projectId) ? createdAt : null
}

/** create_note (readable, taking part, not archived, a locked discussion: members only). */
async function requireCreateNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<{ authorId: number; noteable: Noteable }> {
  const authorId = requireUserId(caller)
  const noteable = await requireVisibleNoteable(deps, caller, key)
  if (!canCreateNoteOn(caller, noteable)) throw new ForbiddenError()
  return { authorId, noteable }
}

/** GET .../discussions: one page of discussions, oldest first. */
export async function listDiscussions(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  page: PageRequest | undefined,
): Promise<{ discussions: Discussion[]; total: number }> {
  const noteable = await requireVisibleNoteable(deps, caller, key)
  const withInternal = canReadInternalNotes(caller, noteable.projectId)
  const { ids, total } = await deps.stores.notes.listDiscussionIds(
    noteable.ref,
    pageWindow(page),
    withInternal,
  )
  const notes = await deps.stores.notes.listInDiscussions(noteable.ref, ids, withInternal)
  return { discussions: buildDiscussions(ids, notes), total }
}

/** GET .../discussions/:discussion_id */
export async function getDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  discussionId: string,
): Promise<Discussion> {
  const noteable = await requireVisibleNoteable(deps, caller, key)
  return requireDiscussion(deps, caller, noteable, discussionId)
}

/**
 * DiffNote validation against the request's versions: the shas must be one
 * version's base/start/head and the line must be in that version's diff;
 * otherwise no line code is found, which GitLab reports as a 400 on line_code.
 */
async function checkPosition(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
  position: DiffPosition,
): Promise<void> {
  const versions = await deps.stores.diffs.listVersions(mergeRequest.id)
  const version = versions.find(
    (candidate) =>
      candidate.headCommitSha === position.headSha &&
      candidate.startCommitSha === position.startSha &&
      (candidate.baseCommitSha ?? '') === position.baseSha,
  )
  const files = version ? await deps.stores.diffs.listFiles(version.id) : []
  if (!version || !positionFindsLine(files, position)) throw lineCodeInvalid()
}

/**
 * A commit DiffNote's position: on the commit itself (head_sha its SHA) and
 * on a line of its diff, else the same 400 on line_code.
 */
async function checkCommitPosition(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  noteable: Extract<Noteable, { type: 'Commit' }>,
  position: DiffPosition,
): Promise<void> {
  const { projectId, commitId } = noteable.ref
  const files =
    position.headSha === commitId
      ? await deps.ports.repository.commitDiffFiles(caller, projectId, commitId)
      : []
  if (!positionFindsLine(files, position)) throw lineCodeInvalid()
}

/** What GitLab answers for a DiffNote whose position finds no line. */
function lineCodeInvalid(): InvalidError {
  return new InvalidError(
    {},
    '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}',
    'bad_request',
  )
}

/**
 * POST .../discussions: a DiscussionNote, or a DiffNote with a position (on a
 * merge request or a commit; an issue's discussion ignores it, as position is
 * declared for those only); resolvable on a merge request.
 */
export async function createDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  input: { body: string; createdAt: Date | null; position: DiffPosition | null },
): Promise<Discussion> {
  const { authorId, noteable } = await requireCreateNote(deps, caller, key)
  const body = noteBodyToSave(input.body)
  const position = noteable.type === 'Issue' ? null : input.position
  if (noteable.type === 'MergeRequest' && position) {
    await checkPosition(deps, noteable.mergeRequest, position)
  }
  if (noteable.type === 'Commit' && position) {
    await checkCommitPosition(deps, caller, noteable, position)
  }
  const recordHook = await noteHookRecorder(deps, noteable)
  const note = await deps.stores.transaction(async (tx) => {
    const inserted = await tx.notes.insert({
      noteable: noteable.ref,
      projectId: key.projectId,
      authorId,
      body,
      system: false,
      internal: false,
      createdAt: honouredCreatedAt(caller, key.projectId, input.createdAt),
      type: position ? 'DiffNote' : 'DiscussionNote',
      resolvable: noteable.type === 'MergeRequest',
      position,
    })
    await recordHook(tx, inserted, 'create')
    return inserted
  })
  return { id: note.discussionId, individualNote: false, notes: [note] }
}

/**
 * POST .../discussions/:discussion_id/notes: a reply (a DiscussionNote); an
 * individual note becomes the first note of a discussion, a system note
 * cannot be replied to.
 */
export async function replyToDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  discussionId: string,
  input: { body: string; createdAt: Date | null },
): Promise<Note> {
  const { authorId, noteable } = await requireCreateNote(deps, caller, key)
  const discussion = await requireDiscussion(deps, caller, noteable, discussionId)
  const first = discussion.notes[0]!
  if (first.system) {
    throw new InvalidError({}, '400 Bad request - Discussion can not be replied to.', 'bad_request')
  }
  const body = noteBodyToSave(input.body)
  const recordHook = await noteHookRecorder(deps, noteable)
  return deps.stores.transaction(async (tx) => {
    const resolvable = noteable.type === 'MergeRequest'
    if (discussion.individualNote) await tx.notes.convertToDiscussionNote(first, resolvable)
    const note = await tx.notes.insert({
      noteable: noteable.ref,
      projectId: key.projectId,
      authorId,
      body,
      system: false,
      // A reply is as internal as its thread (Notes::BuildService).
      internal: first.internal,
      createdAt: honouredCreatedAt(caller, key.projectId, input.createdAt),
      discussionId,
      type: 'DiscussionNote',
      resolvable,
    })
    await recordHook(tx, note, 'create')
    return note
  })
}

/** PUT .../discussions/:discussion_id (resolved): every resolvable note; 403 without can_resolve?. */
export async function resolveDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  discussionId: string,
  resolved: boolean,
): Promise<Discussion> {
  const userId = requireUserId(caller)
  const noteable = await requireVisibleNoteable(deps, caller, key)
  const discussion = await requireDiscussion(deps, caller, noteable, discussionId)
  const resolvable = discussion.notes.some((note) => note.resolvable)
  if (!resolvable || !canResolveNoteOn(caller, noteable)) throw new ForbiddenError()
  await deps.stores.notes.setResolved(
    discussion.notes.map((note) => note.id),
    resolved ? userId : null,
  )
  return requireDiscussion(deps, caller, noteable, discussionId)
}

/**
 * PUT .../discussions/:discussion_id/notes/:note_id with resolved: one note
 * (resolve_note: its author, the request's author, a Developer); 400 "Note is
 * not resolvable" for a plain note.
 */
export async function resolveNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: NoteableKey,
  noteId: number,
  resolved: boolean,
): Promise<Note> {
  const userId = requireUserId(caller)
  const noteable = await requireVisibleNoteable(deps, caller, key)
  // resolve_note is prevented on an internal note without read_internal_note: 403, as GitLab.
  const note = await requireNoteToChange(deps, noteable, noteId)
  const hidden = note.internal && !canReadInternalNotes(caller, noteable.projectId)
  if (hidden || !canResolveNoteOn(caller, noteable, note.authorId)) throw new ForbiddenError()
  if (!note.resolvable)
    throw new InvalidError({}, '400 Bad request - Note is not resolvable', 'bad_request')
  await deps.stores.notes.setResolved([note.id], resolved ? userId : null)
  return requireNote(deps, caller, noteable, noteId)
}

/** Whether a resolvable note of the request is unresolved (the merge's discussions check). */
export function hasUnresolvedDiscussions(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
): Promise<boolean> {
  return deps.stores.notes.hasUnresolved(mergeRequest.id)
}
