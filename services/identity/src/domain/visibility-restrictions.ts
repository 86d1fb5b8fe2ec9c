import type { VisibilityName } from '@suite/runtime'
import type { Caller } from './caller.js'
import type { GroupVisibilitySettings } from './ports.js'

/**
 * Gitlab::VisibilityLevel.allowed_for?: a level the administrator restricted
 * (restricted_visibility_levels) is for administrators only. The answer is
 * BaseService#deny_visibility_level's message naming the level, or undefined
 * when the caller may use it.
 */
export function restrictedVisibilityError(
  settings: Pick<GroupVisibilitySettings, 'restrictedVisibilityLevels'>,
  caller: Pick<Caller, 'admin'>,
  visibility: VisibilityName,
): string | undefined {
  if (caller.admin || !settings.restrictedVisibilityLevels.includes(visibility)) return undefined
  const level = visibility.charAt(0).toUpperCase() + visibility.slice(1)
  return `${level} has been restricted by your GitLab administrator`
}
