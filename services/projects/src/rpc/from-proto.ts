import {
  FeatureAccessLevel,
  ScopedAbility,
  type Caller as CallerMessage,
  type FeatureAccessLevels,
  type ListProjectsRequest,
  type ProjectSettingsInput,
} from '@suite/proto'
import { InvalidError, visibilityLevel, type VisibilityName } from '@suite/runtime'
import type { ListAbility } from '../domain/access-requirements.js'
import type { Caller } from '../domain/caller.js'
import {
  ORDER_BY,
  searchTerms,
  topicNames,
  type PageQuery,
  type ProjectFilter,
  type ProjectOrder,
} from '../domain/list-query.js'
import {
  isFlag,
  type Feature,
  type FeatureAccess,
  type FeatureLevels,
  type Flags,
} from '../domain/project-settings.js'
import type { SettingsInput } from '../domain/settings-input.js'

export function toCaller(caller: CallerMessage | undefined): Caller {
  return { userId: caller?.userId, admin: caller?.admin ?? false, scopes: caller?.scopes ?? [] }
}

const FEATURE_ACCESS_NAMES: Readonly<Partial<Record<FeatureAccessLevel, FeatureAccess>>> = {
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_DISABLED]: 'disabled',
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE]: 'private',
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_ENABLED]: 'enabled',
  [FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PUBLIC]: 'public',
}

/** The feature levels given; FEATURE_ACCESS_LEVEL_UNSPECIFIED (and unknown values) leave one unchanged. */
export function toFeatureLevels(given: FeatureAccessLevels | undefined): Partial<FeatureLevels> {
  if (!given) return {}
  const byFeature: Record<Feature, FeatureAccessLevel> = {
    analytics: given.analytics,
    builds: given.builds,
    container_registry: given.containerRegistry,
    environments: given.environments,
    feature_flags: given.featureFlags,
    forking: given.forking,
    infrastructure: given.infrastructure,
    issues: given.issues,
    merge_requests: given.mergeRequests,
    model_experiments: given.modelExperiments,
    model_registry: given.modelRegistry,
    monitor: given.monitor,
    package_registry: given.packageRegistry,
    pages: given.pages,
    releases: given.releases,
    repository: given.repository,
    requirements: given.requirements,
    security_and_compliance: given.securityAndCompliance,
    snippets: given.snippets,
    wiki: given.wiki,
  }
  const levels: Partial<FeatureLevels> = {}
  for (const [feature, level] of Object.entries(byFeature) as [Feature, FeatureAccessLevel][]) {
    const name = FEATURE_ACCESS_NAMES[level]
    if (name !== undefined) levels[feature] = name
  }
  return levels
}

const LIST_ABILITY_OF: Readonly<Partial<Record<ScopedAbility, ListAbility>>> = {
  [ScopedAbility.SCOPED_ABILITY_READ_PROJECT]: 'readProject',
  [ScopedAbility.SCOPED_ABILITY_READ_CODE]: 'readCode',
  [ScopedAbility.SCOPED_ABILITY_READ_MERGE_REQUEST]: 'readMergeRequest',
  [ScopedAbility.SCOPED_ABILITY_READ_ISSUE]: 'readIssue',
}

/** The list ability a GetAbilityScope request names; INVALID_ARGUMENT for none. */
export function toListAbility(ability: ScopedAbility): ListAbility {
  const name = LIST_ABILITY_OF[ability]
  if (name === undefined) throw new InvalidError({}, 'ability is missing')
  return name
}

function visibility(name: string | undefined): VisibilityName | undefined {
  return name !== undefined && visibilityLevel(name) !== undefined
    ? (name as VisibilityName)
    : undefined
}

