import { refMatchesPattern } from './ref-wildcard.js'

/** GitLab's ProtectedRefAccess levels: No one, Developers + Maintainers, Maintainers, Admins. */
export const PROTECTED_ACCESS_LEVELS = [0, 30, 40, 60] as const

export type ProtectedAccessLevel = (typeof PROTECTED_ACCESS_LEVELS)[number]

export function isProtectedAccessLevel(value: number): value is ProtectedAccessLevel {
  return (PROTECTED_ACCESS_LEVELS as readonly number[]).includes(value)
}

/** ProtectedRefAccess#humanize. */
export function accessLevelDescription(level: ProtectedAccessLevel): string {
  switch (level) {
    case 0:
      return 'No one'
    case 30:
      return 'Developers + Maintainers'
    case 40:
      return 'Maintainers'
    case 60:
      return 'Admins'
  }
}

/** One protected branch rule (GitLab's ProtectedBranch with one access level per action). */
export interface ProtectedBranch {
  id: number
  projectId: number
  /** A branch name, or a pattern where `*` stands for any characters. */
  name: string
  pushAccessLevel: ProtectedAccessLevel
  mergeAccessLevel: ProtectedAccessLevel
  unprotectAccessLevel: ProtectedAccessLevel
  allowForcePush: boolean
  codeOwnerApprovalRequired: boolean
}

/** The rule GitLab's default branch protection creates: Maintainers push and merge. */
export const DEFAULT_BRANCH_PROTECTION = {
  pushAccessLevel: 40,
  mergeAccessLevel: 40,
  unprotectAccessLevel: 40,
  allowForcePush: false,
  codeOwnerApprovalRequired: false,
} as const satisfies Omit<ProtectedBranch, 'id' | 'projectId' | 'name'>

/** Every rule that applies to `branch` (GitLab's ProtectedBranch.matching). */
export function matchingRules<T extends Pick<ProtectedBranch, 'name'>>(
  rules: readonly T[],
  branch: string,
): T[] {
  return rules.filter((rule) => refMatchesPattern(rule.name, branch))
}

/** ProtectedBranch.allow_force_push?: any rule that applies allows it. */
export function allowsForcePush(
  rules: readonly Pick<ProtectedBranch, 'name' | 'allowForcePush'>[],
  branch: string,
): boolean {
  return matchingRules(rules, branch).some((rule) => rule.allowForcePush)
}

/** ProtectedBranch.developers_can?(:push | :merge): a rule that applies gives Developers the action. */
export function developersCan(
  rules: readonly ProtectedBranch[],
  branch: string,
  action: 'push' | 'merge',
): boolean {
  return matchingRules(rules, branch).some(
    (rule) => (action === 'push' ? rule.pushAccessLevel : rule.mergeAccessLevel) === 30,
  )
}

/** What a rule is saved with. */
export type ProtectedBranchValues = Omit<ProtectedBranch, 'id' | 'projectId' | 'name'>
