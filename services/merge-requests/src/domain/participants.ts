/**
 * GET /projects/:id/merge_requests/:iid/participants: who took part in a
 * merge request, as GitLab's Participable collects them.
 */
import type { Caller } from './caller.js'
import type { MergeRequestsDeps } from './ports.js'
import type { MergeRequestKey } from './merge-request.js'
import { requireMergeRequest } from './merge-request-access.js'

/** What the participants are read from besides the request and its people (store/participants.store.ts). */
export interface ParticipantReads {
  /** Authors of the request's notes (system and internal ones too), each once, oldest note first. */
  noteAuthorIds(mergeRequestId: number): Promise<number[]>
}

/**
 * Participable#raw_participants walks the request's participant attributes
 * (author, notes, assignees, then MergeRequest's reviewers) through a stack,
 * so the last one comes out first: reviewers, assignees, note authors, the
 * author; each user once, at the first place found.
 */
export function participantOrder(people: {
  authorId: number
  noteAuthorIds: readonly number[]
  assigneeIds: readonly number[]
  reviewerIds: readonly number[]
}): number[] {
  return [
    ...new Set([
      ...people.reviewerIds,
      ...people.assigneeIds,
      ...people.noteAuthorIds,
      people.authorId,
    ]),
  ]
}

/**
 * The participants' user ids, for a caller who may read the request
 * (find_merge_request_with_access: 404 unknown, 403 without read_merge_request).
 * GitLab's newest API lists participants(current_user) without the
 * per-note visibility check, so internal notes' authors are participants too.
 */
export async function listMergeRequestParticipants(
  deps: Pick<MergeRequestsDeps, 'stores'> & { participants: ParticipantReads },
  caller: Caller | undefined,
  key: MergeRequestKey,
): Promise<number[]> {
  const mergeRequest = await requireMergeRequest(deps, caller, key)
  const [assignees, reviewers, noteAuthorIds] = await Promise.all([
    deps.stores.people.load('assignees', [mergeRequest.id]),
    deps.stores.people.load('reviewers', [mergeRequest.id]),
    deps.participants.noteAuthorIds(mergeRequest.id),
  ])
  return participantOrder({
    authorId: mergeRequest.authorId,
    noteAuthorIds,
    assigneeIds: assignees.get(mergeRequest.id) ?? [],
    reviewerIds: reviewers.get(mergeRequest.id) ?? [],
  })
}
