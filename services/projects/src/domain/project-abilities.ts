import { AccessLevel } from '@suite/proto'
import type { Caller } from './caller.js'
import { available } from './policy-conditions.js'
import {
  actorFor,
  holdsAbility,
  isAuthorizedProject,
  policySubject,
  TABLE_ABILITIES,
  type TableAbility,
} from './policy.js'
import { reaches } from './project-grant.js'
import type { Project, ProjectAccess, ProjectNamespace } from './project.js'

/** gitlab.common.v1.ProjectAbilities as the domain answers it. */
export type ProjectAbilities = {
  projectId: number
  /** The effective level: Owner for an administrator. */
  accessLevel: AccessLevel
  createProjectInNamespace: boolean
  /** feature_available?(:repository): the feature is not disabled, nor private to others. */
  repositoryAvailable: boolean
  /** In the caller's authorized projects (any membership), or an admin: runner details list it. */
  authorizedProject: boolean
} & Record<TableAbility, boolean>

/**
 * Who may create projects in a namespace: its owner for a personal one;
 * for a group, what identity's GroupPolicy answered (`groupAllows`);
 * administrators anywhere.
 */
export function mayCreateInNamespace(
  namespace: Pick<ProjectNamespace, 'kind' | 'ownerId'>,
  caller: Pick<Caller, 'userId' | 'admin'>,
  groupAllows: boolean,
): boolean {
  if (caller.admin) return true
  if (namespace.kind === 'user')
    return caller.userId !== undefined && namespace.ownerId === caller.userId
  return groupAllows
}

/**
 * The caller's abilities in a project, every one by the table in policy.ts.
 * create_project_in_namespace is the namespace's rule: for a group the
 * projects service does not know its project_creation_level and answers
 * GitLab's default (Developers and up in the group); identity's
 * GroupAbilities.create_projects is the answer for the group's own setting.
 */
export function projectAbilities(
  project: Pick<Project, 'id' | 'visibility' | 'features' | 'archived' | 'flags' | 'namespace'>,
  caller: Caller,
  access: ProjectAccess,
): ProjectAbilities {
  const subject = policySubject(project)
  const table = Object.fromEntries(
    TABLE_ABILITIES.map((name) => [name, holdsAbility(name, subject, caller, access.grants)]),
  ) as Record<TableAbility, boolean>
  const accessLevel: AccessLevel = caller.admin ? AccessLevel.ACCESS_LEVEL_OWNER : access.level
  return {
    ...table,
    projectId: project.id,
    accessLevel,
    authorizedProject: isAuthorizedProject(accessLevel),
    repositoryAvailable:
      table.readProject &&
      available('repository')(subject, actorFor('readProject', caller, access.grants)),
    createProjectInNamespace:
      table.readProject &&
      mayCreateInNamespace(
        project.namespace,
        caller,
        reaches(access.groupLevel, AccessLevel.ACCESS_LEVEL_DEVELOPER),
      ),
  }
}

/** A project with what the caller holds in it and may do with it. */
export interface ProjectWithAccess {
  project: Project
  access: ProjectAccess
  abilities: ProjectAbilities
}
