/**
 * The projects service's access messages as this service's domain types:
 * a project's access facts (read model rows) and a caller's ability scope.
 */
import {
  AccessLevel,
  type AbilityScope as AbilityScopeMessage,
  type Project,
  type ProjectAccessFacts as ProjectAccessFactsMessage,
  type Requirement as RequirementMessage,
} from '@suite/proto'
import type { AbilityScope, ProjectAccessFacts, Requirement } from '../domain/access-facts.js'

/** A requirement; an absent one admits nobody. */
function requirementOf(message: RequirementMessage | undefined): Requirement {
  return {
    admin: message?.admin ?? false,
    anonymous: message?.anonymous ?? false,
    signedIn: message?.signedIn ?? false,
    memberMinLevel: message?.memberMinLevel ?? AccessLevel.ACCESS_LEVEL_NO_ACCESS,
  }
}

/** The facts of a message, or undefined when it names no project or has no version. */
export function accessFactsOf(
  message: ProjectAccessFactsMessage | undefined,
): ProjectAccessFacts | undefined {
  if (!message || message.projectId <= 0 || message.version <= 0) return undefined
  return {
    projectId: message.projectId,
    groupIds: [...message.groupIds],
    ownerUserId: message.ownerUserId,
    archived: message.archived,
    readMergeRequest: requirementOf(message.readMergeRequest),
    readIssue: requirementOf(message.readIssue),
    version: message.version,
  }
}

/** The access facts carried by projects (those that carry any). */
export function accessFactsOfProjects(projects: readonly Project[]): ProjectAccessFacts[] {
  return projects.flatMap((project) => accessFactsOf(project.accessFacts) ?? [])
}

/** The caller's side of a list that spans projects. */
export function abilityScopeOf(message: AbilityScopeMessage | undefined): AbilityScope {
  const grants = (list: AbilityScopeMessage['projects'] | undefined) =>
    (list ?? []).map((grant) => ({ sourceId: grant.sourceId, accessLevel: grant.accessLevel }))
  return {
    admin: message?.admin ?? false,
    signedIn: message?.signedIn ?? false,
    userId: message?.userId,
    projects: grants(message?.projects),
    groups: grants(message?.groups),
  }
}
