import { ForbiddenError, PreconditionError, UnauthenticatedError } from '@suite/runtime'
import {
  developersCan,
  matchingRules,
  type ProtectedBranch,
} from '../../domain/protected-branch.js'
import { branchAccess, type ProtectedRefActor } from '../../domain/protected-branch-policy.js'
import { badRequest } from './errors.js'
import type { ProtectedBranchRules } from './ports.js'

/** What the protected branch rules say of a branch, for one caller. */
export interface BranchProtection {
  protected: boolean
  developersCanPush: boolean
  developersCanMerge: boolean
  canPush: boolean
  canMerge: boolean
  /** A push that rewrites it (a rebase). */
  canForcePush: boolean
}

/** The Branch entity's protected, developers_can_push/merge and can_push for one caller. */
export function protectionOf(
  rules: readonly ProtectedBranch[],
  branch: string,
  actor: ProtectedRefActor,
): BranchProtection {
  const access = branchAccess(rules, branch, actor)
  return {
    protected: access.protected,
    developersCanPush: developersCan(rules, branch, 'push'),
    developersCanMerge: developersCan(rules, branch, 'merge'),
    canPush: access.canPush,
    // UserAccess#can_update_branch?: those who may push may merge too.
    canMerge: access.canPush || access.canMerge,
    canForcePush: access.canForcePush,
  }
}

/** GitLab's refusals of a rebase (authorize_push_to_merge_request!, permits_force_push?). */
export const REBASE_REFUSALS = {
  cannotPush: 'Cannot push to source branch',
  forcePushProtected: 'Source branch is protected from force push',
} as const

/** A rebase rewrites the branch: the caller must push to it, and force-push if it is protected. */
export async function requireForcePushTo(
  store: ProtectedBranchRules,
  projectId: number,
  branch: string,
  actor: ProtectedRefActor,
): Promise<void> {
  const access = branchAccess(await store.list(projectId), branch, actor)
  if (!access.canPush) throw new ForbiddenError(REBASE_REFUSALS.cannotPush, 'cannot_push')
  if (!access.canForcePush) {
    throw new ForbiddenError(REBASE_REFUSALS.forcePushProtected, 'force_push_protected')
  }
}

/**
 * A push allowed through a fork's merge request that allows collaboration
 * (UserAccess#can_push_to_branch? by branch_allows_collaboration?): a
 * protected branch still takes its rules, which a collaborator, no member of
 * the fork, never meets.
 */
export async function requireCollaboratorPushTo(
  store: ProtectedBranchRules,
  projectId: number,
  branch: string,
): Promise<void> {
  if (matchingRules(await store.list(projectId), branch).length > 0) {
    throw new ForbiddenError(REBASE_REFUSALS.cannotPush, 'cannot_push')
  }
}

/**
 * Commits::CreateService#validate_permissions!: the commits and files APIs
 * write to a branch only when the caller may push to it.
 */
export async function requirePushToBranch(
  store: ProtectedBranchRules,
  projectId: number,
  branch: string,
  actor: ProtectedRefActor,
): Promise<void> {
  const access = branchAccess(await store.list(projectId), branch, actor)
  if (!access.canPush) throw badRequest('You are not allowed to push into this branch')
}

/**
 * API::Helpers#authorize_push_to_branch! (cherry-pick, revert): 403 with
 * GitLab's forbidden! text when the caller may not push to the branch.
 */
export async function authorizePushToBranch(
  store: ProtectedBranchRules,
  projectId: number,
  branch: string,
  actor: ProtectedRefActor,
): Promise<void> {
  const access = branchAccess(await store.list(projectId), branch, actor)
  if (!access.canPush) {
    throw new PreconditionError(
      '403 Forbidden - You are not allowed to push into this branch',
      'forbidden',
    )
  }
}

/**
 * Branches::DeleteService: a protected branch is deleted by those who may
 * delete protected branches (Maintainers), else 405.
 */
export async function requireDeleteBranch(
  store: ProtectedBranchRules,
  projectId: number,
  branch: string,
  actor: ProtectedRefActor,
): Promise<void> {
  const access = branchAccess(await store.list(projectId), branch, actor)
  if (!access.canDelete) {
    throw new PreconditionError('You dont have access to delete the branch', 'method_not_allowed')
  }
}

/**
 * MergeRequest#can_be_merged_by? for a protected target: the caller may merge
 * or push to it (UserAccess#can_update_branch?), else the merge API's
 * `unauthorized!` (401). An unprotected target is push_code, which the merge
 * requests service checked.
 */
export async function requireMergeInto(
  store: ProtectedBranchRules,
  projectId: number,
  branch: string,
  actor: ProtectedRefActor,
): Promise<void> {
  const access = branchAccess(await store.list(projectId), branch, actor)
  if (access.protected && !access.canPush && !access.canMerge) throw new UnauthenticatedError()
}
