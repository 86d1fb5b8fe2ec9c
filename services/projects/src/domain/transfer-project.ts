import { AccessLevel } from '@suite/proto'
import {
  ForbiddenError,
  InvalidError,
  isUniqueViolation,
  NotFoundError,
  visibilityLevel,
  visibilityName,
} from '@suite/runtime'
import { accessFactsChanged } from './access-facts.js'
import type { Caller } from './caller.js'
import { personalProjectsLimitError } from './personal-projects-limit.js'
import type { ProjectWithAccess } from './project-abilities.js'
import type { NamespaceForCreate, Ports, ProjectStore } from './ports.js'
import { callerMemberships, findReadable, withAccess } from './read-projects.js'

/** Where a project goes: a namespace id or its full path (PUT :id/transfer's `namespace`). */
export type NamespaceTarget = { id: number } | { fullPath: string }

/** Projects::TransferService's messages, as the API renders them (errors.messages inspected). */
function failed(message: string): InvalidError {
  const inspected = JSON.stringify(message)
  return new InvalidError(
    {},
    `Failed to transfer project {:new_namespace=>[${inspected}]}`,
    'transfer_failed',
  )
}

/**
 * transfer_projects in the target: for a group, a Maintainer where the group
 * lets them create projects (GroupPolicy); for a personal namespace, its
 * owner (NamespacePolicy); administrators as the policies give them.
 */
export function mayTransferInto(target: NamespaceForCreate, caller: Caller): boolean {
  if (target.namespace.kind === 'user') {
    return (
      caller.admin || (caller.userId !== undefined && target.namespace.ownerId === caller.userId)
    )
  }
  return (
    target.mayCreateProjects &&
    (caller.admin || target.callerLevel >= Number(AccessLevel.ACCESS_LEVEL_MAINTAINER))
  )
}

/**
 * PUT /projects/:id/transfer (Projects::TransferService): the project's
 * Owner (change_namespace, 403) moves it into a namespace they may transfer
 * projects into. A project more visible than a group it moves into takes the
 * group's level. Its paths, inherited memberships and access facts follow in
 * the same write; the repository lives by project id and does not move.
 */
export async function transferProject(
  store: ProjectStore,
  ports: Ports,
  caller: Caller,
  id: number,
  to: NamespaceTarget,
): Promise<ProjectWithAccess> {
  const memberships = await callerMemberships(ports.identity, caller)
  const { project, abilities } = await findReadable(store, caller, { id }, memberships)
  if (!abilities.changeNamespace) throw new ForbiddenError()
  const target =
    'id' in to
      ? await ports.identity.namespace(caller, to.id)
      : await ports.identity.namespaceByPath(caller, to.fullPath)
  if (!target) throw new NotFoundError('Namespace')
  if (target.namespace.id === project.namespace.id) {
    throw failed('Project is already in this namespace.')
  }
  // NamespacePolicy also withholds transfer_projects into a personal
  // namespace from a caller at their own projects_limit.
  const atLimit =
    caller.userId !== undefined &&
    (await personalProjectsLimitError(store, ports, caller.userId, target)) !== undefined
  if (!mayTransferInto(target, caller) || atLimit) {
    throw failed("You don't have permission to transfer projects into that namespace.")
  }
  const taken = await store.taken(target.namespace.id, project.name, project.path, project.id)
  if (taken.name || taken.path) {
    throw failed('Project with same name or path in target namespace already exists')
  }

  const ceiling = visibilityLevel(target.visibility) ?? 0
  const level = visibilityLevel(project.visibility) ?? 0
  const moved = {
    ...project,
    namespace: target.namespace,
    fullPath: `${target.namespace.fullPath}/${project.path}`,
    visibility: level > ceiling ? visibilityName(ceiling) : project.visibility,
  }
  try {
    await store.update(moved, undefined, undefined, accessFactsChanged(project, moved))
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw failed('Project with same name or path in target namespace already exists')
    }
    throw error
  }
  const fresh = await store.findById(project.id)
  if (!fresh) throw new Error(`project ${project.id} vanished during its transfer`)
  return withAccess(fresh, caller, memberships)
}
