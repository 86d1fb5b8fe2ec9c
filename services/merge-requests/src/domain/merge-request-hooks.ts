/**
 * Webhook events of merge requests and their notes: built in the change's
 * transaction from what it stores and written to the hook event outbox there,
 * so none is lost; the relay moves them to the projects service's queue.
 */
import { hookEvent, projectWebUrls, type HookEvent } from '@suite/runtime'
import type { Note } from './collaboration-records.js'
import type { MergeRequestsDeps, Stores } from './ports.js'
import type { Commit } from './diff-version.js'
import {
  mergeRequestChanges,
  mergeRequestHookAttrs,
  mergeRequestHookPayload,
  mergeRequestUrl,
  noteHookPayload,
  type HookSite,
  type MergeRequestBefore,
  type MergeRequestHookAction,
} from './hook-payloads.js'
import type { Caller } from './caller.js'
import type { MergeRequest } from './merge-request.js'
import { requireReadMergeRequest, signedInUserId } from './policy.js'
import { mergeRequestView } from './merge-request-context.js'
import type { MergeRequestView } from './merge-request-view.js'
import type { Project } from './project.js'
import { findProject } from './project-settings.js'

type HookStores = Pick<Stores, 'presentation' | 'diffs' | 'hookEvents' | 'mergeRequests'>

/** What the payloads need of the target project: its settings and where its pages are. */
export interface HookTarget {
  site: HookSite
  project: Project | undefined
}

/** The target of a project already found (or not found). */
export function hookTargetOf(
  deps: Pick<MergeRequestsDeps, 'settings'>,
  project: Project | undefined,
): HookTarget {
  const fullPath = project && `${project.namespaceFullPath}/${project.path}`
  return {
    site: {
      projectWebUrl:
        fullPath === undefined ? null : projectWebUrls(deps.settings.externalUrl, fullPath).webUrl,
    },
    project,
  }
}

/** The target of a project by id; ask it before the transaction (it calls projects). */
export async function findHookTarget(
  deps: Pick<MergeRequestsDeps, 'settings' | 'ports'>,
  projectId: number,
): Promise<HookTarget> {
  return hookTargetOf(deps, await findProject(deps, projectId))
}

/** The request's view and its latest version's head commit, as `tx` sees them now. */
async function hookAttrsIn(
  tx: Omit<HookStores, 'hookEvents'>,
  target: HookTarget,
  mergeRequest: MergeRequest,
): Promise<{ view: MergeRequestView; lastCommit: Commit | undefined }> {
  const found = (await tx.presentation.loadFor([mergeRequest.id])).get(mergeRequest.id)
  const diff = found?.diff
  const view = mergeRequestView(mergeRequest, {
    labels: found?.labels ?? [],
    assigneeIds: found?.assigneeIds ?? [],
    reviewerIds: found?.reviewerIds ?? [],
    milestone: found?.milestone,
    diff,
    blocked: found?.blocked ?? false,
    unresolvedNotes: found?.unresolvedNotes ?? false,
    approvals: found?.approvals ?? 0,
    project: target.project,
    now: new Date(),
  })
  const lastCommit =
    diff && (await tx.diffs.listCommits(diff.id)).find((commit) => commit.id === diff.headCommitSha)
  return { view, lastCommit }
}

/** What an update's `changes` are measured from: read it in the transaction before the change. */
export async function mergeRequestBefore(
  tx: Pick<Stores, 'presentation'>,
  mergeRequest: MergeRequest,
): Promise<MergeRequestBefore> {
  const found = (await tx.presentation.loadFor([mergeRequest.id])).get(mergeRequest.id)
  return {
    mergeRequest,
    labels: found?.labels ?? [],
    assigneeIds: found?.assigneeIds ?? [],
    reviewerIds: found?.reviewerIds ?? [],
  }
}

