import type {
  Caller,
  ContainerExpirationPolicyInput,
  ListProjectsRequest,
  PageRequest,
  ProjectSettingsInput,
  User,
} from '@suite/proto'
import { ADMIN, AUTHENTICATED, PUBLIC } from '../auth/abilities.js'
import type { Principal } from '../auth/principal.js'
import type { IdentityClients } from '../clients/identity.client.js'
import type { ProjectsClients } from '../clients/projects.client.js'
import { requireField } from '../clients/require-field.js'
import {
  presentProject,
  presentProjectSimple,
  projectRelatedIds,
  type ProjectView,
} from '../entities/project.entity.js'
import type { PresentContext } from '../entities/present-context.js'
import { badParameters, HttpError, notFound } from '../errors/http-error.js'
import { p, saturatingInteger } from '../params/coercions.js'
import { MESSAGES, Param } from '../params/param.js'
import type { ParamShape, ParamValues } from '../params/parse-params.js'
import type { ApiRouter } from './api-router.js'

const VISIBILITIES = ['private', 'internal', 'public']
/** Gitlab::Access.all_values */
const ACCESS_LEVELS = [5, 10, 15, 20, 30, 40, 50]
const ORDER_BY = [
  'id',
  'name',
  'path',
  'created_at',
  'updated_at',
  'star_count',
  'last_activity_at',
]

/** Features with an `<feature>_access_level` parameter. */
const FEATURES = [
  'analytics',
  'builds',
  'container_registry',
  'environments',
  'feature_flags',
  'forking',
  'infrastructure',
  'issues',
  'merge_requests',
  'model_experiments',
  'model_registry',
  'monitor',
  'package_registry',
  'pages',
  'releases',
  'repository',
  'requirements',
  'security_and_compliance',
  'snippets',
  'wiki',
]

/** Boolean settings taken as they are named. */
const FLAGS = [
  'lfs_enabled',
  'request_access_enabled',
  'only_allow_merge_if_pipeline_succeeds',
  'allow_merge_on_skipped_pipeline',
  'only_allow_merge_if_all_discussions_are_resolved',
  'only_allow_merge_if_all_status_checks_passed',
  'remove_source_branch_after_merge',
  'printing_merge_request_link_enabled',
  'resolve_outdated_diff_discussions',
  'autoclose_referenced_issues',
  'shared_runners_enabled',
  'group_runners_enabled',
  'public_jobs',
  'emails_enabled',
  'service_desk_enabled',
  'auto_devops_enabled',
  'packages_enabled',
  'keep_latest_artifact',
  'ci_forward_deployment_enabled',
  'ci_forward_deployment_rollback_allowed',
  'ci_allow_fork_pipelines_to_run_in_parent_project',
  'ci_separated_caches',
  'ci_job_token_scope_enabled',
  'ci_push_repository_for_job_token_allowed',
  'restrict_user_defined_variables',
  'enforce_auth_checks_on_uploads',
  'warn_about_potentially_unwanted_characters',
  'secret_push_protection_enabled',
  'mr_default_target_self',
  'allow_pipeline_trigger_approve_deployment',
  'mirror',
  'mirror_trigger_builds',
  'only_mirror_protected_branches',
  'mirror_overwrites_diverged_branches',
  'web_based_commit_signing_enabled',
]

/** The deprecated `<feature>_enabled` booleans (projects_helpers.rb) and their feature. */
const FEATURE_BOOLEANS: Readonly<Record<string, string>> = {
  issues_enabled: 'issues',
  merge_requests_enabled: 'merge_requests',
  jobs_enabled: 'builds',
  wiki_enabled: 'wiki',
  snippets_enabled: 'snippets',
  container_registry_enabled: 'container_registry',
}

