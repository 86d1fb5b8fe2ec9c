/**
 * The pushed-commits system note (SystemNotes::CommitService#add_commits, as
 * MergeRequests::RefreshService writes it after a push to an opened request's
 * source branch): "added N commits", the commits as an HTML list and a link to
 * compare the new diff version with the previous one. It is written once per
 * push (its before..after), in the transaction that records the diff version
 * when this push records it, by the pushing user; system notes count as no
 * user note.
 */
import type { BranchUpdate } from './branch-updates.js'
import { isNullSha } from './branch-updates.js'
import type { MergeRequestsDeps } from './ports.js'
import { collectDiffVersion } from './diff-collection.js'
import type { Commit } from './diff-version.js'
import type { MergeRequest } from './merge-request.js'
import { hookTargetOf, recordMergeRequestHook } from './merge-request-hooks.js'

/** SystemNotes::CommitService::NEW_COMMIT_DISPLAY_LIMIT */
export const NEW_COMMIT_DISPLAY_LIMIT = 10

/** What the note shows of a commit. */
export type NoteCommit = Pick<Commit, 'id' | 'shortId' | 'title'>

export interface AddCommitsNote {
  /** The pushed commits now in the request, oldest first. */
  newCommits: readonly NoteCommit[]
  /** The pushed commits the request does not have (they came from the target), oldest first. */
  existingCommits: readonly NoteCommit[]
  /** The push's old revision, as the push names it (all zeros for a new branch). */
  oldrev: string | undefined
  /** The target branch, `namespace:branch` for a fork's request. */
  targetBranch: string
  /** diffs_project_merge_request_path of the new version against oldrev. */
  comparePath: string
}

/** ERB::Util.html_escape, as content_tag escapes its content. */
export function htmlEscape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** "N thing" with String#pluralize's s for any count but 1. */
function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

/** Commit.truncate_sha: the first 8 characters. */
function truncateSha(sha: string): string {
  return sha.slice(0, 8)
}

/** A range of commits: one short id, oldrev...last, or first..last without a usable oldrev. */
function commitIds(commits: readonly NoteCommit[], startRev: string | undefined): string {
  const first = commits[0] as NoteCommit
  const last = commits[commits.length - 1] as NoteCommit
  if (commits.length === 1) return first.shortId
  if (startRev && !isNullSha(startRev)) return `${truncateSha(startRev)}...${last.shortId}`
  return `${first.shortId}..${last.shortId}`
}

/** The one line for the pushed commits the request already had from its target branch. */
function existingCommitSummary(note: AddCommitsNote): string {
  const commits = note.existingCommits
  if (commits.length === 0) return ''
  const ids = commitIds(commits, note.oldrev)
  const branch = `<code>${htmlEscape(note.targetBranch)}</code>`
  return `<li>${htmlEscape(`${ids} - ${counted(commits.length, 'commit')}`)} from branch ${branch}</li>`
}

/** One line per new commit; past the display limit the oldest ones share a line. */
function newCommitSummary(commits: readonly NoteCommit[], startRev: string | undefined): string {
  const line = (commit: NoteCommit) =>
    `<li>${htmlEscape(`${commit.shortId} - ${commit.title}`)}</li>`
  if (commits.length <= NEW_COMMIT_DISPLAY_LIMIT) return commits.map(line).join('')
  const truncated = commits.slice(0, commits.length - NEW_COMMIT_DISPLAY_LIMIT)
  const earlier = `${commitIds(truncated, startRev)} - ${counted(truncated.length, 'earlier commit')}`
  const shown = commits.slice(truncated.length)
  return `<li>${htmlEscape(earlier)}</li>${shown.map(line).join('')}`
}

/** The note's body: the count, the list and the compare link, a blank line apart. */
export function addCommitsBody(note: AddCommitsNote): string {
  const total = note.newCommits.length + note.existingCommits.length
  const lastExisting = note.existingCommits[note.existingCommits.length - 1]
  const startRev = lastExisting ? lastExisting.id : note.oldrev
  const list = `<ul>${existingCommitSummary(note)}${newCommitSummary(note.newCommits, startRev)}</ul>`
  return [
    `added ${counted(total, 'commit')}`,
    list,
    `[Compare with previous version](${note.comparePath})`,
  ].join('\n\n')
}

