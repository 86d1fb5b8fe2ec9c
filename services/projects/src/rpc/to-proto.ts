import {
  AccessLevel,
  FeatureAccessLevel,
  type AbilityScope as AbilityScopeMessage,
  type FeatureAccessLevels,
  type ProjectAbilities as ProjectAbilitiesMessage,
  type ProjectAccessFacts,
  type Project as ProjectMessage,
  type Requirement as RequirementMessage,
  type RepositoryInfo,
} from '@suite/proto'
import { accessFactsOf, type AccessFacts } from '../domain/access-facts.js'
import type { AbilityScope, Requirement } from '../domain/access-requirements.js'
import type { ProjectAbilities } from '../domain/project-abilities.js'
import type { FeatureAccess, FeatureLevels } from '../domain/project-settings.js'
import type { Project, ProjectAccess } from '../domain/project.js'

const NO_ACCESS = AccessLevel.ACCESS_LEVEL_NO_ACCESS

export const FEATURE_ACCESS_LEVELS: Readonly<Record<FeatureAccess, FeatureAccessLevel>> = {
  disabled: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_DISABLED,
  private: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE,
  enabled: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_ENABLED,
  public: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PUBLIC,
}

/** Every feature's level as gitlab.common.v1.FeatureAccessLevels. */
export function toFeaturesMessage(features: FeatureLevels): FeatureAccessLevels {
  const level = (feature: keyof FeatureLevels) => FEATURE_ACCESS_LEVELS[features[feature]]
  return {
    analytics: level('analytics'),
    builds: level('builds'),
    containerRegistry: level('container_registry'),
    environments: level('environments'),
    featureFlags: level('feature_flags'),
    forking: level('forking'),
    infrastructure: level('infrastructure'),
    issues: level('issues'),
    mergeRequests: level('merge_requests'),
    modelExperiments: level('model_experiments'),
    modelRegistry: level('model_registry'),
    monitor: level('monitor'),
    packageRegistry: level('package_registry'),
    pages: level('pages'),
    releases: level('releases'),
    repository: level('repository'),
    requirements: level('requirements'),
    securityAndCompliance: level('security_and_compliance'),
    snippets: level('snippets'),
    wiki: level('wiki'),
  }
}

type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : false

/** Checked when compiling: the domain's abilities are the message's fields, no more and no fewer. */
export const ABILITY_FIELDS_MATCH: SameKeys<ProjectAbilities, ProjectAbilitiesMessage> = true

/** The caller's abilities as gitlab.common.v1.ProjectAbilities. */
export function toAbilitiesMessage(abilities: ProjectAbilities): ProjectAbilitiesMessage {
  return { ...abilities }
}

function toRequirementMessage(requirement: Requirement): RequirementMessage {
  return { ...requirement }
}

/** A project's access facts as gitlab.projects.v1.ProjectAccessFacts. */
export function toAccessFactsMessage(facts: AccessFacts): ProjectAccessFacts {
  return {
    projectId: facts.projectId,
    groupIds: facts.groupIds,
    ownerUserId: facts.ownerUserId ?? undefined,
    archived: facts.archived,
    readProject: toRequirementMessage(facts.readProject),
    readCode: toRequirementMessage(facts.readCode),
    readMergeRequest: toRequirementMessage(facts.readMergeRequest),
    readIssue: toRequirementMessage(facts.readIssue),
    version: facts.version,
  }
}

/** The caller's side of a list that spans projects as gitlab.common.v1.AbilityScope. */
export function toAbilityScopeMessage(scope: AbilityScope): AbilityScopeMessage {
  const grant = ({ sourceId, level }: AbilityScope['projects'][number]) => ({
    sourceId,
    accessLevel: level as AccessLevel,
  })
  return {
    admin: scope.admin,
    signedIn: scope.signedIn,
    userId: scope.userId,
    projects: scope.projects.map(grant),
    groups: scope.groups.map(grant),
  }
}

/** What the caller holds in and may do with the project; absent when no caller asked. */
export interface CallerView {
  access: ProjectAccess
  abilities: ProjectAbilities
}

