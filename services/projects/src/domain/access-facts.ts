import { requirementFor, type Requirement } from './access-requirements.js'
import { policySubject } from './policy.js'
import type { Project } from './project.js'

/** Who holds the list abilities in a project (gitlab.projects.v1.ProjectAccessFacts). */
export interface AccessFacts {
  projectId: number
  /** The groups above the project, top first; empty for a personal project. */
  groupIds: number[]
  /** The personal namespace's owner, the project's Owner. */
  ownerUserId: number | null
  archived: boolean
  readProject: Requirement
  readCode: Requirement
  readMergeRequest: Requirement
  version: number
}

type FactsSource = Pick<
  Project,
  'id' | 'namespace' | 'visibility' | 'features' | 'archived' | 'flags' | 'version'
>

/** The list abilities' Requirements of a project, read off the policy table. */
export function listRequirements(
  project: Pick<Project, 'visibility' | 'features' | 'archived' | 'flags'>,
): Pick<AccessFacts, 'readProject' | 'readCode' | 'readMergeRequest'> {
  const subject = policySubject(project)
  return {
    readProject: requirementFor('readProject', subject),
    readCode: requirementFor('readCode', subject),
    readMergeRequest: requirementFor('readMergeRequest', subject),
  }
}

export function accessFactsOf(project: FactsSource): AccessFacts {
  return {
    projectId: project.id,
    groupIds: project.namespace.kind === 'group' ? [...project.namespace.traversalIds] : [],
    ownerUserId: project.namespace.kind === 'user' ? project.namespace.ownerId : null,
    archived: project.archived,
    ...listRequirements(project),
    version: project.version,
  }
}

/**
 * Whether a change can alter what other services' read models hold of the
 * project: its Requirements, archived, its namespace, or its path.
 */
export function accessFactsChanged(
  before: FactsSource & Pick<Project, 'path'>,
  after: FactsSource & Pick<Project, 'path'>,
): boolean {
  const facts = (project: FactsSource) => JSON.stringify({ ...accessFactsOf(project), version: 0 })
  return before.path !== after.path || facts(before) !== facts(after)
}
