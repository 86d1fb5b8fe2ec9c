import {
  ForbiddenError,
  InvalidError,
  UnauthenticatedError,
  isUniqueViolation,
  VisibilityLevel,
  visibilityLevel,
} from '@suite/runtime'
import { randomBytes } from 'node:crypto'
import { AccessLevel } from '@suite/proto'
import type { Caller } from './caller.js'
import { adminOnlySettings } from './admin-settings-rules.js'
import { validateAvatar, type AvatarUpload } from './avatar.js'
import { validateSubClaimComponents } from './ci-settings-rules.js'
import { validateTextLimits } from './text-limits.js'
import { ErrorCollector, TAKEN } from './field-errors.js'
import { initialContent } from './initial-content.js'
import { deriveNameAndPath, validateName, validatePath } from './path-rules.js'
import { mayCreateInNamespace, type ProjectWithAccess } from './project-abilities.js'
import { reaches } from './project-grant.js'
import type { NewProject, Project } from './project.js'
import { defaultFeatureLevels, FLAG_DEFAULTS, SCALAR_DEFAULTS } from './project-settings.js'
import { applicationSettings, restrictedVisibilityError } from './application-settings.js'
import { personalProjectsLimitError } from './personal-projects-limit.js'
import type { NamespaceForCreate, Ports, ProjectStore } from './ports.js'
import { callerMemberships, withAccess } from './read-projects.js'
import { cleanTopics, definedOnly, type SettingsInput } from './settings-input.js'
import { undoCreation, type UndoFailure } from './undo-create-project.js'

export interface CreateProjectInput {
  settings: SettingsInput
  namespaceId?: number | undefined
  /** POST /projects/user/:user_id (administrators): the user the project is for. */
  forUserId?: number | undefined
  initializeWithReadme: boolean
  importUrl?: string | undefined
  /** A built-in template (Gitlab::ProjectTemplate) to start from. */
  templateName?: string | undefined
  /** A custom template (paid tiers; answered as GitLab CE does). */
  templateProjectId?: number | undefined
  /** sha1 (default) or sha256. */
  repositoryObjectFormat?: string | undefined
  avatar?: AvatarUpload | undefined
}

/** The ErrorDetail reason GitLab's limit_reached error travels with. */
export const LIMIT_REACHED = 'limit_reached'

/** Project#visibility_level_allowed_by_group: not above the group's level. */
function visibilityError(visibility: string, target: NamespaceForCreate): string | undefined {
  if (target.namespace.kind !== 'group') return undefined
  const level = visibilityLevel(visibility) ?? VisibilityLevel.VISIBILITY_LEVEL_PRIVATE
  const groupLevel = visibilityLevel(target.visibility) ?? VisibilityLevel.VISIBILITY_LEVEL_PRIVATE
  if (level <= groupLevel) return undefined
  return `${visibility} is not allowed in a ${target.visibility} group.`
}

/** A runners registration token as GitLab prints them: GR1348941 and 20 characters. */
export function newRunnersToken(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  const bytes = randomBytes(20)
  return `GR1348941${[...bytes].map((byte) => alphabet[byte % alphabet.length]).join('')}`
}

/** The README GitLab commits for initialize_with_readme (a short form of its template). */
export function readmeFor(project: Pick<Project, 'name' | 'description'>): string {
  const lines = [`# ${project.name}`, '']
  if (project.description) lines.push(project.description, '')
  return lines.join('\n')
}

/**
 * The membership creation adds: the owner of a personal namespace is Owner; in
 * a group, a creator below Maintainer becomes Maintainer (else none).
 */
export function creatorMembership(
  target: NamespaceForCreate,
  ownerUserId: number,
): { userId: number; accessLevel: AccessLevel } | undefined {
  if (target.namespace.kind === 'user' && target.namespace.ownerId !== null) {
    return { userId: target.namespace.ownerId, accessLevel: AccessLevel.ACCESS_LEVEL_OWNER }
  }
  if (!reaches(target.callerLevel, AccessLevel.ACCESS_LEVEL_MAINTAINER)) {
    return { userId: ownerUserId, accessLevel: AccessLevel.ACCESS_LEVEL_MAINTAINER }
  }
  return undefined
}

/**
 * Projects::CreateService: the namespace must be one the caller may create
 * projects in (else `namespace is not valid`), name and path are derived from
 * each other and validated, the creator's memberships follow GitLab (the
 * owner of a personal namespace is Owner, a group project's creator below
 * Maintainer becomes Maintainer), the `created` event and the avatar are
 * stored with the project, and the repository is created in the object format
 * asked for, with a built-in template's files or a README as its first
 * commit (initial-content.ts). When a step after the insert fails, nothing
 * of the project is left (undoCreation).
 */