export function toSettingsInput(input: ProjectSettingsInput | undefined): SettingsInput {
  const flags: Partial<Flags> = {}
  for (const [flag, value] of Object.entries(input?.flags ?? {})) {
    if (isFlag(flag)) flags[flag] = value
  }
  return {
    name: input?.name,
    path: input?.path,
    description: input?.description,
    visibility: visibility(input?.visibility),
    defaultBranch: input?.defaultBranch,
    topics: input?.topicsGiven ? input.topics : undefined,
    archived: input?.archived,
    features: toFeatureLevels(input?.features),
    flags,
    settings: {
      mergeMethod: input?.mergeMethod,
      squashOption: input?.squashOption,
      ciConfigPath: input?.ciConfigPath,
      buildTimeout: input?.buildTimeout,
      ciDefaultGitDepth: input?.ciDefaultGitDepth,
      suggestionCommitMessage: input?.suggestionCommitMessage,
      mergeCommitTemplate: input?.mergeCommitTemplate,
      squashCommitTemplate: input?.squashCommitTemplate,
      issueBranchTemplate: input?.issueBranchTemplate,
      autoCancelPendingPipelines: input?.autoCancelPendingPipelines,
      autoDevopsDeployStrategy: input?.autoDevopsDeployStrategy,
      approvalsBeforeMerge: input?.approvalsBeforeMerge,
      externalAuthorizationClassificationLabel: input?.externalAuthorizationClassificationLabel,
      ciPipelineVariablesMinimumOverrideRole: input?.ciPipelineVariablesMinimumOverrideRole,
      ciIdTokenSubClaimComponents: input?.ciIdTokenSubClaimComponentsGiven
        ? input.ciIdTokenSubClaimComponents
        : undefined,
      buildGitStrategy: input?.buildGitStrategy,
      maxArtifactsSize: input?.maxArtifactsSize,
      ciDeletePipelinesInSeconds: input?.ciDeletePipelinesInSeconds,
      mirrorUserId: input?.mirrorUserId,
      repositoryStorage: input?.repositoryStorage,
    },
    containerExpirationPolicy: {
      cadence: input?.containerExpirationPolicy?.cadence,
      enabled: input?.containerExpirationPolicy?.enabled,
      keepN: input?.containerExpirationPolicy?.keepN,
      olderThan: input?.containerExpirationPolicy?.olderThan,
      nameRegex: input?.containerExpirationPolicy?.nameRegex,
      nameRegexKeep: input?.containerExpirationPolicy?.nameRegexKeep,
    },
  }
}

export function toFilter(req: ListProjectsRequest): ProjectFilter {
  const terms = searchTerms(req.search)
  const known = (ORDER_BY as readonly string[]).includes(req.orderBy)
  // similarity without a search term ranks nothing: GitLab's default order then.
  const orderBy =
    known && (req.orderBy !== 'similarity' || terms.length > 0)
      ? (req.orderBy as ProjectOrder)
      : 'created_at'
  return {
    archived: req.archived,
    idAfter: req.idAfter,
    idBefore: req.idBefore,
    lastActivityAfter: req.lastActivityAfter,
    lastActivityBefore: req.lastActivityBefore,
    updatedAfter: req.updatedAfter,
    updatedBefore: req.updatedBefore,
    membership: req.membership,
    minAccessLevel: req.minAccessLevel,
    owned: req.owned,
    searchTerms: terms,
    search: req.search?.trim(),
    searchNamespaces: req.searchNamespaces,
    starred: req.starred,
    topics: topicNames(req.topics),
    topicId: req.topicId,
    visibilityLevel: req.visibility === undefined ? undefined : visibilityLevel(req.visibility),
    withIssuesEnabled: req.withIssuesEnabled,
    withMergeRequestsEnabled: req.withMergeRequestsEnabled,
    active: req.active,
    userNamespaceOwnerId: req.userNamespaceOwnerId,
    starredByUserId: req.starredByUserId,
    forkedFromProjectId: req.forkedFromProjectId,
    groupId: req.groupId,
    includeSubgroups: req.includeSubgroups,
    orderBy,
    sort: req.sort === 'asc' ? 'asc' : 'desc',
  }
}

export function toPageQuery(req: ListProjectsRequest): PageQuery {
  const perPage = Math.min(Math.max(req.page?.perPage ?? 20, 1), 100)
  if (req.keyset) return { kind: 'keyset', perPage }
  return { kind: 'offset', page: Math.max(req.page?.page ?? 1, 1), perPage }
}
