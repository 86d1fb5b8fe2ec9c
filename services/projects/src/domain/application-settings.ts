/**
 * The instance's settings (GitLab's ApplicationSetting, as
 * API::Entities::ApplicationSetting shows it): GitLab's defaults for the
 * free edition, the values administrators set over them, and the model's
 * rules for those values. Settings this suite acts on are read through
 * `settingOf`; the others are kept and shown as GitLab does.
 */
import { ForbiddenError, InvalidError, type FieldErrors, type VisibilityName } from '@suite/runtime'
import { isValidNewRefName } from '../repository/domain/ref-names.js'
import type { Caller } from './caller.js'
import { ErrorCollector } from './field-errors.js'
import type { ApplicationSettingsStore } from './ports.js'

const VISIBILITIES = ['private', 'internal', 'public'] as const

/** GitLab's defaults (ApplicationSettingImplementation.defaults, free edition). */
export const APPLICATION_SETTING_DEFAULTS = {
  default_projects_limit: 100000,
  signup_enabled: true,
  require_admin_approval_after_user_signup: true,
  send_user_confirmation_email: false,
  password_authentication_enabled_for_web: true,
  password_authentication_enabled_for_git: true,
  gravatar_enabled: true,
  user_oauth_applications: true,
  user_default_external: false,
  after_sign_out_path: null as string | null,
  home_page_url: null as string | null,
  sign_in_text: null as string | null,
  help_page_text: null as string | null,
  max_attachment_size: 100,
  max_import_size: 0,
  max_export_size: 0,
  max_artifacts_size: 100,
  session_expire_delay: 10080,
  default_project_visibility: 'private' as VisibilityName,
  default_snippet_visibility: 'private' as VisibilityName,
  default_group_visibility: 'private' as VisibilityName,
  restricted_visibility_levels: [] as string[],
  default_branch_name: null as string | null,
  default_branch_protection: 2,
  default_project_creation: 2,
  default_ci_config_path: null as string | null,
  import_sources: [
    'github',
    'bitbucket',
    'bitbucket_server',
    'fogbugz',
    'git',
    'gitlab_project',
    'gitea',
    'manifest',
  ] as string[],
  project_export_enabled: true,
  mirror_available: true,
  shared_runners_enabled: true,
  auto_devops_enabled: true,
  usage_ping_enabled: true,
  plantuml_enabled: false,
  hashed_storage_enabled: true,
  allow_local_requests_from_web_hooks_and_services: false,
  allow_local_requests_from_system_hooks: true,
  dns_rebinding_protection_enabled: true,
  outbound_local_requests_whitelist: [] as string[],
  domain_allowlist: [] as string[],
  domain_denylist_enabled: false,
  domain_denylist: [] as string[],
  diff_max_patch_bytes: 204800,
  diff_max_files: 1000,
  diff_max_lines: 50000,
  throttle_unauthenticated_api_enabled: false,
  throttle_unauthenticated_api_requests_per_period: 3600,
  throttle_unauthenticated_api_period_in_seconds: 3600,
  throttle_authenticated_api_enabled: false,
  throttle_authenticated_api_requests_per_period: 7200,
  throttle_authenticated_api_period_in_seconds: 3600,
  throttle_unauthenticated_web_enabled: false,
  throttle_unauthenticated_web_requests_per_period: 3600,
  throttle_unauthenticated_web_period_in_seconds: 3600,
  throttle_authenticated_web_enabled: false,
  throttle_authenticated_web_requests_per_period: 7200,
  throttle_authenticated_web_period_in_seconds: 3600,
  terminal_max_session_time: 0,
  container_registry_token_expire_delay: 5,
  local_markdown_version: 0,
}

export type ApplicationSettings = typeof APPLICATION_SETTING_DEFAULTS
export type SettingName = keyof ApplicationSettings

/** Integer settings the model bounds below (numericality greater_than_or_equal_to). */
const AT_LEAST: Partial<Record<SettingName, number>> = {
  default_projects_limit: 0,
  max_attachment_size: 1,
  max_import_size: 0,
  max_export_size: 0,
  max_artifacts_size: 1,
  session_expire_delay: 0,
  diff_max_patch_bytes: 102400,
  diff_max_files: 500,
  diff_max_lines: 1000,
  terminal_max_session_time: 0,
  container_registry_token_expire_delay: 1,
}

/** The stored values over the defaults: every setting has a value. */
export function applicationSettings(
  stored: Readonly<Record<string, unknown>>,
): ApplicationSettings {
  const settings: Record<string, unknown> = { ...APPLICATION_SETTING_DEFAULTS }
  for (const [name, value] of Object.entries(stored)) {
    if (name in APPLICATION_SETTING_DEFAULTS) settings[name] = value
  }
  return settings as ApplicationSettings
}

