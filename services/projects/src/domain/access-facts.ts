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
  readIssue: Requirement
  version: number
}

type FactsSource = Pick<
  Project,
  'id' | 'namespace' | 'visibility' | 'features' | 'archived' | 'flags' | 'version'
>

type ListRequirements = Pick<
  AccessFacts,
  'readProject' | 'readCode' | 'readMergeRequest' | 'readIssue'
>

/**
 * Requirements by policy subject: they depend only on visibility, feature
 * levels, archived and public_jobs, and every Project answered (reads
 * included) carries them, so each combination is read off the table once.
 */
const REQUIREMENTS = new Map<string, ListRequirements>()
const REMEMBERED_SUBJECTS = 1_000

/** The list abilities' Requirements of a project, read off the policy table. */
export function listRequirements(
  project: Pick<Project, 'visibility' | 'features' | 'archived' | 'flags'>,
): ListRequirements {
  const subject = policySubject(project)
  const key = JSON.stringify(subject)
  const known = REQUIREMENTS.get(key)
  if (known) return known
  const requirements: ListRequirements = {
    readProject: requirementFor('readProject', subject),
    readCode: requirementFor('readCode', subject),
    readMergeRequest: requirementFor('readMergeRequest', subject),
    readIssue: requirementFor('readIssue', subject),
  }
  if (REQUIREMENTS.size >= REMEMBERED_SUBJECTS) REQUIREMENTS.clear()
  REQUIREMENTS.set(key, requirements)
  return requirements
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
