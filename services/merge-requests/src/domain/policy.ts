/**
 * GitLab's merge request abilities. The project abilities come from the
 * projects service (ProjectPolicy, handed in as the caller's `project`);
 * this module checks they are for the project acted on and adds only the
 * merge request's own rules: IssuablePolicy / MergeRequestPolicy (author,
 * assignee, locked discussion) and MergeRequest#can_be_merged_by? (the
 * protected target branch). No access level is compared here except
 * membership itself (`is_project_member`).
 */
import { AccessLevel } from '@suite/proto'
import { ForbiddenError, NotFoundError } from '@suite/runtime'
import type { Caller, ProjectGrants } from './caller.js'
import type { Note } from './collaboration-records.js'

/** What the object rules read of a merge request. */
export interface MergeRequestSubject {
  targetProjectId: number
  targetBranch: string
  authorId: number
  discussionLocked: boolean | null
}

/** The people and project state the object rules read besides the row. */
export interface SubjectContext {
  assigneeIds: readonly number[]
  /** An archived project's requests are read-only, whoever wrote them. */
  projectArchived: boolean
}

export function signedInUserId(caller: Caller | undefined): number | undefined {
  const userId = caller?.userId
  return userId !== undefined && userId > 0 ? userId : undefined
}

/** The caller's abilities when they were handed in for `projectId`, else undefined. */
export function grantsIn(caller: Caller | undefined, projectId: number): ProjectGrants | undefined {
  const grants = caller?.project
  return grants !== undefined && grants.projectId === projectId ? grants : undefined
}

/**
 * The caller's abilities in the project acted on. None handed in, or another
 * project's, is a 403 (the service does not guess); a project the caller may
 * not read is GitLab's 404 Project Not Found.
 */
export function requireProjectGrants(caller: Caller | undefined, projectId: number): ProjectGrants {
  const grants = grantsIn(caller, projectId)
  if (!grants) throw new ForbiddenError()
  if (!grants.readProject) throw new NotFoundError('Project')
  return grants
}

/** authorize! :read_merge_request: the project's read_merge_request, else 403. */
export function requireReadMergeRequest(
  caller: Caller | undefined,
  projectId: number,
): ProjectGrants {
  const grants = requireProjectGrants(caller, projectId)
  if (!grants.readMergeRequest) throw new ForbiddenError()
  return grants
}

/** is_project_member: any membership (inherited ones included). */
function isMember(grants: ProjectGrants): boolean {
  return grants.accessLevel >= AccessLevel.ACCESS_LEVEL_GUEST
}

/** Whether the signed-in caller wrote the request or is one of its assignees. */
function isAuthorOrAssignee(
  caller: Caller | undefined,
  row: MergeRequestSubject,
  assigneeIds: readonly number[],
): boolean {
  const userId = signedInUserId(caller)
  return userId !== undefined && (row.authorId === userId || assigneeIds.includes(userId))
}

/**
 * update_merge_request: the project ability, or read_merge_request for the
 * author or an assignee (IssuablePolicy) unless the project is archived.
 */
export function canUpdateMergeRequest(
  caller: Caller | undefined,
  row: MergeRequestSubject,
  context: SubjectContext,
): boolean {
  const grants = grantsIn(caller, row.targetProjectId)
  if (!grants) return false
  if (grants.updateMergeRequest) return true
  return (
    grants.readMergeRequest &&
    !context.projectArchived &&
    isAuthorOrAssignee(caller, row, context.assigneeIds)
  )
}

/** reopen_merge_request: as update, but never while the discussion is locked (MergeRequestPolicy). */
export function canReopenMergeRequest(
  caller: Caller | undefined,
  row: MergeRequestSubject,
  context: SubjectContext,
): boolean {
  return row.discussionLocked !== true && canUpdateMergeRequest(caller, row, context)
}

/**
 * approve_merge_request: a member of the project (guests included) who may
 * update the request (CE), or who holds admin_merge_request (Developer and
 * up, or a custom role that switches it on: EE's "approve merge requests").
 */
export function canApproveMergeRequest(
  caller: Caller | undefined,
  row: MergeRequestSubject,
  context: SubjectContext,
): boolean {
  const grants = grantsIn(caller, row.targetProjectId)
  if (grants === undefined || !isMember(grants)) return false
  return grants.adminMergeRequest || canUpdateMergeRequest(caller, row, context)
}

/**
 * admin_merge_request: the project ability. Without it GitLab drops the
 * metadata attributes of an update (labels, milestone, assignees, reviewers, lock).
 */
export function canAdminMergeRequest(caller: Caller | undefined, projectId: number): boolean {
  return grantsIn(caller, projectId)?.adminMergeRequest ?? false
}

/** create_merge_request_in the target and create_merge_request_from the source (one project here). */
export function canCreateMergeRequest(caller: Caller | undefined, projectId: number): boolean {
  const grants = grantsIn(caller, projectId)
  if (!grants || signedInUserId(caller) === undefined) return false
  return grants.createMergeRequestIn && grants.createMergeRequestFrom
}

/** create_merge_request_from: opening a request from the project's branches (signed in). */
export function canCreateMergeRequestFrom(caller: Caller | undefined, projectId: number): boolean {
  if (signedInUserId(caller) === undefined) return false
  return grantsIn(caller, projectId)?.createMergeRequestFrom ?? false
}