function isSetting(name: string): name is SettingName {
  return name in APPLICATION_SETTING_DEFAULTS
}

/**
 * The changes the model accepts, by name; unknown names are left out (the
 * gateway declares the parameters). A bounded integer below its bound, a
 * visibility GitLab does not know, or a default_branch_name git would refuse
 * is a field error in GitLab's words (a restricted default visibility is
 * checked against the stored settings: restrictedDefaultErrors).
 */
export function validateSettingChanges(
  changes: Readonly<Record<string, unknown>>,
): Partial<ApplicationSettings> {
  const accepted: Record<string, unknown> = {}
  const errors = new ErrorCollector()
  const add = (field: string, message: string) => errors.add(field, message)
  for (const [name, value] of Object.entries(changes)) {
    if (!isSetting(name) || value === undefined) continue
    const min = AT_LEAST[name]
    if (min !== undefined && typeof value === 'number' && value < min) {
      add(name, `must be greater than or equal to ${min}`)
    }
    if (name.endsWith('_visibility') && !(VISIBILITIES as readonly unknown[]).includes(value)) {
      add(name, 'is not included in the list')
    }
    accepted[name] = value
  }
  const branch: unknown = accepted['default_branch_name']
  if (typeof branch === 'string' && branch !== '' && !isValidNewRefName(branch)) {
    // It names every new repository's first branch: git must take it.
    add('default_branch_name', 'is invalid')
  }
  const restricted: unknown = accepted['restricted_visibility_levels']
  if (Array.isArray(restricted)) {
    for (const level of restricted) {
      if (!(VISIBILITIES as readonly unknown[]).includes(level)) {
        add('restricted_visibility_levels', `'${String(level)}' is not a valid visibility level`)
      }
    }
  }
  if (!errors.empty) throw new InvalidError(errors.toJSON())
  return accepted
}

/** The settings whose change re-checks that no default visibility is restricted. */
const VISIBILITY_RULE_INPUTS = [
  'default_project_visibility',
  'default_group_visibility',
  'restricted_visibility_levels',
] as const

/**
 * ApplicationSetting's exclusion rule: neither default visibility may be a
 * restricted level, or nobody but administrators could take the default.
 */
export function restrictedDefaultErrors(settings: ApplicationSettings): FieldErrors | undefined {
  const errors = new ErrorCollector()
  for (const name of ['default_project_visibility', 'default_group_visibility'] as const) {
    if (settings.restricted_visibility_levels.includes(settings[name])) {
      errors.add(name, 'cannot be set to a restricted visibility level')
    }
  }
  return errors.empty ? undefined : errors.toJSON()
}

/** API::Entities::ApplicationSetting: id, every setting, and the row's times. */
export async function readApplicationSettings(
  store: ApplicationSettingsStore,
  caller: Caller,
): Promise<Record<string, unknown>> {
  if (!caller.admin) throw new ForbiddenError()
  const { values, createdAt, updatedAt } = await store.stored()
  return {
    id: 1,
    ...applicationSettings(values),
    created_at: createdAt.toISOString(),
    updated_at: updatedAt.toISOString(),
  }
}

/** PUT /application/settings: admins only; nothing is kept unless every change is valid. */
export async function updateApplicationSettings(
  store: ApplicationSettingsStore,
  caller: Caller,
  changes: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  if (!caller.admin) throw new ForbiddenError()
  const accepted = validateSettingChanges(changes)
  if (VISIBILITY_RULE_INPUTS.some((name) => name in accepted)) {
    const merged = applicationSettings({ ...(await store.stored()).values, ...accepted })
    const errors = restrictedDefaultErrors(merged)
    if (errors) throw new InvalidError(errors)
  }
  if (Object.keys(accepted).length > 0) await store.update(accepted)
  return readApplicationSettings(store, caller)
}

/** The one setting a rule needs, with GitLab's default when none was set. */
export async function settingOf<N extends SettingName>(
  store: ApplicationSettingsStore,
  name: N,
): Promise<ApplicationSettings[N]> {
  return applicationSettings((await store.stored()).values)[name]
}

/**
 * Projects::CreateService#deny_visibility_level: a level the administrator
 * restricted is for administrators only; the message names the level.
 */
export function restrictedVisibilityError(
  settings: ApplicationSettings | undefined,
  caller: Caller,
  visibility: string,
): string | undefined {
  if (caller.admin || !settings?.restricted_visibility_levels.includes(visibility)) return undefined
  const level = visibility.charAt(0).toUpperCase() + visibility.slice(1)
  return `${level} has been restricted by your GitLab administrator`
}
