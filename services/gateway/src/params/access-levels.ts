import { AccessLevel } from '@suite/proto'

/**
 * Gitlab::Access.all_values, what `min_access_level` takes: minimal access,
 * guest, planner, reporter, developer, maintainer, owner.
 */
export const MEMBER_ACCESS_LEVELS: readonly number[] = [
  AccessLevel.ACCESS_LEVEL_MINIMAL,
  AccessLevel.ACCESS_LEVEL_GUEST,
  AccessLevel.ACCESS_LEVEL_PLANNER,
  AccessLevel.ACCESS_LEVEL_REPORTER,
  AccessLevel.ACCESS_LEVEL_DEVELOPER,
  AccessLevel.ACCESS_LEVEL_MAINTAINER,
  AccessLevel.ACCESS_LEVEL_OWNER,
]
