/**
 * The job token scope API (lib/api/project_job_token_scope.rb;
 * Ci::JobTokenScope::Add*Service, Remove*Service): a project's switch and
 * its project and group allowlists, for callers with admin_job_token_scope.
 */
import { InvalidError, NotFoundError, RecordNotFoundError } from '@suite/runtime'
import type { Caller } from './caller.js'
import { requireAbility } from './policy.js'
import type { GroupReach } from './ports.js'
import type { JobTokenScopeStore } from './runner-ports.js'

/** EditScopeValidations::TARGET_GROUP_UNAUTHORIZED_OR_UNFOUND */
const GROUP_UNREADABLE =
  "The target_group that you are attempting to access does not exist or you don't have permission to perform this action"

/** GitLab's bad_request!(reason) text. */
function badRequest(reason: string): string {
  return `400 Bad request - ${reason}`
}

/** GET /projects/:id/job_token_scope: inbound_enabled. */
export async function inboundEnabled(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
): Promise<boolean> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  return (await scope.inbound(projectId)).enabled
}

/** PATCH /projects/:id/job_token_scope {enabled}. */
export async function setInboundEnabled(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
  enabled: boolean,
): Promise<void> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  await scope.setInboundEnabled(projectId, enabled)
}

/** GET /projects/:id/job_token_scope/allowlist: the allowed projects (the project itself aside). */
export async function listAllowlist(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
): Promise<number[]> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  return scope.allowlist(projectId)
}

/**
 * POST .../allowlist: `targetProjectId`'s jobs may reach the project. The
 * caller must be able to read the target too (checked by the caller of this,
 * which asks projects); adding the project itself or one already there is 400.
 */
export async function addToAllowlist(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
  targetProjectId: number,
  targetReadable: boolean,
): Promise<void> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  if (!targetReadable) throw new RecordNotFoundError()
  if (targetProjectId === projectId) {
    throw new InvalidError({}, 'Source project cannot be the target project')
  }
  if (!(await scope.addToAllowlist(projectId, targetProjectId))) {
    throw new InvalidError({}, 'Target project is already in the job token scope')
  }
}

/** DELETE .../allowlist/:target_project_id: 404 when it is not there. */
export async function removeFromAllowlist(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
  targetProjectId: number,
): Promise<void> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  if (!(await scope.removeFromAllowlist(projectId, targetProjectId))) {
    throw new RecordNotFoundError()
  }
}

/** GET .../groups_allowlist. */
export async function listGroupsAllowlist(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
): Promise<number[]> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  return scope.groupAllowlist(projectId)
}

/**
 * POST .../groups_allowlist: the projects in `groupId` and below may reach
 * the project. A group that does not exist is 404 `target_group_id not
 * found`; one the caller may not read, or one already there, is 400.
 */
export async function addGroupToAllowlist(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
  groupId: number,
  reach: GroupReach,
): Promise<void> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  if (reach === 'missing') throw new NotFoundError('target_group_id not found')
  if (reach === 'hidden') throw new InvalidError({}, badRequest(GROUP_UNREADABLE))
  if (!(await scope.addGroupToAllowlist(projectId, groupId))) {
    throw new InvalidError({}, badRequest('This group is already in the job token allowlist.'))
  }
}

/** DELETE .../groups_allowlist/:target_group_id: 400 when it is not there. */
export async function removeGroupFromAllowlist(
  scope: JobTokenScopeStore,
  caller: Caller,
  projectId: number,
  groupId: number,
  exists: boolean,
): Promise<void> {
  requireAbility(caller, projectId, 'adminJobTokenScope')
  if (!exists) throw new NotFoundError('target_group_id not found')
  if (!(await scope.removeGroupFromAllowlist(projectId, groupId))) {
    throw new InvalidError({}, badRequest('Target group is not in the job token scope'))
  }
}
