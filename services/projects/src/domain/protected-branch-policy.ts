import { AccessLevel } from '@suite/proto'
import {
  allowsForcePush,
  matchingRules,
  type ProtectedAccessLevel,
  type ProtectedBranch,
} from './protected-branch.js'

/**
 * The caller as protected branches see it: the abilities the project policy
 * answered (push_code, push_to_delete_protected_branch), the effective level
 * and whether they are an administrator.
 */
export interface ProtectedRefActor {
  admin: boolean
  accessLevel: AccessLevel
  pushCode: boolean
  /** push_to_delete_protected_branch (Maintainers). */
  pushToProtectedBranch: boolean
}

/** What one caller may do to one branch, under the rules that apply to it. */
export interface BranchAccess {
  protected: boolean
  canPush: boolean
  canMerge: boolean
  /** A push that is not a fast-forward. */
  canForcePush: boolean
  /** Deleting it through the API (git push never deletes a protected branch). */
  canDelete: boolean
}

/**
 * ProtectedRefAccess#check_access for a role level: No one is nobody,
 * Admins only administrators, the member levels the caller's membership from
 * that level up (an administrator counts as Owner).
 */
export function meetsAccessLevel(actor: ProtectedRefActor, level: ProtectedAccessLevel): boolean {
  if (level === 0) return false
  if (level === 60) return actor.admin
  return actor.admin || actor.accessLevel.valueOf() >= level
}

/**
 * UserAccess#can_push_to_branch?, #can_merge_to_branch? and #can_delete_branch?:
 * push_code first; a protected branch then takes one rule that applies and
 * lets the caller's level do the action (GitLab allows when any access
 * level of any matching rule allows); a force push also takes a rule that
 * allows force pushes; deletion of a protected branch takes Maintainer.
 */
export function branchAccess(
  rules: readonly ProtectedBranch[],
  branch: string,
  actor: ProtectedRefActor,
): BranchAccess {
  const matching = matchingRules(rules, branch)
  const isProtected = matching.length > 0
  if (!actor.pushCode) {
    return {
      protected: isProtected,
      canPush: false,
      canMerge: false,
      canForcePush: false,
      canDelete: false,
    }
  }
  if (!isProtected) {
    return { protected: false, canPush: true, canMerge: true, canForcePush: true, canDelete: true }
  }
  const canPush = matching.some((rule) => meetsAccessLevel(actor, rule.pushAccessLevel))
  return {
    protected: true,
    canPush,
    canMerge: matching.some((rule) => meetsAccessLevel(actor, rule.mergeAccessLevel)),
    canForcePush: canPush && allowsForcePush(matching, branch),
    canDelete: actor.pushToProtectedBranch,
  }
}