const accessLevelParams: ParamShape = Object.fromEntries(
  FEATURES.map((feature) => [
    `${feature}_access_level`,
    p
      .string()
      .values(
        feature === 'pages' || feature === 'package_registry'
          ? ['disabled', 'private', 'enabled', 'public']
          : ['disabled', 'private', 'enabled'],
      ),
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

/** container_expiration_policy_attributes, read with GitLab's coercions. */
function policyInput(raw: unknown): ContainerExpirationPolicyInput | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const values = raw as Record<string, unknown>
  const text = (name: string) => {
    const value = values[name]
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined
  }
  const enabled = text('enabled')
  const keepN = text('keep_n')
  return {
    cadence: text('cadence'),
    enabled: enabled === undefined ? undefined : /^(true|t|1|yes|y|on)$/i.test(enabled),
    keepN: keepN === undefined || !/^\d+$/.test(keepN) ? undefined : Number(keepN),
    olderThan: text('older_than'),
    nameRegex: text('name_regex') ?? text('name_regex_delete'),
    nameRegexKeep: text('name_regex_keep'),
  }
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
  build_timeout: p.int(),
  ci_default_git_depth: p.int(),
  suggestion_commit_message: p.string(),
  merge_commit_template: p.string(),
  squash_commit_template: p.string(),
  issue_branch_template: p.string(),
  auto_cancel_pending_pipelines: p.string().values(['disabled', 'enabled']),
  auto_devops_deploy_strategy: p.string().values(['continuous', 'manual', 'timed_incremental']),
  approvals_before_merge: p.int(),
  external_authorization_classification_label: p.string(),
  emails_disabled: p.bool(),
  public_builds: p.bool(),
  import_url: p.string(),
  ci_pipeline_variables_minimum_override_role: p
    .string()
    .values(['no_one_allowed', 'developer', 'maintainer', 'owner']),
  ci_id_token_sub_claim_components: p.array(p.string()),
  container_expiration_policy_attributes: anyHash(),
  ...accessLevelParams,
  ...flagParams,
  ...featureBooleanParams,
}

const createParams = {
  name: p.string(),
  path: p.string(),
  namespace_id: p.int(),
  default_branch: p.string(),
  initialize_with_readme: p.bool().default(false),
  ...settingsParams,
}

const updateParams = {
  name: p.string(),
  path: p.string(),
  default_branch: p.string(),
  ...settingsParams,
}

type Values = Readonly<Record<string, unknown>>

function stringValue(values: Values, name: string): string | undefined {
  const value = values[name]
  return typeof value === 'string' ? value : undefined
}

function boolValue(values: Values, name: string): boolean | undefined {
  const value = values[name]
  return typeof value === 'boolean' ? value : undefined
}

function intValue(values: Values, name: string): number | undefined {
  const value = values[name]
  return typeof value === 'number' ? value : undefined
}

/** The settings of a create or edit request, with GitLab's deprecated aliases folded in. */
export function settingsInput(values: Values): ProjectSettingsInput {
  const accessLevels: Record<string, string> = {}
  for (const [name, feature] of Object.entries(FEATURE_BOOLEANS)) {
    const value = boolValue(values, name)
    if (value !== undefined) accessLevels[feature] = value ? 'enabled' : 'disabled'
  }
  for (const feature of FEATURES) {
    const value = stringValue(values, `${feature}_access_level`)
    if (value !== undefined) accessLevels[feature] = value
  }
  const flags: Record<string, boolean> = {}
  const emailsDisabled = boolValue(values, 'emails_disabled')
  if (emailsDisabled !== undefined) flags['emails_enabled'] = !emailsDisabled
  const publicBuilds = boolValue(values, 'public_builds')
  if (publicBuilds !== undefined) flags['public_jobs'] = publicBuilds
  for (const name of FLAGS) {
    const value = boolValue(values, name)
    if (value !== undefined) flags[name] = value
  }
  const topics = (values['topics'] ?? values['tag_list']) as string[] | undefined
  return {
    name: stringValue(values, 'name'),
    path: stringValue(values, 'path'),
    description: stringValue(values, 'description'),
    visibility: stringValue(values, 'visibility'),
    defaultBranch: stringValue(values, 'default_branch'),
    topicsGiven: topics !== undefined,
    topics: topics ?? [],
    accessLevels,
    flags,
    mergeMethod: stringValue(values, 'merge_method'),
    squashOption: stringValue(values, 'squash_option'),
    ciConfigPath: stringValue(values, 'ci_config_path'),
    buildTimeout: intValue(values, 'build_timeout'),
    ciDefaultGitDepth: intValue(values, 'ci_default_git_depth'),
    suggestionCommitMessage: stringValue(values, 'suggestion_commit_message'),
    mergeCommitTemplate: stringValue(values, 'merge_commit_template'),
    squashCommitTemplate: stringValue(values, 'squash_commit_template'),
    issueBranchTemplate: stringValue(values, 'issue_branch_template'),
    autoCancelPendingPipelines: stringValue(values, 'auto_cancel_pending_pipelines'),
    autoDevopsDeployStrategy: stringValue(values, 'auto_devops_deploy_strategy'),
    approvalsBeforeMerge: intValue(values, 'approvals_before_merge'),
    externalAuthorizationClassificationLabel: stringValue(
      values,
      'external_authorization_classification_label',
    ),
    archived: undefined,
    ciPipelineVariablesMinimumOverrideRole: stringValue(
      values,
      'ci_pipeline_variables_minimum_override_role',
    ),
    ciIdTokenSubClaimComponentsGiven: values['ci_id_token_sub_claim_components'] !== undefined,
    ciIdTokenSubClaimComponents: (values['ci_id_token_sub_claim_components'] as string[]) ?? [],
    containerExpirationPolicy: policyInput(values['container_expiration_policy_attributes']),
  }
}

/** An ISO 8601 time (Grape DateTime); garbage is `<name> is invalid`. */
const dateTime = () => p.string().check((text) => !Number.isNaN(Date.parse(text)), MESSAGES.invalid)

function toDate(text: string | undefined): Date | undefined {
  return text === undefined ? undefined : new Date(text)
}

/** lib/api/projects.rb: the filters of GET /projects and GET /users/:user_id/projects. */
const listParams = {
  archived: p.bool(),
  id_after: p.int(),
  id_before: p.int(),
  last_activity_after: dateTime(),
  last_activity_before: dateTime(),
  membership: p.bool().default(false),
  min_access_level: p.int().values(ACCESS_LEVELS),
  order_by: p.string().values(ORDER_BY).default('created_at'),
  owned: p.bool().default(false),
  search: p.string(),
  search_namespaces: p.bool(),
  simple: p.bool().default(false),
  sort: p.string().values(['asc', 'desc']).default('desc'),
  starred: p.bool().default(false),
  statistics: p.bool().default(false),
  topic: p.array(p.string(), { commaSeparated: true }),
  topic_id: p.int(),
  updated_after: dateTime(),
  updated_before: dateTime(),
  visibility: p.string().values(VISIBILITIES),
  with_custom_attributes: p.bool().default(false),
  with_issues_enabled: p.bool().default(false),
  with_merge_requests_enabled: p.bool().default(false),
  with_programming_language: p.string(),
  imported: p.bool().default(false),
  active: p.bool(),
  pagination: p.string().values(['offset', 'keyset']),
}

type ListValues = ParamValues<typeof listParams>

function listRequest(
  caller: Caller,
  page: PageRequest,
  params: ListValues,
  userNamespaceOwnerId?: number,
): ListProjectsRequest {
  return {
    caller,
    page,
    archived: params.archived,
    idAfter: params.id_after,
    idBefore: params.id_before,
    lastActivityAfter: toDate(params.last_activity_after),
    lastActivityBefore: toDate(params.last_activity_before),
    membership: params.membership,
    minAccessLevel: params.min_access_level,
    orderBy: params.order_by,
    sort: params.sort,
    owned: params.owned,
    search: params.search,
    searchNamespaces: params.search_namespaces ?? false,
    starred: params.starred,
    topics: params.topic ?? [],
    topicId: params.topic_id,
    updatedAfter: toDate(params.updated_after),
    updatedBefore: toDate(params.updated_before),
    visibility: params.visibility,
    withIssuesEnabled: params.with_issues_enabled,
    withMergeRequestsEnabled: params.with_merge_requests_enabled,
    active: params.active,
    userNamespaceOwnerId,
    keyset: params.pagination === 'keyset',
  }
}

/**
 * Keyset pagination (`pagination=keyset`) is GitLab's for order_by=id only;
 * other orders answer 405 as Gitlab::Pagination::Keyset's unsupported case.
 */
function checkKeyset(params: ListValues): void {
  if (params.pagination === 'keyset' && params.order_by !== 'id') {
    throw new HttpError(405, {
      error: 'Keyset pagination is not yet available for this type of request',
    })
  }
}

/** lib/api/projects.rb validate_updated_at_order_and_filter! */
function checkUpdatedAtOrder(params: ListValues): void {
  const filtered = params.updated_after !== undefined || params.updated_before !== undefined
  if (filtered && params.order_by !== 'updated_at') {
    throw new HttpError(400, {
      message: '400 Bad request - `updated_at` filter and `updated_at` sorting must be paired',
    })
  }
}

async function listProjects(
  projects: ProjectsClients,
  principal: Principal,
  caller: Caller,
  page: PageRequest,
  params: ListValues,
  userNamespaceOwnerId?: number,
) {
  checkKeyset(params)
  checkUpdatedAtOrder(params)
  // GitLab's with_programming_language and imported filters: no language
  // detection or imports here, so they match nothing.
  if (params.with_programming_language !== undefined || params.imported) {
    return { items: [], total: 0 }
  }
  const answer = await projects.projects.read.listProjects(
    listRequest(caller, page, params, userNamespaceOwnerId),
  )
  const simple = params.simple || !principal.user
  const items: (ProjectView & { simple: boolean })[] = answer.projects.map((project) => ({
    project,
    statistics: params.statistics,
    simple,
  }))
  if (params.pagination === 'keyset') {
    const next =
      answer.nextCursor === undefined
        ? undefined
        : { [params.sort === 'asc' ? 'id_after' : 'id_before']: answer.nextCursor }
    return { items, total: 0, keyset: { next } }
  }
  return { items, total: answer.pageInfo?.total ?? items.length }
}

function presentListed(view: ProjectView & { simple: boolean }, ctx: PresentContext) {
  return view.simple ? presentProjectSimple(view, ctx) : presentProject(view, ctx)
}

/**
 * A README commit and an import both fill the repository: GitLab fails such
 * a project later ("not a git repository"); it is refused up front here.
 */
function refuseReadmeWithImport(params: {
  initialize_with_readme: boolean
  import_url?: string | undefined
}): void {
  if (params.initialize_with_readme && params.import_url) {
    throw badParameters(['import_url, initialize_with_readme are mutually exclusive'])
  }
}

/** `:user_id` of /users/:user_id/projects: an id or a username; 404 User Not Found. */
async function findUser(identity: IdentityClients, caller: Caller, id: string): Promise<User> {
  if (/^\d+$/.test(id)) {
    const { users } = await identity.users.read.batchGetUsers({ ids: [saturatingInteger(id)] })
    const user = users[0]
    if (user) return user
    throw notFound('User')
  }
  const { users } = await identity.users.read.listUsers({
    caller,
    page: { page: 1, perPage: 1 },
    username: id,
    orderBy: 'id',
    sort: 'asc',
    excludeInternal: false,
    search: undefined,
    active: undefined,
    blocked: undefined,
    external: undefined,
    admins: undefined,
    externUid: undefined,
    provider: undefined,
  })
  const user = users.find((candidate) => candidate.username.toLowerCase() === id.toLowerCase())
  if (!user) throw notFound('User')
  return user
}

/** lib/api/projects.rb: read, list, create and edit projects. */
export function projectRoutes(
  api: ApiRouter,
  identity: IdentityClients,
  projects: ProjectsClients,
): void {
  api.list('/projects', {
    ability: PUBLIC,
    params: listParams,
    handle: ({ principal, caller, page, params }) =>
      listProjects(projects, principal, caller, page, params),
    present: presentListed,
    related: projectRelatedIds,
  })

  api.list('/users/:user_id/projects', {
    ability: PUBLIC,
    params: { ...listParams, user_id: p.string().required() },
    handle: async ({ principal, caller, page, params }) => {
      const user = await findUser(identity, caller, params.user_id)
      const self = principal.user?.id === user.id
      if (user.privateProfile && !self && !principal.user?.admin) {
        return { items: [], total: 0 }
      }
      return listProjects(projects, principal, caller, page, params, user.id)
    },
    present: presentListed,
    related: projectRelatedIds,
  })

  api.get('/projects/:id', {
    ability: PUBLIC,
    resolve: 'project',
    params: {
      license: p.bool().default(false),
      statistics: p.bool().default(false),
      with_custom_attributes: p.bool().default(false),
    },
    handle: ({ principal, project, params }) =>
      Promise.resolve<ProjectView & { simple: boolean }>({
        project,
        statistics: params.statistics,
        license: params.license,
        // An anonymous caller of a public project sees BasicProjectDetails.
        simple: !principal.user,
      }),
    present: presentListed,
    related: projectRelatedIds,
  })

  api.post('/projects', {
    ability: AUTHENTICATED,
    params: createParams,
    rules: [{ kind: 'at_least_one_of', names: ['name', 'path'] }],
    handle: async ({ caller, params }) => {
      refuseReadmeWithImport(params)
      const { project } = await projects.projects.write.createProject({
        caller,
        settings: settingsInput(params),
        namespaceId: params.namespace_id,
        forUserId: undefined,
        initializeWithReadme: params.initialize_with_readme,
        importUrl: params.import_url,
      })
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })

  api.post('/projects/user/:user_id', {
    ability: ADMIN,
    // lib/api/projects.rb: `requires :name` on this endpoint.
    params: { user_id: p.int().required(), ...createParams, name: p.string().required() },
    handle: async ({ caller, params }) => {
      refuseReadmeWithImport(params)
      const { users } = await identity.users.read.batchGetUsers({ ids: [params.user_id] })
      if (!users[0]) throw notFound('User')
      const { project } = await projects.projects.write.createProject({
        caller,
        settings: settingsInput(params),
        namespaceId: params.namespace_id,
        forUserId: params.user_id,
        initializeWithReadme: params.initialize_with_readme,
        importUrl: params.import_url,
      })
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })

  api.put('/projects/:id', {
    ability: AUTHENTICATED,
    resolve: 'project',
    params: updateParams,
    rules: [
      {
        kind: 'at_least_one_of',
        names: Object.keys(updateParams),
      },
    ],
    handle: async ({ caller, params, project: current }) => {
      const { project } = await projects.projects.write.updateProject({
        caller,
        id: current.id,
        settings: settingsInput(params),
        importUrl: params.import_url,
      })
      return { project: requireField(project, 'project') }
    },
    present: presentProject,
    related: projectRelatedIds,
  })
}
