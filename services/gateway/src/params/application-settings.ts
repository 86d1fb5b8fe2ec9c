import { p } from './coercions.js'

const VISIBILITIES = ['private', 'internal', 'public']

const BOOLEANS = [
  'signup_enabled',
  'require_admin_approval_after_user_signup',
  'send_user_confirmation_email',
  'password_authentication_enabled_for_web',
  'password_authentication_enabled_for_git',
  'gravatar_enabled',
  'user_oauth_applications',
  'user_default_external',
  'project_export_enabled',
  'mirror_available',
  'shared_runners_enabled',
  'auto_devops_enabled',
  'usage_ping_enabled',
  'plantuml_enabled',
  'hashed_storage_enabled',
  'allow_local_requests_from_web_hooks_and_services',
  'allow_local_requests_from_system_hooks',
  'dns_rebinding_protection_enabled',
  'domain_denylist_enabled',
  'throttle_unauthenticated_api_enabled',
  'throttle_authenticated_api_enabled',
  'throttle_unauthenticated_web_enabled',
  'throttle_authenticated_web_enabled',
] as const

const INTEGERS = [
  'default_projects_limit',
  'max_attachment_size',
  'max_import_size',
  'max_export_size',
  'max_artifacts_size',
  'session_expire_delay',
  'default_branch_protection',
  'default_project_creation',
  'diff_max_patch_bytes',
  'diff_max_files',
  'diff_max_lines',
  'throttle_unauthenticated_api_requests_per_period',
  'throttle_unauthenticated_api_period_in_seconds',
  'throttle_authenticated_api_requests_per_period',
  'throttle_authenticated_api_period_in_seconds',
  'throttle_unauthenticated_web_requests_per_period',
  'throttle_unauthenticated_web_period_in_seconds',
  'throttle_authenticated_web_requests_per_period',
  'throttle_authenticated_web_period_in_seconds',
  'terminal_max_session_time',
  'container_registry_token_expire_delay',
  'local_markdown_version',
] as const

const STRINGS = [
  'after_sign_out_path',
  'home_page_url',
  'sign_in_text',
  'help_page_text',
  'default_branch_name',
  'default_ci_config_path',
] as const

const VISIBILITY_SETTINGS = [
  'default_project_visibility',
  'default_snippet_visibility',
  'default_group_visibility',
] as const

const LISTS = [
  'restricted_visibility_levels',
  'import_sources',
  'outbound_local_requests_whitelist',
  'domain_allowlist',
  'domain_denylist',
] as const

function shapeOf<const N extends string, P>(names: readonly N[], param: () => P) {
  return Object.fromEntries(names.map((name) => [name, param()])) as Record<N, P>
}

/**
 * PUT /application/settings' parameters (lib/api/settings.rb), by GitLab's
 * types: garbage is `<name> is invalid`, a visibility or an import source
 * GitLab does not know `does not have a valid value`.
 */
export const applicationSettingParams = {
  ...shapeOf(BOOLEANS, () => p.bool()),
  ...shapeOf(INTEGERS, () => p.int32()),
  ...shapeOf(STRINGS, () => p.string()),
  ...shapeOf(VISIBILITY_SETTINGS, () => p.string().values(VISIBILITIES)),
  ...shapeOf(LISTS, () => p.array(p.string(), { commaSeparated: true })),
}