export async function createProject(
  store: ProjectStore,
  ports: Ports,
  caller: Caller,
  input: CreateProjectInput,
  onUndoFailure: UndoFailure = () => undefined,
): Promise<ProjectWithAccess> {
  if (caller.userId === undefined) throw new UnauthenticatedError()
  if (input.forUserId !== undefined && !caller.admin) throw new ForbiddenError()
  // POST /projects/user/:user_id creates the project as that user (GitLab's
  // CreateService.new(user, ...)): creator, event author and membership are theirs.
  const ownerUserId = input.forUserId ?? caller.userId

  const target =
    input.namespaceId !== undefined
      ? await ports.identity.namespace(caller, input.namespaceId)
      : await ports.identity.personalNamespace(caller, ownerUserId)
  const allowed =
    target !== undefined && mayCreateInNamespace(target.namespace, caller, target.mayCreateProjects)
  if (!target || (input.namespaceId !== undefined && !allowed)) {
    throw new InvalidError({ namespace: ['is not valid'] })
  }

  const given = input.settings
  const { name, path } = deriveNameAndPath(given.name, given.path)
  const instance = ports.settings && applicationSettings((await ports.settings.stored()).values)
  const visibility = given.visibility ?? instance?.default_project_visibility ?? 'private'
  // CreateService answers a disabled import source, a restricted level, then
  // the limit, each on its own. An import_url is a `git` import, and a source
  // left out of import_sources is a bare 403 (validate_import_source_enabled!).
  if (input.importUrl && instance && !instance.import_sources.includes('git')) {
    throw new ForbiddenError()
  }
  const restricted = restrictedVisibilityError(instance, caller, visibility)
  if (restricted) throw new InvalidError({ visibility_level: [restricted] })
  const limitReached = await personalProjectsLimitError(store, ports, ownerUserId, target)
  if (limitReached) {
    // POST /projects answers error!(limit_reached, 403); /projects/user/:id renders the model's errors.
    if (input.forUserId !== undefined) throw new InvalidError({ limit_reached: [limitReached] })
    throw new ForbiddenError(limitReached, LIMIT_REACHED)
  }
  const errors = new ErrorCollector()
  const content = initialContent(
    {
      ...input,
      defaultBranch: given.defaultBranch,
      instanceDefaultBranch: instance?.default_branch_name ?? undefined,
    },
    readmeFor({ name, description: given.description ?? null }),
    errors,
  )
  const avatar = input.avatar ? validateAvatar(input.avatar, errors) : undefined
  validateName(name, errors)
  validatePath(path, errors)
  const subClaim = given.settings.ciIdTokenSubClaimComponents
  if (subClaim !== undefined) validateSubClaimComponents(subClaim, errors)
  validateTextLimits(given, errors)
  const givenSettings = adminOnlySettings(caller, given.settings, errors)
  const taken = await store.taken(target.namespace.id, name, path)
  if (taken.name) errors.add('name', TAKEN)
  if (taken.path) errors.add('path', TAKEN)
  const visibilityProblem = visibilityError(visibility, target)
  if (visibilityProblem) errors.add('visibility_level', visibilityProblem)
  if (!errors.empty) throw new InvalidError(errors.toJSON())

  const defaultBranch = content.defaultBranch
  const topics = cleanTopics(given.topics ?? [])
  const draft: NewProject = {
    namespace: target.namespace,
    name,
    path,
    fullPath: `${target.namespace.fullPath}/${path}`,
    description: given.description ?? null,
    visibility,
    creatorId: ownerUserId,
    defaultBranch,
    archived: false,
    importUrl: input.importUrl ?? null,
    // A template's files are committed before the answer: its import has finished.
    importType: input.importUrl ? 'git' : (content.importType ?? null),
    importStatus: content.importType ? 'finished' : 'none',
    importError: null,
    starCount: 0,
    forkedFromProjectId: null,
    features: { ...defaultFeatureLevels(visibility), ...definedOnly(given.features) },
    flags: { ...FLAG_DEFAULTS, ...definedOnly(given.flags) },
    settings: {
      ...SCALAR_DEFAULTS,
      ...definedOnly(givenSettings),
      containerExpirationPolicy: {
        ...SCALAR_DEFAULTS.containerExpirationPolicy,
        ...definedOnly(given.containerExpirationPolicy),
      },
    },
    runnersToken: newRunnersToken(),
    avatarFilename: avatar?.filename ?? null,
    repositoryObjectFormat: content.objectFormat,
  }
  let id: number
  try {
    id = await store.insert(draft, topics, ownerUserId, avatar && { kind: 'set', avatar })
  } catch (error) {
    // Another request took the path between the check and the insert.
    if (isUniqueViolation(error)) throw new InvalidError({ path: [TAKEN] })
    throw error
  }

  // The row commits first: the membership and the repository are keyed by
  // the id the insert hands out, and neither can join this database's
  // transaction. So instead of a distributed commit, creation compensates:
  // when a later step fails, undoCreation removes whatever may exist and the
  // original error is answered. The README commit comes last, so that a push
  // event is published only once nothing else can fail.
  const member = creatorMembership(target, ownerUserId)
  try {
    if (member) {
      await ports.identity.addProjectMember(
        caller.userId,
        id,
        target.namespace.id,
        member.userId,
        member.accessLevel,
      )
    }
    await ports.repository.createRepository({
      projectId: id,
      fullPath: draft.fullPath,
      defaultBranch,
      objectFormat: content.objectFormat,
      initialCommit: content.commit,
      authorId: ownerUserId,
    })
  } catch (error) {
    const created = { projectId: id, actorId: caller.userId, memberUserId: member?.userId }
    await undoCreation(store, ports, created, onUndoFailure)
    throw error
  }

  const project = await store.findById(id)
  if (!project) throw new Error(`project ${id} vanished after its creation`)
  return withAccess(project, caller, await callerMemberships(ports.identity, caller))
}
