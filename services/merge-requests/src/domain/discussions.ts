/**
 * Discussions on merge requests (lib/api/discussions.rb): threads of notes
 * sharing a discussion_id. A plain note is its own individual discussion; a
 * thread started here is of DiscussionNotes (or a DiffNote with a position)
 * and is resolvable, as every user note in a merge request discussion is.
 * Resolving follows Discussion#can_resolve?: the request's author, or whoever
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
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { requireVisibleMergeRequest } from './merge-request-access.js'
import { findHookTarget, recordNoteHook } from './merge-request-hooks.js'
import { noteBodyToSave } from './note-body.js'
import { requireNote, requireNoteToChange } from './notes.js'
import {
  canAwardEmoji,
  canReadInternalNotes,
  canResolveNote,
  canSetNoteCreatedAt,
} from './policy.js'

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
  mergeRequest: MergeRequest,
  discussionId: string,
): Promise<Discussion> {
  const notes = await deps.stores.notes.listInDiscussions(
    mergeRequest.id,
    [discussionId],
    canReadInternalNotes(caller, mergeRequest.targetProjectId),
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
  key: MergeRequestKey,
): Promise<{ authorId: number; mergeRequest: MergeRequest }> {
  const authorId = requireUserId(caller)
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  if (!canAwardEmoji(caller, mergeRequest)) throw new ForbiddenError()
  return { authorId, mergeRequest }
}

/** GET .../discussions: one page of discussions, oldest first. */
export async function listDiscussions(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  page: PageRequest | undefined,
): Promise<{ discussions: Discussion[]; total: number }> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const withInternal = canReadInternalNotes(caller, mergeRequest.targetProjectId)
  const { ids, total } = await deps.stores.notes.listDiscussionIds(
    mergeRequest.id,
    pageWindow(page),
    withInternal,
  )
  const notes = await deps.stores.notes.listInDiscussions(mergeRequest.id, ids, withInternal)
  return { discussions: buildDiscussions(ids, notes), total }
}

/** GET .../discussions/:discussion_id */
export async function getDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  discussionId: string,
): Promise<Discussion> {
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  return requireDiscussion(deps, caller, mergeRequest, discussionId)
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
  if (!version || !positionFindsLine(files, position)) {
    throw new InvalidError(
      {},
      '400 Bad request - Note {:line_code=>["can\'t be blank", "must be a valid line code"]}',
      'bad_request',
    )
  }
}

/** POST .../discussions: a DiscussionNote, or a DiffNote with a position; resolvable. */
export async function createDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  input: { body: string; createdAt: Date | null; position: DiffPosition | null },
): Promise<Discussion> {
  const { authorId, mergeRequest } = await requireCreateNote(deps, caller, key)
  const body = noteBodyToSave(input.body)
  if (input.position) await checkPosition(deps, mergeRequest, input.position)
  const target = await findHookTarget(deps, mergeRequest.targetProjectId)
  const note = await deps.stores.transaction(async (tx) => {
    const inserted = await tx.notes.insert({
      mergeRequestId: mergeRequest.id,
      projectId: key.projectId,
      authorId,
      body,
      system: false,
      internal: false,
      createdAt: honouredCreatedAt(caller, key.projectId, input.createdAt),
      type: input.position ? 'DiffNote' : 'DiscussionNote',
      resolvable: true,
      position: input.position,
    })
    await recordNoteHook(tx, target, inserted, 'create')
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
  key: MergeRequestKey,
  discussionId: string,
  input: { body: string; createdAt: Date | null },
): Promise<Note> {
  const { authorId, mergeRequest } = await requireCreateNote(deps, caller, key)
  const discussion = await requireDiscussion(deps, caller, mergeRequest, discussionId)
  const first = discussion.notes[0]!
  if (first.system) {
    throw new InvalidError({}, '400 Bad request - Discussion can not be replied to.', 'bad_request')
  }
  const body = noteBodyToSave(input.body)
  const target = await findHookTarget(deps, mergeRequest.targetProjectId)
  return deps.stores.transaction(async (tx) => {
    if (discussion.individualNote) await tx.notes.convertToDiscussionNote(first)
    const note = await tx.notes.insert({
      mergeRequestId: mergeRequest.id,
      projectId: key.projectId,
      authorId,
      body,
      system: false,
      // A reply is as internal as its thread (Notes::BuildService).
      internal: first.internal,
      createdAt: honouredCreatedAt(caller, key.projectId, input.createdAt),
      discussionId,
      type: 'DiscussionNote',
      resolvable: true,
    })
    await recordNoteHook(tx, target, note, 'create')
    return note
  })
}

/** PUT .../discussions/:discussion_id (resolved): every resolvable note; 403 without can_resolve?. */
export async function resolveDiscussion(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  discussionId: string,
  resolved: boolean,
): Promise<Discussion> {
  const userId = requireUserId(caller)
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  const discussion = await requireDiscussion(deps, caller, mergeRequest, discussionId)
  const resolvable = discussion.notes.some((note) => note.resolvable)
  if (!resolvable || !canResolveNote(caller, mergeRequest)) throw new ForbiddenError()
  await deps.stores.notes.setResolved(
    discussion.notes.map((note) => note.id),
    resolved ? userId : null,
  )
  return requireDiscussion(deps, caller, mergeRequest, discussionId)
}

/**
 * PUT .../discussions/:discussion_id/notes/:note_id with resolved: one note
 * (resolve_note: its author, the request's author, a Developer); 400 "Note is
 * not resolvable" for a plain note.
 */
export async function resolveNote(
  deps: MergeRequestsDeps,
  caller: Caller | undefined,
  key: MergeRequestKey,
  noteId: number,
  resolved: boolean,
): Promise<Note> {
  const userId = requireUserId(caller)
  const mergeRequest = await requireVisibleMergeRequest(deps, caller, key)
  // resolve_note is prevented on an internal note without read_internal_note: 403, as GitLab.
  const note = await requireNoteToChange(deps, mergeRequest, noteId)
  const hidden = note.internal && !canReadInternalNotes(caller, mergeRequest.targetProjectId)
  if (hidden || !canResolveNote(caller, mergeRequest, note.authorId)) throw new ForbiddenError()
  if (!note.resolvable)
    throw new InvalidError({}, '400 Bad request - Note is not resolvable', 'bad_request')
  await deps.stores.notes.setResolved([note.id], resolved ? userId : null)
  return requireNote(deps, caller, mergeRequest, noteId)
}

/** Whether a resolvable note of the request is unresolved (the merge's discussions check). */
export function hasUnresolvedDiscussions(
  deps: MergeRequestsDeps,
  mergeRequest: MergeRequest,
): Promise<boolean> {
  return deps.stores.notes.hasUnresolved(mergeRequest.id)
}