/** diffs_project_merge_request_path(project, request, diff_id:, start_sha:) */
export function diffComparePath(
  project: { namespaceFullPath: string; path: string },
  mergeRequestIid: number,
  diffId: number,
  startSha: string | undefined,
): string {
  const query = new URLSearchParams({ diff_id: String(diffId) })
  if (startSha) query.set('start_sha', startSha)
  return `/${project.namespaceFullPath}/${project.path}/-/merge_requests/${mergeRequestIid}/diffs?${query.toString()}`
}

/** The identity of a push on the request's notes: a retried update matches it. */
export function pushKey(update: Pick<BranchUpdate, 'before' | 'after'>): string {
  return `${update.before}..${update.after}`
}

/**
 * The commits the push brought, oldest first: before..after, or for a new
 * branch what it has beyond the merge-base with the request's last version
 * (RefreshService#find_new_commits). Empty when nothing is known.
 */
async function pushedCommits(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports'>,
  mergeRequest: MergeRequest,
  update: BranchUpdate,
): Promise<Commit[]> {
  const repository = deps.ports.repository
  let base: string | undefined = update.before
  if (isNullSha(update.before)) {
    const latest =
      mergeRequest.latestDiffId === null
        ? undefined
        : await deps.stores.diffs.findVersion(mergeRequest.id, mergeRequest.latestDiffId)
    base = latest
      ? await repository.findMergeBase(update.projectId, [latest.headCommitSha, update.after])
      : undefined
  }
  if (!base) return []
  const compare = await repository.compareCommits(update.projectId, {
    baseSha: base,
    headSha: update.after,
    unlimited: false,
    skipCommits: false,
  })
  // The comparison lists the newest first.
  return [...compare.commits].reverse()
}

/** The target branch as the note names it: `namespace:branch` for a fork's request. */
function targetBranchLabel(mergeRequest: MergeRequest, targetNamespace: string): string {
  return mergeRequest.sourceProjectId === mergeRequest.targetProjectId
    ? mergeRequest.targetBranch
    : `${targetNamespace}:${mergeRequest.targetBranch}`
}

/**
 * Writes the push's note on one request: collects the version for the
 * current heads (nothing new when a diff collection job got there first) and
 * writes the note in that transaction, once per push.
 */
async function notePush(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  mergeRequest: MergeRequest,
  update: BranchUpdate,
  authorId: number,
): Promise<boolean> {
  const key = pushKey(update)
  if (await deps.stores.notes.hasPushNote(mergeRequest.id, key)) return false
  const commits = await pushedCommits(deps, mergeRequest, update)
  if (commits.length === 0) return false
  const [project] = await deps.ports.projects.findProjects([mergeRequest.targetProjectId])
  if (!project) return false
  let written = false
  await collectDiffVersion(deps, mergeRequest.id, async (tx, version) => {
    const inVersion = new Set(version.commits.map((commit) => commit.id))
    const body = addCommitsBody({
      newCommits: commits.filter((commit) => inVersion.has(commit.id)),
      existingCommits: commits.filter((commit) => !inVersion.has(commit.id)),
      oldrev: update.before,
      targetBranch: targetBranchLabel(mergeRequest, project.namespaceFullPath),
      comparePath: diffComparePath(project, mergeRequest.iid, version.id, update.before),
    })
    const note = { mergeRequestId: mergeRequest.id, projectId: project.id, authorId, body }
    written = await tx.notes.insertPushNote(note, key)
    // The push's Merge Request Hook (action update, oldrev), once per push like its note.
    const current = written ? await tx.mergeRequests.findById(mergeRequest.id) : undefined
    if (current) {
      const target = hookTargetOf(deps, project)
      await recordMergeRequestHook(tx, target, current, 'update', authorId, {
        oldrev: update.before,
      })
    }
  })
  return written
}

/**
 * RefreshService#notify_about_push for one branch update: a note on each
 * opened request from the branch, when the pusher is known and the push
 * brought commits. Answers how many notes were written.
 */
export async function notePushedCommits(
  deps: Pick<MergeRequestsDeps, 'stores' | 'ports' | 'settings'>,
  update: BranchUpdate,
): Promise<number> {
  const authorId = update.userId
  if (!authorId || isNullSha(update.after)) return 0
  const opened = await deps.stores.mergeStatus.findOpenedForBranch(update.projectId, update.branch)
  let written = 0
  for (const mergeRequest of opened) {
    if (mergeRequest.sourceProjectId !== update.projectId) continue
    if (mergeRequest.sourceBranch !== update.branch) continue
    if (await notePush(deps, mergeRequest, update, authorId)) written++
  }
  return written
}
