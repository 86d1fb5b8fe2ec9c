import {
  ConflictError,
  InvalidError,
  NotFoundError,
  UnauthenticatedError,
  isUniqueViolation,
  visibilityLevel,
  visibilityName,
  type VisibilityName,
} from '@suite/runtime'
import type { Caller } from './caller.js'
import { creatorMembership, newRunnersToken } from './create-project.js'
import { ErrorCollector, TAKEN } from './field-errors.js'
import { validateName, validatePath } from './path-rules.js'
import { personalProjectsLimitError } from './personal-projects-limit.js'
import { mayCreateInNamespace, type ProjectWithAccess } from './project-abilities.js'
import type { NewProject, Project } from './project.js'
import { defaultFeatureLevels, FLAG_DEFAULTS } from './project-settings.js'
import type { NamespaceForCreate, Ports, ProjectStore } from './ports.js'
import { callerMemberships, findReadable, withAccess } from './read-projects.js'
import { undoCreation, type UndoFailure } from './undo-create-project.js'

export interface ForkInput {
  namespaceId?: number | undefined
  namespacePath?: string | undefined
  name?: string | undefined
  path?: string | undefined
  description?: string | undefined
  visibility?: VisibilityName | undefined
}

/** The least visible of the levels given (ForkService: never above the upstream or the group). */
function leastVisible(levels: readonly (VisibilityName | undefined)[]): VisibilityName {
  const numbers = levels.flatMap((name) => {
    const level = name === undefined ? undefined : visibilityLevel(name)
    return level === undefined ? [] : [level]
  })
  return visibilityName(Math.min(...numbers))
}

async function targetOf(
  ports: Ports,
  caller: Caller,
  userId: number,
  input: ForkInput,
): Promise<NamespaceForCreate> {
  const found =
    input.namespaceId !== undefined
      ? await ports.identity.namespace(caller, input.namespaceId)
      : input.namespacePath !== undefined
        ? await ports.identity.namespaceByPath(caller, input.namespacePath)
        : await ports.identity.personalNamespace(caller, userId)
  if (!found) throw new NotFoundError('Namespace')
  // valid_fork_target?: create_projects in the namespace.
  if (!mayCreateInNamespace(found.namespace, caller, found.mayCreateProjects)) {
    throw new NotFoundError('Target Namespace')
  }
  return found
}

/** The fork as ForkService builds it from its upstream. */
function forkDraft(
  upstream: Project,
  target: NamespaceForCreate,
  userId: number,
  input: ForkInput,
): NewProject {
  const path = input.path ?? upstream.path
  const visibility = leastVisible([
    upstream.visibility,
    input.visibility,
    target.namespace.kind === 'group' ? target.visibility : undefined,
  ])
  return {
    namespace: target.namespace,
    name: input.name ?? upstream.name,
    path,
    fullPath: `${target.namespace.fullPath}/${path}`,
    description: input.description ?? upstream.description,
    visibility,
    creatorId: userId,
    defaultBranch: upstream.defaultBranch,
    archived: false,
    importUrl: null,
    importType: null,
    importStatus: 'finished',
    importError: null,
    starCount: 0,
    forkedFromProjectId: upstream.id,
    features: defaultFeatureLevels(visibility),
    flags: { ...FLAG_DEFAULTS },
    settings: { ...upstream.settings, mirrorUserId: null },
    runnersToken: newRunnersToken(),
    avatarFilename: null,
    repositoryObjectFormat: upstream.repositoryObjectFormat,
  }
}

/**
 * POST /projects/:id/fork (Projects::ForkService): who may fork the project
 * (fork_project; else GitLab's bare 404) makes a project in a namespace where
 * they may create projects (their own unless named; else 404 Target
 * Namespace), linked to its upstream, no more visible than the upstream or the
 * target group, with a copy of its repository. A name or path already held
 * there is GitLab's 409; a step after the insert that fails undoes the fork.
 */
export async function forkProject(
  store: ProjectStore,
  ports: Ports,
  caller: Caller,
  upstreamId: number,
  input: ForkInput,
  onUndoFailure: UndoFailure = () => undefined,
): Promise<ProjectWithAccess> {
  const userId = caller.userId
  if (userId === undefined) throw new UnauthenticatedError()
  const memberships = await callerMemberships(ports.identity, caller)
  const { project: upstream, abilities } = await findReadable(
    store,
    caller,
    { id: upstreamId },
    memberships,
  )
  if (!abilities.forkProject) throw new NotFoundError('')
  const target = await targetOf(ports, caller, userId, input)
  // ForkService's CreateService answers the creator's limit; the fork API renders it as a 409.
  const limitReached = await personalProjectsLimitError(store, ports, userId, target)
  if (limitReached) throw new ConflictError('Conflict', { limit_reached: [limitReached] })
  const draft = forkDraft(upstream, target, userId, input)

  const errors = new ErrorCollector()
  if (input.name !== undefined) validateName(draft.name, errors)
  if (input.path !== undefined) validatePath(draft.path, errors)
  if (!errors.empty) throw new InvalidError(errors.toJSON())
  const taken = await store.taken(target.namespace.id, draft.name, draft.path)
  const conflicts = new ErrorCollector()
  if (taken.name) conflicts.add('name', TAKEN)
  if (taken.path) conflicts.add('path', TAKEN)
  if (!conflicts.empty) throw new ConflictError('Conflict', conflicts.toJSON())

  let id: number
  try {
    id = await store.insert(draft, upstream.topics, userId)
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('Conflict', { path: [TAKEN] })
    throw error
  }
  const member = creatorMembership(target, userId)
  try {
    if (member) {
      await ports.identity.addProjectMember(
        userId,
        id,
        target.namespace.id,
        member.userId,
        member.accessLevel,
      )
    }
    await ports.repository.forkRepository(upstream.id, id)
  } catch (error) {
    await undoCreation(
      store,
      ports,
      { projectId: id, actorId: userId, memberUserId: member?.userId },
      onUndoFailure,
    )
    throw error
  }
  const fork = await store.findById(id)
  if (!fork) throw new Error(`project ${id} vanished after its fork`)
  return withAccess(fork, caller, await callerMemberships(ports.identity, caller))
}
