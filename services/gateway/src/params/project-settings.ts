import { badParameters } from '../errors/http-error.js'
import { p } from './coercions.js'
import { MESSAGES, Param } from './param.js'
import type { ParamRule, ParamShape } from './parse-params.js'
import { avatarParam } from './project-avatar.js'
import { FEATURE_ACCESS_LEVEL_FIELDS, FEATURE_BOOLEANS, FLAGS } from './project-features.js'

export const VISIBILITIES = ['private', 'internal', 'public']

const accessLevelParams: ParamShape = Object.fromEntries(
  Object.values(FEATURE_ACCESS_LEVEL_FIELDS).map(({ name, words }) => [
    name,
    p.string().values([...words]),
  ]),
)
const flagParams: ParamShape = Object.fromEntries(FLAGS.map((name) => [name, p.bool()]))
const featureBooleanParams: ParamShape = Object.fromEntries(
  Object.keys(FEATURE_BOOLEANS).map((name) => [name, p.bool()]),
)

/** A hash parameter whose values are read where they are used. */
function anyHash(): Param<Record<string, unknown>, false> {
  return new Param<Record<string, unknown>>(
    (raw) =>
      typeof raw === 'object' && raw !== null && !Array.isArray(raw)
        ? { ok: true, value: raw as Record<string, unknown> }
        : { ok: false, message: MESSAGES.invalid },
    true,
  )
}

/** lib/api/helpers/projects_helpers.rb optional_project_params_ce, as far as they are kept. */
const settingsParams = {
  description: p.string(),
  visibility: p.string().values(VISIBILITIES),
  topics: p.array(p.string(), { commaSeparated: true }),
  tag_list: p.array(p.string(), { commaSeparated: true }),
  merge_method: p.string().values(['merge', 'rebase_merge', 'ff']),
  squash_option: p.string().values(['never', 'always', 'default_on', 'default_off']),
  ci_config_path: p.string(),
  build_timeout: p.int32(),
  ci_default_git_depth: p.int32(),
  suggestion_commit_message: p.string(),
  merge_commit_template: p.string(),
  squash_commit_template: p.string(),
  issue_branch_template: p.string(),
  auto_cancel_pending_pipelines: p.string().values(['disabled', 'enabled']),
  auto_devops_deploy_strategy: p.string().values(['continuous', 'manual', 'timed_incremental']),
  approvals_before_merge: p.int32(),
  external_authorization_classification_label: p.string(),
  emails_disabled: p.bool(),
  public_builds: p.bool(),
  import_url: p.string(),
  ci_pipeline_variables_minimum_override_role: p
    .string()
    .values(['no_one_allowed', 'developer', 'maintainer', 'owner']),
  ci_id_token_sub_claim_components: p.array(p.string()),
  container_expiration_policy_attributes: anyHash(),
  build_git_strategy: p.string().values(['fetch', 'clone']),
  max_artifacts_size: p.int32(),
  ci_delete_pipelines_in_seconds: p.int32(),
  mirror_user_id: p.int(),
  repository_storage: p.string(),
  avatar: avatarParam(),
  ...accessLevelParams,
  ...flagParams,
  ...featureBooleanParams,
}

/** POST /projects and POST /projects/user/:user_id. */
export const createParams = {
  name: p.string(),
  path: p.string(),
  namespace_id: p.int(),
  default_branch: p.string(),
  initialize_with_readme: p.bool().default(false),
  repository_object_format: p.string().values(['sha1', 'sha256']),
  template_name: p.string(),
  template_project_id: p.int(),
  ...settingsParams,
}

/** lib/api/projects.rb create_params: one source of repository contents at most. */
export const createRules: readonly ParamRule[] = [
  { kind: 'mutually_exclusive', names: ['import_url', 'template_name', 'template_project_id'] },
]

/** PUT /projects/:id. */
export const updateParams = {
  name: p.string(),
  path: p.string(),
  default_branch: p.string(),
  ...settingsParams,
}

/**
 * A README commit and an import or a template both fill the repository:
 * GitLab fails such a project later ("not a git repository"); it is refused
 * up front here.
 */
export function refuseReadmeWithOtherContent(params: {
  initialize_with_readme: boolean
  import_url?: string | undefined
  template_name?: string | undefined
  template_project_id?: number | undefined
}): void {
  if (!params.initialize_with_readme) return
  if (params.import_url) {
    throw badParameters(['import_url, initialize_with_readme are mutually exclusive'])
  }
  if (params.template_name || params.template_project_id !== undefined) {
    throw badParameters(['template_name, initialize_with_readme are mutually exclusive'])
  }
}
