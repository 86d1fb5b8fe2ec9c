import {
  type FieldErrors,
  type VisibilityLevel,
  visibilityLevel,
  visibilityName,
} from '@suite/runtime'
import { BLANK, ErrorCollector, TAKEN, tooLong } from './field-errors.js'
import { PROJECT_CREATION_LEVELS, SUBGROUP_CREATION_LEVELS, type Group } from './namespace.js'
import { namespacePathErrors } from './path-rules.js'

/** Gitlab::Regex.group_name_regex */
const GROUP_NAME =
  /^[\p{Alphabetic}\p{Nd}\u00A9-\u{1F9FF}_][\p{Alphabetic}\p{Nd}\p{Pd}\u00A9-\u{1F9FF}_(). ]*$/u

export const GROUP_NAME_MESSAGE =
  "can contain only letters, digits, emoji, '_', '.', dash, space, parenthesis. It must start with letter, digit, emoji or '_'."

const INVALID_VALUE = 'does not have a valid value'

/** Parameter values GitLab's API refuses before the model sees them (`values:`). */
export function groupParamErrors(input: {
  visibility?: string | undefined
  projectCreationLevel?: string | undefined
  subgroupCreationLevel?: string | undefined
  defaultBranchProtection?: number | undefined
}): FieldErrors {
  const errors = new ErrorCollector()
  if (input.visibility !== undefined && visibilityLevel(input.visibility) === undefined) {
    errors.add('visibility', INVALID_VALUE)
  }
  const { projectCreationLevel: project, subgroupCreationLevel: subgroup } = input
  if (project !== undefined && !PROJECT_CREATION_LEVELS.includes(project)) {
    errors.add('project_creation_level', INVALID_VALUE)
  }
  if (subgroup !== undefined && !SUBGROUP_CREATION_LEVELS.includes(subgroup)) {
    errors.add('subgroup_creation_level', INVALID_VALUE)
  }
  const protection = input.defaultBranchProtection
  if (protection !== undefined && ![0, 1, 2, 3, 4].includes(protection)) {
    errors.add('default_branch_protection', INVALID_VALUE)
  }
  return errors.toJSON()
}

export interface GroupModel {
  name: string
  path: string
  description: string
  visibilityLevel: VisibilityLevel
  twoFactorGracePeriod: number
  parent: Group | undefined
  /** A sibling already has the name. */
  nameTaken: boolean
  /** The route (full path) is already held. */
  pathTaken: boolean
  /** A project directly in the group is more visible than the group would be (updates only). */
  projectsMoreVisible?: boolean
  /** A direct subgroup is more visible than the group would be (updates only). */
  subgroupsMoreVisible?: boolean
}

/**
 * Namespace and Group validations, keyed and ordered as GitLab's
 * errors.messages: Namespace's checks, then Group's, then the route's
 * uniqueness, which Routable moves to :path after validation.
 */
export function groupModelErrors(group: GroupModel): FieldErrors {
  const errors = new ErrorCollector()
  if (group.name.trim() === '') errors.add('name', BLANK)
  else if (group.name.length > 255) errors.add('name', tooLong(255))
  if (group.parent && group.nameTaken) errors.add('name', TAKEN)
  if (group.description.length > 500) errors.add('description', tooLong(500))
  errors.addAll('path', namespacePathErrors(group.path, group.parent === undefined))
  // Group's validations, in GitLab's order: projects, sub-groups, parent.
  const level = visibilityName(group.visibilityLevel)
  if (group.projectsMoreVisible) {
    errors.add(
      'visibility_level',
      `${level} is not allowed since this group contains projects with higher visibility.`,
    )
  }
  if (group.subgroupsMoreVisible) {
    errors.add(
      'visibility_level',
      `${level} is not allowed since there are sub-groups with higher visibility.`,
    )
  }
  const parent = group.parent
  if (parent && group.visibilityLevel > parent.visibilityLevel) {
    errors.add(
      'visibility_level',
      `${visibilityName(group.visibilityLevel)} is not allowed since the parent group has a ${visibilityName(parent.visibilityLevel)} visibility.`,
    )
  }
  if (group.twoFactorGracePeriod < 0) {
    errors.add('two_factor_grace_period', 'must be greater than or equal to 0')
  }
  if (group.name.trim() !== '' && !GROUP_NAME.test(group.name)) {
    errors.add('name', GROUP_NAME_MESSAGE)
  }
  if (group.pathTaken) errors.add('path', TAKEN)
  return errors.toJSON()
}
