import { AccessLevel } from '@suite/proto'

/** default_branch_protection_defaults as GitLab renders it. */
export interface BranchProtectionDefaultsJson {
  allowed_to_push: { access_level: AccessLevel }[]
  allowed_to_merge: { access_level: AccessLevel }[]
  allow_force_push: boolean
  code_owner_approval_required?: boolean
  developer_can_initial_push: boolean
}

function rule(
  push: AccessLevel,
  merge: AccessLevel,
  rest: Omit<BranchProtectionDefaultsJson, 'allowed_to_push' | 'allowed_to_merge'>,
): BranchProtectionDefaultsJson {
  return {
    allowed_to_push: [{ access_level: push }],
    allowed_to_merge: [{ access_level: merge }],
    ...rest,
  }
}

/** Gitlab::Access::BranchProtection#to_hash for the legacy levels 0-4. */
export function branchProtectionDefaults(level: number): BranchProtectionDefaultsJson {
  switch (level) {
    case 0:
      return rule(AccessLevel.ACCESS_LEVEL_DEVELOPER, AccessLevel.ACCESS_LEVEL_DEVELOPER, {
        allow_force_push: true,
        code_owner_approval_required: false,
        developer_can_initial_push: false,
      })
    case 1:
      return rule(AccessLevel.ACCESS_LEVEL_DEVELOPER, AccessLevel.ACCESS_LEVEL_MAINTAINER, {
        allow_force_push: false,
        developer_can_initial_push: false,
      })
    case 3:
      return rule(AccessLevel.ACCESS_LEVEL_MAINTAINER, AccessLevel.ACCESS_LEVEL_DEVELOPER, {
        allow_force_push: false,
        developer_can_initial_push: false,
      })
    case 4:
      return rule(AccessLevel.ACCESS_LEVEL_MAINTAINER, AccessLevel.ACCESS_LEVEL_MAINTAINER, {
        allow_force_push: false,
        code_owner_approval_required: false,
        developer_can_initial_push: true,
      })
    default:
      return rule(AccessLevel.ACCESS_LEVEL_MAINTAINER, AccessLevel.ACCESS_LEVEL_MAINTAINER, {
        allow_force_push: false,
        developer_can_initial_push: false,
      })
  }
}
