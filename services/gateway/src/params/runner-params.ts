import type { ListRunnersRequest, RunnerSettings } from '@suite/proto'
import type { ParamRule } from './parse-params.js'
import { p } from './coercions.js'

/** Ci::Runner.runner_types */
export const RUNNER_TYPES = ['instance_type', 'group_type', 'project_type'] as const

/** Ci::Runner::AVAILABLE_STATUSES_INCL_DEPRECATED */
const RUNNER_STATUSES = ['active', 'paused', 'online', 'offline', 'never_contacted', 'stale']

/** Ci::Runner.access_levels */
const ACCESS_LEVELS = ['not_protected', 'ref_protected']

/**
 * CommaSeparatedToArray: `tag_list=a, b` or `tag_list[]=a`; GitLab strips
 * each tag and drops blank ones.
 */
const tagList = () => p.array(p.string(), { commaSeparated: true })

export function cleanTags(tags: readonly string[]): string[] {
  return tags.map((tag) => tag.trim()).filter((tag) => tag !== '')
}

/** The settings a runner is created with or updated to (lib/api/user_runners.rb, ci/runners.rb). */
const settingParams = {
  description: p.string(),
  maintenance_note: p.string(),
  paused: p.bool(),
  locked: p.bool(),
  access_level: p.string().values(ACCESS_LEVELS),
  run_untagged: p.bool(),
  tag_list: tagList(),
  maximum_timeout: p.int32(),
}

/** POST /user/runners */
export const createRunnerParams = {
  runner_type: p
    .string()
    .required()
    .values([...RUNNER_TYPES]),
  group_id: p.int(),
  project_id: p.int(),
  ...settingParams,
}

/** PUT /runners/:id; `active` is the deprecated inverse of `paused`. */
export const updateRunnerParams = {
  id: p.int().required(),
  description: p.string(),
  active: p.bool(),
  paused: p.bool(),
  tag_list: tagList(),
  run_untagged: p.bool(),
  locked: p.bool(),
  access_level: p.string().values(ACCESS_LEVELS),
  maximum_timeout: p.int32(),
  maintenance_note: p.string(),
}

export const updateRunnerRules: readonly ParamRule[] = [
  {
    kind: 'at_least_one_of',
    names: [
      'description',
      'active',
      'paused',
      'tag_list',
      'run_untagged',
      'locked',
      'access_level',
      'maximum_timeout',
      'maintenance_note',
    ],
  },
  { kind: 'mutually_exclusive', names: ['active', 'paused'] },
]

interface SettingValues {
  description?: string | undefined
  maintenance_note?: string | undefined
  paused?: boolean | undefined
  active?: boolean | undefined
  locked?: boolean | undefined
  access_level?: string | undefined
  run_untagged?: boolean | undefined
  tag_list?: string[] | undefined
  maximum_timeout?: number | undefined
}

/** The given settings only: an absent one is left as it is. */
export function runnerSettings(params: SettingValues): RunnerSettings {
  const paused = params.paused ?? (params.active === undefined ? undefined : !params.active)
  return {
    description: params.description,
    paused,
    locked: params.locked,
    runUntagged: params.run_untagged,
    tagList: params.tag_list === undefined ? undefined : { tags: cleanTags(params.tag_list) },
    accessLevel: params.access_level,
    maximumTimeout: params.maximum_timeout,
    maintenanceNote: params.maintenance_note,
  }
}

/**
 * The list filters (filter_params; version_prefix is not kept by ci-triggers), with the deprecated `scope`: a status on
 * GET /runners, also a runner type on /runners/all and /projects/:id/runners.
 */
export function runnerFilterParams(scopeTakesTypes: boolean) {
  return {
    scope: p
      .string()
      .values(scopeTakesTypes ? [...RUNNER_TYPES, ...RUNNER_STATUSES] : RUNNER_STATUSES),
    type: p.string().values([...RUNNER_TYPES]),
    paused: p.bool(),
    status: p.string().values(RUNNER_STATUSES),
    tag_list: tagList(),
  }
}

interface FilterValues {
  scope?: string | undefined
  type?: string | undefined
  paused?: boolean | undefined
  status?: string | undefined
  tag_list?: string[] | undefined
}

/**
 * The filters as ci-triggers takes them. GitLab applies `scope` and then the
 * other filters; a scope naming what another filter also names is folded
 * into it (a type or status given both ways must agree to match anything,
 * which the service's single field cannot say: the explicit filter wins).
 */
export function runnerFilter(
  params: FilterValues,
): Pick<ListRunnersRequest, 'runnerType' | 'status' | 'paused' | 'tagList'> {
  const scope = params.scope
  const scopeIsType = scope !== undefined && (RUNNER_TYPES as readonly string[]).includes(scope)
  const scopeIsStatus = scope !== undefined && !scopeIsType
  let paused = params.paused
  if (scopeIsStatus && params.status !== undefined && (scope === 'active' || scope === 'paused')) {
    paused ??= scope === 'paused'
  }
  const status = params.status ?? (scopeIsStatus ? scope : undefined)
  return {
    runnerType: params.type ?? (scopeIsType ? scope : undefined),
    status,
    paused,
    tagList: cleanTags(params.tag_list ?? []),
  }
}
