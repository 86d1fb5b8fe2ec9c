import { AccessLevel, GroupAbilities, ProjectAbilities } from '@suite/proto'
import type { GroupAbility, ProjectAbility } from '../auth/abilities.js'

/** What a Developer holds in a project whose features are all enabled (ProjectPolicy). */
const DEVELOPER: readonly ProjectAbility[] = [
  'readProject',
  'repositoryAvailable',
  'readCode',
  'pushCode',
  'adminTag',
  'readMergeRequest',
  'createMergeRequestIn',
  'createMergeRequestFrom',
  'updateMergeRequest',
  'adminMergeRequest',
  'readPipeline',
  'createPipeline',
  'readEvents',
  'readProjectMember',
  'readStatistics',
  'readMilestone',
  'adminMilestone',
  'readLabel',
  'adminLabel',
  'awardEmoji',
  'readBuild',
  'readCommitStatus',
  'readInternalNote',
  'authorizedProject',
]

function granted<T extends string>(names: readonly T[]): Partial<Record<T, boolean>> {
  return Object.fromEntries(names.map((name) => [name, true])) as Partial<Record<T, boolean>>
}

/**
 * The abilities the projects service answers for a Developer of project 5,
 * for tests; overrides switch single abilities on or off.
 */
export function projectAbilitiesFixture(
  overrides: Partial<ProjectAbilities> = {},
): ProjectAbilities {
  return {
    ...ProjectAbilities.create({ projectId: 5, accessLevel: AccessLevel.ACCESS_LEVEL_DEVELOPER }),
    ...granted(DEVELOPER),
    ...overrides,
  }
}

/** Every ability (an admin, or an Owner of a project with every feature on). */
export function everyProjectAbility(overrides: Partial<ProjectAbilities> = {}): ProjectAbilities {
  const all = ProjectAbilities.create({ projectId: 5, accessLevel: AccessLevel.ACCESS_LEVEL_OWNER })
  const names = Object.keys(all).filter(
    (name): name is ProjectAbility => typeof all[name as keyof ProjectAbilities] === 'boolean',
  )
  return { ...all, ...granted(names), ...overrides }
}

/** The abilities the identity service answers for an Owner of group 10. */
export function groupAbilitiesFixture(overrides: Partial<GroupAbilities> = {}): GroupAbilities {
  const owner = GroupAbilities.create({ groupId: 10, accessLevel: AccessLevel.ACCESS_LEVEL_OWNER })
  const names = Object.keys(owner).filter(
    (name): name is GroupAbility => typeof owner[name as keyof GroupAbilities] === 'boolean',
  )
  return { ...owner, ...granted(names), ...overrides }
}