/** A domain project (with the caller's access and abilities when a caller asked) as a Project message. */
export function toProjectMessage(
  project: Project,
  view: CallerView | undefined,
  repository: RepositoryInfo | undefined,
): ProjectMessage {
  return {
    id: project.id,
    name: project.name,
    path: project.path,
    description: project.description ?? undefined,
    visibility: project.visibility,
    namespaceId: project.namespace.id,
    namespaceFullPath: project.namespace.fullPath,
    namespaceFullName: project.namespace.fullName,
    namespaceKind: project.namespace.kind,
    namespaceParentId: project.namespace.parentId ?? undefined,
    namespaceTraversalIds:
      project.namespace.kind === 'group' ? [...project.namespace.traversalIds] : [],
    ownerId: project.namespace.ownerId ?? undefined,
    creatorId: project.creatorId,
    defaultBranch: project.defaultBranch ?? undefined,
    archived: project.archived,
    topics: project.topics,
    importUrl: project.importUrl ?? undefined,
    importType: project.importType ?? undefined,
    importError: project.importError ?? undefined,
    importStatus: project.importStatus,
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    lastActivityAt: project.lastActivityAt,
    features: toFeaturesMessage(project.features),
    abilities: view && toAbilitiesMessage(view.abilities),
    accessFacts: toAccessFactsMessage(accessFactsOf(project)),
    flags: { ...project.flags },
    mergeMethod: project.settings.mergeMethod,
    squashOption: project.settings.squashOption,
    ciConfigPath: project.settings.ciConfigPath ?? undefined,
    buildTimeout: project.settings.buildTimeout,
    ciDefaultGitDepth: project.settings.ciDefaultGitDepth,
    suggestionCommitMessage: project.settings.suggestionCommitMessage ?? undefined,
    mergeCommitTemplate: project.settings.mergeCommitTemplate ?? undefined,
    squashCommitTemplate: project.settings.squashCommitTemplate ?? undefined,
    issueBranchTemplate: project.settings.issueBranchTemplate ?? undefined,
    autoCancelPendingPipelines: project.settings.autoCancelPendingPipelines,
    autoDevopsDeployStrategy: project.settings.autoDevopsDeployStrategy,
    approvalsBeforeMerge: project.settings.approvalsBeforeMerge,
    externalAuthorizationClassificationLabel:
      project.settings.externalAuthorizationClassificationLabel ?? undefined,
    callerAccessLevel: view?.access.level ?? NO_ACCESS,
    callerProjectAccessLevel: view?.access.projectLevel ?? NO_ACCESS,
    callerGroupAccessLevel: view?.access.groupLevel ?? NO_ACCESS,
    starCount: project.starCount,
    openIssuesCount: 0,
    forksCount: project.forksCount,
    forkedFromProjectId: project.forkedFromProjectId ?? undefined,
    forkedFromProject: undefined,
    repository,
    runnersToken: project.runnersToken,
    ciPipelineVariablesMinimumOverrideRole: project.settings.ciPipelineVariablesMinimumOverrideRole,
    ciIdTokenSubClaimComponents: project.settings.ciIdTokenSubClaimComponents,
    buildGitStrategy: project.settings.buildGitStrategy,
    maxArtifactsSize: project.settings.maxArtifactsSize ?? undefined,
    ciDeletePipelinesInSeconds: project.settings.ciDeletePipelinesInSeconds ?? undefined,
    mirrorUserId: project.settings.mirrorUserId ?? undefined,
    repositoryStorage: project.settings.repositoryStorage,
    avatarFilename: project.avatarFilename ?? undefined,
    repositoryObjectFormat: project.repositoryObjectFormat,
    containerExpirationPolicy: {
      cadence: project.settings.containerExpirationPolicy.cadence,
      enabled: project.settings.containerExpirationPolicy.enabled,
      keepN: project.settings.containerExpirationPolicy.keepN ?? undefined,
      olderThan: project.settings.containerExpirationPolicy.olderThan ?? undefined,
      nameRegex: project.settings.containerExpirationPolicy.nameRegex ?? undefined,
      nameRegexKeep: project.settings.containerExpirationPolicy.nameRegexKeep ?? undefined,
    },
  }
}