/** create_merge_request_in: opening a request into the project (a fork's upstream, say). */
export function canCreateMergeRequestIn(caller: Caller | undefined, projectId: number): boolean {
  if (signedInUserId(caller) === undefined) return false
  return grantsIn(caller, projectId)?.createMergeRequestIn ?? false
}

/** destroy_merge_request: the project ability (Owner, administrator). */
export function canDeleteMergeRequest(caller: Caller | undefined, projectId: number): boolean {
  return grantsIn(caller, projectId)?.destroyMergeRequest ?? false
}

/**
 * MergeRequest#can_be_merged_by? (accept_merge_request, the entity's
 * user.can_merge): read_merge_request, push_code, and the target branch's
 * protection rules as the projects service answered them for this caller
 * (`targetBranchAllows`: Branch.can_merge, the rules' merge or push level on
 * a protected branch; true on an unprotected one).
 */
export function canMergeMergeRequest(
  caller: Caller | undefined,
  row: MergeRequestSubject,
  targetBranchAllows: boolean,
): boolean {
  const grants = grantsIn(caller, row.targetProjectId)
  if (!grants || signedInUserId(caller) === undefined) return false
  return grants.readMergeRequest && grants.pushCode && targetBranchAllows
}

/**
 * award_emoji on a request: the project ability, signed in; a locked
 * discussion takes it from non-members (IssuablePolicy).
 */
export function canAwardEmoji(caller: Caller | undefined, row: MergeRequestSubject): boolean {
  const grants = grantsIn(caller, row.targetProjectId)
  if (!grants || signedInUserId(caller) === undefined || !grants.awardEmoji) return false
  return row.discussionLocked !== true || isMember(grants)
}

/**
 * read_internal_note and mark_note_as_internal (NotePolicy): the projects
 * service's readInternalNote for the request's project.
 */
export function canReadInternalNotes(caller: Caller | undefined, projectId: number): boolean {
  return grantsIn(caller, projectId)?.readInternalNote === true
}

/**
 * admin_note (NotePolicy): the author, whoever the project gives admin_note
 * (Maintainer), or an admin; never a system note (not editable), and never an internal note for
 * a caller without read_internal_note, its author included.
 */
export function canAdminNote(caller: Caller | undefined, note: Note): boolean {
  if (note.system) return false
  if (note.internal && !canReadInternalNotes(caller, note.projectId)) return false
  if (caller?.admin) return true
  if (caller?.userId !== undefined && caller.userId === note.authorId) return true
  return grantsIn(caller, note.projectId)?.adminNote === true
}

/**
 * resolve_note on a request's discussion (NotePolicy, IssuablePolicy): an
 * admin, the request's author, the note's author (`noteAuthorId`, when one
 * note is resolved) or whoever the project gives resolve_note (Developer);
 * a locked discussion leaves it to members.
 */
export function canResolveNote(
  caller: Caller | undefined,
  mergeRequest: MergeRequestSubject,
  noteAuthorId?: number,
): boolean {
  if (caller?.admin) return true
  const userId = caller?.userId
  if (userId === undefined) return false
  const grants = grantsIn(caller, mergeRequest.targetProjectId)
  const member = grants !== undefined && isMember(grants)
  if (mergeRequest.discussionLocked === true && !member) return false
  return userId === mergeRequest.authorId || userId === noteAuthorId || grants?.resolveNote === true
}

/** set_note_created_at: a note's created_at is honoured for admins and project Owners only. */
export function canSetNoteCreatedAt(caller: Caller | undefined, projectId: number): boolean {
  return caller?.admin === true || grantsIn(caller, projectId)?.setNoteCreatedAt === true
}

/**
 * Whether with_merge_status_recheck applies under restrict_merge_status_recheck:
 * only for callers who may update the project's merge requests.
 */
export function canRecheckMergeStatus(
  caller: Caller | undefined,
  projectId: number | undefined,
  restricted: boolean,
): boolean {
  if (!restricted) return true
  return projectId !== undefined && (grantsIn(caller, projectId)?.updateMergeRequest ?? false)
}

/** create_pipeline for a merge request pipeline (MergeRequestPolicy, no forks here). */
export function canCreatePipeline(caller: Caller | undefined, projectId: number): boolean {
  return (
    signedInUserId(caller) !== undefined && (grantsIn(caller, projectId)?.createPipeline ?? false)
  )
}

/** read_pipeline: without it a request's pipelines list is empty (PipelinesForMergeRequestFinder). */
export function canReadPipelines(caller: Caller | undefined, projectId: number): boolean {
  return grantsIn(caller, projectId)?.readPipeline ?? false
}

/** admin_milestone (creating one), else 403. */
export function requireAdminMilestone(caller: Caller | undefined, projectId: number): void {
  if (!requireProjectGrants(caller, projectId).adminMilestone) throw new ForbiddenError()
}

/** read_milestone (listing them), else 403. */
export function requireReadMilestone(caller: Caller | undefined, projectId: number): void {
  if (!requireProjectGrants(caller, projectId).readMilestone) throw new ForbiddenError()
}

/** read_label (listing them), else 403. */
export function requireReadLabel(caller: Caller | undefined, projectId: number): void {
  if (!requireProjectGrants(caller, projectId).readLabel) throw new ForbiddenError()
}

/** is_project_member in the project acted on: any membership, inherited ones included. */
export function isProjectMember(caller: Caller | undefined, projectId: number): boolean {
  const grants = grantsIn(caller, projectId)
  return grants !== undefined && isMember(grants)
}