/** The Merge Request Hook event of an action on the request, as `tx` sees it. */
async function mergeRequestHookEvent(
  tx: Omit<HookStores, 'hookEvents'>,
  target: HookTarget,
  mergeRequest: MergeRequest,
  action: MergeRequestHookAction,
  userId: number | undefined,
  options: { before?: MergeRequestBefore; oldrev?: string } = {},
): Promise<HookEvent> {
  const { view, lastCommit } = await hookAttrsIn(tx, target, mergeRequest)
  const payload = mergeRequestHookPayload({
    view,
    lastCommit,
    site: target.site,
    action,
    changes: options.before ? mergeRequestChanges(options.before, view) : {},
    ...(options.oldrev === undefined ? {} : { oldrev: options.oldrev }),
  })
  return hookEvent({
    projectId: mergeRequest.targetProjectId,
    kind: 'merge_request_hooks',
    ...(userId === undefined ? {} : { userId }),
    projectBlocks: {
      'object_attributes.source': mergeRequest.sourceProjectId,
      'object_attributes.target': mergeRequest.targetProjectId,
    },
    payload,
  })
}

/**
 * Writes the Merge Request Hook event of an action on the request, in `tx`
 * (the change's transaction), by the given user.
 */
export async function recordMergeRequestHook(
  tx: HookStores,
  target: HookTarget,
  mergeRequest: MergeRequest,
  action: MergeRequestHookAction,
  /** Who acted; the `user` block stays null when no user is known. */
  userId: number | undefined,
  options: { before?: MergeRequestBefore; oldrev?: string } = {},
): Promise<void> {
  await tx.hookEvents.add(
    await mergeRequestHookEvent(tx, target, mergeRequest, action, userId, options),
  )
}

/**
 * The Note Hook event of a note on a request, as `tx` sees it; none for a
 * request gone. An internal note's event is for confidential note hooks only
 * (Notes::PostProcessService's hooks_scope), so a hook without
 * confidential_note_events never receives it.
 */
async function noteHookEvent(
  tx: Omit<HookStores, 'hookEvents'>,
  target: HookTarget,
  note: Note,
  action: 'create' | 'update',
): Promise<HookEvent | undefined> {
  const mergeRequest = await tx.mergeRequests.findById(note.noteableId)
  if (!mergeRequest) return undefined
  const { view, lastCommit } = await hookAttrsIn(tx, target, mergeRequest)
  const payload = noteHookPayload({
    note,
    noteableAttrs: mergeRequestHookAttrs(view, lastCommit, target.site),
    noteableUrl: mergeRequestUrl(target.site, mergeRequest.iid),
    action,
  })
  return hookEvent({
    projectId: mergeRequest.targetProjectId,
    kind: note.internal ? 'confidential_note_hooks' : 'note_hooks',
    userId: note.authorId,
    projectBlocks: {
      'merge_request.source': mergeRequest.sourceProjectId,
      'merge_request.target': mergeRequest.targetProjectId,
    },
    payload,
  })
}

/**
 * Writes the Note Hook event of a user's note on a request, in `tx`. System
 * notes fire none (Notes::PostProcessService); internal ones fire a
 * Confidential Note Hook event.
 */
export async function recordNoteHook(
  tx: HookStores,
  target: HookTarget,
  note: Note,
  action: 'create' | 'update',
): Promise<void> {
  if (note.system) return
  const event = await noteHookEvent(tx, target, note, action)
  if (event) await tx.hookEvents.add(event)
}

/**
 * What a webhook test of the project sends (TestHooks::ProjectService): its
 * newest merge request as opened by the caller, or its newest user note as
 * created; undefined when it has none. Needs read_merge_request.
 */
export async function sampleHookEvent(
  deps: Pick<MergeRequestsDeps, 'stores' | 'settings' | 'ports'>,
  caller: Caller | undefined,
  projectId: number,
  kind: 'merge_request_hooks' | 'note_hooks',
): Promise<HookEvent | undefined> {
  requireReadMergeRequest(caller, projectId)
  const stores = deps.stores
  const target = await findHookTarget(deps, projectId)
  if (kind === 'note_hooks') {
    const note = await stores.notes.newestUserNote(projectId)
    return note && noteHookEvent(stores, target, note, 'create')
  }
  const mergeRequest = await stores.mergeRequests.newestIn(projectId)
  return (
    mergeRequest &&
    mergeRequestHookEvent(stores, target, mergeRequest, 'open', signedInUserId(caller))
  )
}
