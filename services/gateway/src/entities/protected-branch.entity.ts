import type { ProtectedBranch } from '@suite/proto'

/** API::Entities::ProtectedRefAccess: one access level of a rule. */
export interface ProtectedRefAccessJson {
  id: number
  access_level: number
  access_level_description: string
  deploy_key_id: number | null
  user_id: number | null
  group_id: number | null
}

/** API::Entities::ProtectedBranch. */
export interface ProtectedBranchJson {
  id: number
  name: string
  push_access_levels: ProtectedRefAccessJson[]
  merge_access_levels: ProtectedRefAccessJson[]
  unprotect_access_levels: ProtectedRefAccessJson[]
  allow_force_push: boolean
  code_owner_approval_required: boolean
  inherited: boolean
}

/** ProtectedRefAccess#humanize. */
const DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: 'No one',
  30: 'Developers + Maintainers',
  40: 'Maintainers',
  60: 'Admins',
}

/**
 * One role access level per action: its id is the rule's (the suite keeps
 * the three levels on the rule's row, not as rows of their own).
 */
function access(id: number, level: number): ProtectedRefAccessJson[] {
  return [
    {
      id,
      access_level: level,
      access_level_description: DESCRIPTIONS[level] ?? 'No one',
      deploy_key_id: null,
      user_id: null,
      group_id: null,
    },
  ]
}

export function presentProtectedBranch(rule: ProtectedBranch): ProtectedBranchJson {
  return {
    id: rule.id,
    name: rule.name,
    push_access_levels: access(rule.id, rule.pushAccessLevel),
    merge_access_levels: access(rule.id, rule.mergeAccessLevel),
    unprotect_access_levels: access(rule.id, rule.unprotectAccessLevel),
    allow_force_push: rule.allowForcePush,
    code_owner_approval_required: rule.codeOwnerApprovalRequired,
    inherited: false,
  }
}
