import type { Caller } from './caller.js'
import type { ErrorCollector } from './field-errors.js'
import type { ScalarSettings } from './project-settings.js'

/** Gitlab.config.repositories.storages: this installation has one storage. */
export const REPOSITORY_STORAGES = ['default']

type GivenSettings = Partial<Omit<ScalarSettings, 'containerExpirationPolicy'>>

/**
 * mirror_user_id and repository_storage are for administrators
 * (:change_repository_storage; EE drops mirror_user_id for others): a
 * non-administrator's values are dropped. An unknown storage fails Project's
 * inclusion validation ("is not included in the list").
 */
export function adminOnlySettings(
  caller: Caller,
  given: GivenSettings,
  errors: ErrorCollector,
): GivenSettings {
  if (!caller.admin) {
    return { ...given, mirrorUserId: undefined, repositoryStorage: undefined }
  }
  const storage = given.repositoryStorage
  if (storage !== undefined && !REPOSITORY_STORAGES.includes(storage)) {
    errors.add('repository_storage', 'is not included in the list')
  }
  return given
}
