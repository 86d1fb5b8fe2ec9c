import { FeatureAccessLevel, FeatureAccessLevels, type Project } from '@suite/proto'
import { PROJECT_FEATURES } from '../params/project-features.js'
import { projectAbilitiesFixture } from './abilities-fixture.js'

/** Every feature enabled ("Everyone With Access"), unless overridden. */
export function featuresFixture(overrides: Partial<FeatureAccessLevels> = {}): FeatureAccessLevels {
  const features = FeatureAccessLevels.create()
  for (const feature of PROJECT_FEATURES) {
    features[feature] = FeatureAccessLevel.FEATURE_ACCESS_LEVEL_ENABLED
  }
  return { ...features, ...overrides }
}

/**
 * A Project message as the projects service sends it to a Developer, for
 * tests: merge requests disabled (so no merge request abilities), pages for
 * project members only.
 */
export function projectFixture(overrides: Partial<Project> = {}): Project {
  return {
    id: 5,
    name: 'Team App',
    path: 'team-app',
    description: 'An app',
    visibility: 'internal',
    namespaceId: 4,
    namespaceFullPath: 'top/sub',
    namespaceFullName: 'Top / Sub',
    namespaceTraversalIds: [3, 4],
    creatorId: 2,
    defaultBranch: 'main',
    archived: false,
    topics: ['web'],
    importUrl: undefined,
    importType: undefined,
    importError: undefined,
    importStatus: 'none',
    createdAt: new Date('2026-11-21T10:56:24.123Z'),
    updatedAt: new Date('2026-11-21T11:00:00.000Z'),
    lastActivityAt: new Date('2026-11-21T11:30:00.000Z'),
    features: featuresFixture({
      mergeRequests: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_DISABLED,
      pages: FeatureAccessLevel.FEATURE_ACCESS_LEVEL_PRIVATE,
    }),
    abilities: projectAbilitiesFixture({
      readMergeRequest: false,
      createMergeRequestIn: false,
      createMergeRequestFrom: false,
      updateMergeRequest: false,
      adminMergeRequest: false,
    }),
    accessFacts: undefined,
    flags: { emails_enabled: true, lfs_enabled: true },
    mergeMethod: 'merge',
    squashOption: 'default_off',
    ciConfigPath: undefined,
    buildTimeout: 3600,
    ciDefaultGitDepth: 20,
    suggestionCommitMessage: undefined,
    mergeCommitTemplate: undefined,
    squashCommitTemplate: undefined,
    issueBranchTemplate: undefined,
    autoCancelPendingPipelines: 'enabled',
    autoDevopsDeployStrategy: 'continuous',
    approvalsBeforeMerge: 0,
    externalAuthorizationClassificationLabel: undefined,
    callerAccessLevel: 30,
    callerProjectAccessLevel: 0,
    callerGroupAccessLevel: 30,
    namespaceKind: 'group',
    namespaceParentId: 3,
    ownerId: undefined,
    starCount: 0,
    openIssuesCount: 0,
    forksCount: 0,
    repository: { empty: false, sizeBytes: 2048, commitCount: 3, readmePath: 'README.md' },
    runnersToken: 'GR1348941abcdefghijklmnopqrst',
    ciPipelineVariablesMinimumOverrideRole: 'developer',
    ciIdTokenSubClaimComponents: ['project_path', 'ref_type'],
    containerExpirationPolicy: {
      cadence: '1d',
      enabled: false,
      keepN: 10,
      olderThan: '90d',
      nameRegex: '.*',
      nameRegexKeep: undefined,
    },
    buildGitStrategy: 'fetch',
    repositoryStorage: 'default',
    avatarFilename: undefined,
    repositoryObjectFormat: 'sha1',
    ...overrides,
  }
}
