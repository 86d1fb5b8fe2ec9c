/**
 * Callers for tests (test code only): the abilities the projects service
 * hands in for a role in a private project with every feature enabled, as
 * GitLab's ProjectPolicy table gives them. The table is test data here: the
 * service itself never derives abilities from a level.
 */
import { AccessLevel, ProjectAbilities } from '@suite/proto'
import type { Caller } from '../domain/caller.js'
import { toCaller } from '../rpc/from-proto.js'

const GUEST: Partial<ProjectAbilities> = {
  readProject: true,
  readMilestone: true,
  readLabel: true,
  awardEmoji: true,
  readIssue: true,
  createIssue: true,
}
const REPORTER: Partial<ProjectAbilities> = {
  ...GUEST,
  readCode: true,
  readMergeRequest: true,
  readPipeline: true,
  readInternalNote: true,
  adminMilestone: true,
  adminLabel: true,
  updateIssue: true,
  adminIssue: true,
  readConfidentialIssues: true,
}
const DEVELOPER: Partial<ProjectAbilities> = {
  ...REPORTER,
  pushCode: true,
  createMergeRequestIn: true,
  createMergeRequestFrom: true,
  updateMergeRequest: true,
  adminMergeRequest: true,
  createPipeline: true,
  resolveNote: true,
}
const MAINTAINER: Partial<ProjectAbilities> = {
  ...DEVELOPER,
  pushToProtectedBranch: true,
  adminNote: true,
}
const OWNER: Partial<ProjectAbilities> = {
  ...MAINTAINER,
  destroyMergeRequest: true,
  setNoteCreatedAt: true,
  destroyIssue: true,
}

/** Each role's abilities (a Planner holds a Guest's here); any other level holds none. */
const ROLE_ABILITIES: Partial<Record<AccessLevel, Partial<ProjectAbilities>>> = {
  [AccessLevel.ACCESS_LEVEL_GUEST]: GUEST,
  [AccessLevel.ACCESS_LEVEL_PLANNER]: GUEST,
  [AccessLevel.ACCESS_LEVEL_REPORTER]: REPORTER,
  [AccessLevel.ACCESS_LEVEL_DEVELOPER]: DEVELOPER,
  [AccessLevel.ACCESS_LEVEL_MAINTAINER]: MAINTAINER,
  [AccessLevel.ACCESS_LEVEL_OWNER]: OWNER,
}

/** The abilities of a member at `level` (NO_ACCESS: a non-member) of private project `projectId`. */
export function roleAbilities(level: AccessLevel, projectId = 1): ProjectAbilities {
  const abilities = ROLE_ABILITIES[level] ?? {}
  return ProjectAbilities.fromPartial({ ...abilities, projectId, accessLevel: level })
}

/**
 * A non-member's abilities in a public project whose features are enabled:
 * public access reads the project and its merge requests, and may award emoji.
 */
export function publicAbilities(projectId = 1): ProjectAbilities {
  return ProjectAbilities.fromPartial({
    ...REPORTER,
    adminMilestone: false,
    adminLabel: false,
    updateIssue: false,
    adminIssue: false,
    readConfidentialIssues: false,
    projectId,
    accessLevel: AccessLevel.ACCESS_LEVEL_NO_ACCESS,
  })
}

export interface CallerOptions {
  admin?: boolean
  /** The project the abilities are for (1 unless given). */
  projectId?: number
  /** The abilities themselves, instead of the role's. */
  abilities?: ProjectAbilities
}

/**
 * A signed-in caller with `level` in the project (an admin has the Owner's
 * abilities everywhere, as the projects service answers), as the rpc layer
 * hands it to the domain.
 */
export function memberCaller(
  userId: number,
  level: AccessLevel,
  options: CallerOptions = {},
): Caller {
  const admin = options.admin ?? false
  const projectId = options.projectId ?? 1
  const abilities =
    options.abilities ?? roleAbilities(admin ? AccessLevel.ACCESS_LEVEL_OWNER : level, projectId)
  const caller = toCaller({ userId, admin, scopes: ['api'], project: abilities, group: undefined })
  if (!caller) throw new Error('a caller message always maps to a caller')
  return caller
}
