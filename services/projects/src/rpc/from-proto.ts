import type {
  Caller as CallerMessage,
  ListProjectsRequest,
  ProjectSettingsInput,
} from '@suite/proto'
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
  ACCESS_LEVEL_NAMES,
  isFeature,
  isFlag,
  type AccessLevels,
  type FeatureAccess,
  type Flags,
} from '../domain/project-settings.js'
import type { SettingsInput } from '../domain/settings-input.js'
import { visibilityLevel, type VisibilityName } from '../domain/visibility.js'

export function toCaller(caller: CallerMessage | undefined): Caller {
  return { userId: caller?.userId, admin: caller?.admin ?? false }
}

function visibility(name: string | undefined): VisibilityName | undefined {
  return name !== undefined && visibilityLevel(name) !== undefined
    ? (name as VisibilityName)
    : undefined
}

export function toSettingsInput(input: ProjectSettingsInput | undefined): SettingsInput {
  const accessLevels: Partial<AccessLevels> = {}
  for (const [feature, level] of Object.entries(input?.accessLevels ?? {})) {
    if (isFeature(feature) && (ACCESS_LEVEL_NAMES as readonly string[]).includes(level)) {
      accessLevels[feature] = level as FeatureAccess
    }
  }
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
    accessLevels,
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
    orderBy,
    sort: req.sort === 'asc' ? 'asc' : 'desc',
  }
}

export function toPageQuery(req: ListProjectsRequest): PageQuery {
  const perPage = Math.min(Math.max(req.page?.perPage ?? 20, 1), 100)
  if (req.keyset) return { kind: 'keyset', perPage }
  return { kind: 'offset', page: Math.max(req.page?.page ?? 1, 1), perPage }
}
