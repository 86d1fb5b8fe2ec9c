/**
 * What notes, discussions and award emoji are on (GitLab's Noteable and
 * Awardable): a merge request or an issue of the project, named as the REST
 * paths name them, or (notes and discussions only) a commit of the project's
 * repository, named by a SHA, branch or tag that the repository role resolves. One code path serves both (lib/api/notes.rb,
 * discussions.rb and award_emoji.rb mount the same endpoints for every
 * noteable type); this module answers what differs: finding the noteable
 * for the caller (404 for an unreadable one, a confidential issue included),
 * award_emoji / create_note, resolve_note and the note hooks.
 */
import { hookEvent, NotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { CommitRef, Note, NoteableRef, NoteTarget } from './collaboration-records.js'
import type { Issue } from './issue.js'
import { canReadIssue } from './issue.js'
import { issueHookAttrs, issueUrl } from './issue-hooks.js'
import { findIssue, presentIssues } from './issues.js'
import type { Commit } from './diff-version.js'
import { commitHookAttrs, noteHookPayload, type HookSite } from './hook-payloads.js'
import type { MergeRequest, MergeRequestKey } from './merge-request.js'
import { findMergeRequestIn } from './merge-request-access.js'
import { findHookTarget, recordNoteHook } from './merge-request-hooks.js'
import type { MergeRequestsDeps, Stores } from './ports.js'
import { canAwardEmoji, canResolveNote, grantsIn, type MergeRequestSubject } from './policy.js'

/** A noteable by project and iid (a commit: by `commitSha`); a merge request unless said. */
export interface NoteableKey extends MergeRequestKey {
  noteableType?: NoteTarget['type'] | undefined
  /** A commit's SHA, branch or tag, for noteableType Commit. */
  commitSha?: string | undefined
}

/** A noteable the caller may read. */
export type Noteable = { projectId: number } & (
  | { type: 'MergeRequest'; ref: NoteableRef; mergeRequest: MergeRequest }
  | { type: 'Issue'; ref: NoteableRef; issue: Issue; assigneeIds: number[] }
  | { type: 'Commit'; ref: CommitRef; commit: Commit }
)

/** Writes a note's Note Hook event in the note's transaction. */
export type NoteHookRecorder = (
  tx: Stores,
  note: Note,
  action: 'create' | 'update',
) => Promise<void>

/**
 * The noteable of the project, whatever the caller may do with it: 404
 * Merge Request / Issue Not Found for an unknown one.
 */
export async function findNoteable(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<Noteable> {
  if (key.noteableType === 'Commit') return findCommitNoteable(deps, caller, key)
  if (key.noteableType === 'Issue') {
    const { issue, assigneeIds } = await findIssue(deps, caller, key)
    const ref = { type: 'Issue' as const, id: issue.id }
    return { type: 'Issue', ref, projectId: issue.projectId, issue, assigneeIds }
  }
  const mergeRequest = await findMergeRequestIn(deps, caller, key)
  const ref = { type: 'MergeRequest' as const, id: mergeRequest.id }
  return { type: 'MergeRequest', ref, projectId: mergeRequest.targetProjectId, mergeRequest }
}

/**
 * A commit of the project (NotesFinder's target for a Commit): 404 Commit Not
 * Found without read_code (read_commit, as CommitPolicy delegates it to the
 * project), before the repository is asked, or for a SHA, branch or tag that
 * names no commit.
 */
async function findCommitNoteable(
  deps: Pick<MergeRequestsDeps, 'ports'>,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<Noteable> {
  const sha = key.commitSha ?? ''
  if (grantsIn(caller, key.projectId)?.readCode !== true || sha === '') {
    throw new NotFoundError('Commit')
  }
  const commit = await deps.ports.repository.findCommit(caller, key.projectId, sha)
  if (!commit) throw new NotFoundError('Commit')
  const ref = { type: 'Commit' as const, projectId: key.projectId, commitId: commit.id }
  return { type: 'Commit', ref, projectId: key.projectId, commit }
}

/**
 * read_merge_request, IssuePolicy's read_issue (a confidential issue for its
 * readers), or read_code for a commit.
 */
export function canReadNoteable(caller: Caller | undefined, noteable: Noteable): boolean {
  if (noteable.type === 'Commit') return grantsIn(caller, noteable.projectId)?.readCode === true
  if (noteable.type === 'Issue') {
    return canReadIssue(caller, noteable.issue, noteable.assigneeIds)
  }
  return grantsIn(caller, noteable.projectId)?.readMergeRequest === true
}

/**
 * The noteable when the caller may read it: find_project_merge_request /
 * find_project_issue, 404 (Merge Request / Issue Not Found) for an unknown or
 * unreadable one.
 */
export async function requireVisibleNoteable(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  caller: Caller | undefined,
  key: NoteableKey,
): Promise<Noteable> {
  const noteable = await findNoteable(deps, caller, key)
  if (!canReadNoteable(caller, noteable)) throw new NotFoundError(NOT_FOUND_NAMES[noteable.type])
  return noteable
}

/** The resource a 404 names for an unreadable noteable. */
const NOT_FOUND_NAMES: Readonly<Record<Noteable['type'], string>> = {
  MergeRequest: 'Merge Request',
  Issue: 'Issue',
  Commit: 'Commit',
}

/** The noteable as IssuablePolicy's rules see it: its project, author and discussion lock. */
function subjectOf(noteable: Noteable): MergeRequestSubject {
  if (noteable.type === 'MergeRequest') return noteable.mergeRequest
  if (noteable.type === 'Commit') {
    // A commit has no author here and no discussion lock: the project's create_note decides.
    return {
      targetProjectId: noteable.projectId,
      targetBranch: '',
      authorId: 0,
      discussionLocked: false,
    }
  }
  const { projectId, authorId, discussionLocked } = noteable.issue
  return { targetProjectId: projectId, targetBranch: '', authorId, discussionLocked }
}

/**
 * award_emoji on a readable noteable (signed in, taking part, not archived;
 * a locked discussion: members only).
 */
export function canAwardEmojiOn(caller: Caller | undefined, noteable: Noteable): boolean {
  return canAwardEmoji(caller, subjectOf(noteable))
}

/** create_note: what award_emoji asks of a readable noteable. */
export const canCreateNoteOn = canAwardEmojiOn

/** resolve_note on the noteable's discussions (the noteable's author, the note's, a Developer). */
export function canResolveNoteOn(
  caller: Caller | undefined,
  noteable: Noteable,
  noteAuthorId?: number,
): boolean {
  return canResolveNote(caller, subjectOf(noteable), noteAuthorId)
}

/**
 * What writes the Note Hook of a note on the noteable (its project found
 * before the transaction). System notes fire none; an internal note, or any
 * note on a confidential issue, goes to confidential note hooks only
 * (Notes::PostProcessService's hooks_scope, confidential?(include_noteable: true)).
 */
export async function noteHookRecorder(
  deps: MergeRequestsDeps,
  noteable: Noteable,
): Promise<NoteHookRecorder> {
  const target = await findHookTarget(deps, noteable.projectId)
  if (noteable.type === 'Commit') return commitNoteHookRecorder(noteable, target.site)
  if (noteable.type === 'MergeRequest') {
    return (tx, note, action) => recordNoteHook(tx, target, note, action)
  }
  const { issue } = noteable
  return async (tx, note, action) => {
    if (note.system) return
    const [view] = await presentIssues({ stores: tx }, [issue], undefined)
    if (!view) return
    const confidential = note.internal || issue.confidential
    const payload = noteHookPayload({
      note,
      noteableAttrs: issueHookAttrs(view, target.site),
      noteableUrl: issueUrl(target.site, issue.iid),
      action,
      confidentialNoteable: issue.confidential,
    })
    await tx.hookEvents.add(
      hookEvent({
        projectId: issue.projectId,
        kind: confidential ? 'confidential_note_hooks' : 'note_hooks',
        userId: note.authorId,
        payload,
      }),
    )
  }
}

/** A commit note's Note Hook: the commit's hook attributes under `commit` (DataBuilder::Note). */
function commitNoteHookRecorder(
  noteable: Extract<Noteable, { type: 'Commit' }>,
  site: HookSite,
): NoteHookRecorder {
  const url = site.projectWebUrl && `${site.projectWebUrl}/-/commit/${noteable.commit.id}`
  return async (tx, note, action) => {
    if (note.system) return
    const payload = noteHookPayload({
      note,
      noteableAttrs: commitHookAttrs(noteable.commit, site),
      noteableUrl: url,
      action,
    })
    await tx.hookEvents.add(
      hookEvent({
        projectId: noteable.projectId,
        kind: 'note_hooks',
        userId: note.authorId,
        payload,
      }),
    )
  }
}
